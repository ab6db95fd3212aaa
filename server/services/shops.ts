/**
 * The shops' countries, read from their configurations (src/shops/*.json), never hard-coded: the
 * shop whose home country a country is (its locale names titles), the shop a customer belongs to
 * (by the locale it registered with), and the seller's country for the VAT rule.
 */
import { allShops, type ShopConfig } from '../../src/shops/index.ts';

let shops: ShopConfig[] | null = null;
const all = (): ShopConfig[] => (shops ??= allShops());

/** The locale of the shop whose home country this is (5 -> de_DE), else undefined. */
export function localeOfCountry(countryId: number): string | undefined {
  return all().find((s) => s.countryId === countryId)?.locale;
}

/** The shop of a customer's locale: de_DE, de_AT, ro_RO name one shop; 'ro' the Romanian one;
 *  anything else (missing, 'de', 'en') the shop of the default country. */
export function shopOfLocale(locale: string | null | undefined, defaultCountryId: number): ShopConfig {
  const list = all();
  const byLocale = list.find((s) => s.locale === locale) ?? (locale ? list.filter((s) => s.language === locale) : []).find((_, __, a) => a.length === 1);
  return byLocale ?? list.find((s) => s.countryId === defaultCountryId) ?? list[0]!;
}

/** ISO alpha-2 of a shop's home country (from its country list). */
export function shopCountryIso(shop: ShopConfig): string | undefined {
  return shop.countries.find((c) => c.id === shop.countryId)?.isoalpha2;
}

/** Home countries of the shops in a language ('de' -> Germany and Austria). */
export function homeCountriesOfLanguage(language: 'de' | 'ro'): number[] {
  return all()
    .filter((s) => s.language === language)
    .map((s) => s.countryId);
}
