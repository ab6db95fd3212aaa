/**
 * What the account and checkout islands need of the shop at build time: the money format, the
 * locale, and the countries an address may be in with their postcode format and whether they have
 * states (the export's countries).
 */
import { catalog, shop } from './current.ts';
import type { CartPageCountry } from '../islands/cart/use-cart.ts';

export interface AccountCountry {
  id: number;
  isoalpha2: string;
  title: string;
  zipFormat: string | null;
  hasStates: boolean;
}

/** The shop's countries with the export's record of each and its name in the shop's language. */
function shopCountries() {
  const exported = catalog.countries();
  return shop.countries.map((c) => {
    const e = exported.find((x) => x.id === c.id);
    const title = e ? (e.title[shop.locale] ?? Object.values(e.title)[0] ?? c.isoalpha2) : c.isoalpha2;
    return { c, e, title };
  });
}

/**
 * The countries of the cart page and the checkout: the header's (id, code, tax title) and the
 * name the pages show ("delivery to Austria"), made here once rather than by the browser's
 * Intl.DisplayNames, whose region data took 20-90 ms to load on the page's first render.
 */
export function cartPageCountries(): CartPageCountry[] {
  return shopCountries().map(({ c, title }) => ({ id: c.id, isoalpha2: c.isoalpha2, taxTitle: c.taxTitle, title }));
}

export function accountProps() {
  const countries: AccountCountry[] = shopCountries().map(({ c, e, title }) => ({
    id: c.id,
    isoalpha2: c.isoalpha2,
    title,
    zipFormat: e?.zipCodeFormat ?? null,
    hasStates: (e?.states.length ?? 0) > 0,
  }));
  return {
    money: { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang },
    locale: shop.locale,
    countryId: shop.countryId,
    vatMinLength: shop.vatMinLength,
    countries,
  };
}
