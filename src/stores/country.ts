/** The shopper's country and VAT mode, under the spec's localStorage names (§3). */
import { persistentAtom } from '@nanostores/persistent';
import { storedString } from './stored.ts';

export const countryId = persistentAtom<string>('country_id', '');
export const taxTitle = persistentAtom<string>('tax_title', '');
/** The selected country's ISO code (the "country" the dropdown stores). */
export const countryCode = persistentAtom<string>('country', '');
export const excludeVAT = storedString('excludeVAT');
export const isCompany = storedString('isCompany');

/** The shopper's country: the stored one when it is one of the shop's, else the shop's default. */
export function selectedCountry(stored: string, countries: readonly number[], fallback: number): number {
  const id = Number(stored);
  return Number.isInteger(id) && countries.includes(id) ? id : fallback;
}

export function selectCountry(c: { id: number; taxTitle: string; isoalpha2: string }): void {
  countryCode.set(c.isoalpha2);
  taxTitle.set(c.taxTitle);
  countryId.set(String(c.id));
}
