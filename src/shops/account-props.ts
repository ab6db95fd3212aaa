/**
 * What the account and checkout islands need of the shop at build time: the money format, the
 * locale, and the countries an address may be in with their postcode format and whether they have
 * states (the export's countries).
 */
import { catalog, shop } from './current.ts';

export interface AccountCountry {
  id: number;
  isoalpha2: string;
  title: string;
  zipFormat: string | null;
  hasStates: boolean;
}

export function accountProps() {
  const exported = catalog.countries();
  const countries: AccountCountry[] = shop.countries.map((c) => {
    const e = exported.find((x) => x.id === c.id);
    const title = e ? (e.title[shop.locale] ?? Object.values(e.title)[0] ?? c.isoalpha2) : c.isoalpha2;
    return { id: c.id, isoalpha2: c.isoalpha2, title, zipFormat: e?.zipCodeFormat ?? null, hasStates: (e?.states.length ?? 0) > 0 };
  });
  return {
    money: { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang },
    locale: shop.locale,
    countryId: shop.countryId,
    vatMinLength: shop.vatMinLength,
    countries,
  };
}
