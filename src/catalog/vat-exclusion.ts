/**
 * Who buys without VAT ("VAT 0%", reverse charge): one rule for the shop API (cart, delivery
 * costs, orders) and the browser (price display, mini cart, checkout). Pure and browser-safe.
 * Decision record: docs/decisions/0006-vat-exclusion.md.
 *
 * Net prices are for a company with a valid VAT number of another EU member state than the
 * shop's country, for goods delivered to that member state (an intra-community supply). A company
 * at home (VAT number of the shop's own country), a delivery to any other country than the VAT
 * number's, a private customer, or a company that did not ask for it pays VAT.
 */

/** EU member states by ISO 3166 alpha-2 (the country table's `isoalpha2`). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** A VAT number as checked: upper case, without spaces, dots, hyphens or slashes ("de 136.695-976" -> "DE136695976"). */
export const normalizeVat = (v: string): string => v.toUpperCase().replace(/[\s.\-/]/g, '');

/**
 * What is wrong with a company's VAT number as typed, before it is checked: none given, or
 * shorter than the locale's `vat_min_length` (normalised). The register form and the checkout
 * say it in their words; the check itself is the API's (`vat/check`).
 */
export function vatNumberIssue(raw: string, minLength: number): 'required' | 'tooShort' | null {
  const vat = normalizeVat(raw);
  if (!vat) return 'required';
  return vat.length < minLength ? 'tooShort' : null;
}

/** The member state of a VAT number by its prefix ("ATU13585627" -> "AT"; Greece's prefix EL -> GR), or null. */
export function vatNumberCountry(vatNumber: string | null | undefined): string | null {
  const prefix = (vatNumber ?? '').trim().toUpperCase().slice(0, 2);
  const iso = prefix === 'EL' ? 'GR' : prefix;
  return EU_COUNTRIES.has(iso) ? iso : null;
}

export interface VatExclusionInput {
  /** The customer is a company (registered as one). */
  isCompany: boolean;
  /** The company asked to buy without VAT. */
  requested: boolean;
  /** The company's VAT number as checked at registration (null: none or not valid). */
  vatNumber: string | null | undefined;
  /** ISO alpha-2 of the shop's country (the seller's). */
  shopCountry: string | null | undefined;
  /** ISO alpha-2 of the delivery country. */
  deliveryCountry: string | null | undefined;
}

export type VatExclusionReason = 'granted' | 'not-company' | 'not-requested' | 'no-vat-number' | 'home-country' | 'other-delivery-country';

/** Whether the order goes without VAT, and why (for messages, tests and logs). */
export function vatExclusion(input: VatExclusionInput): { excluded: boolean; reason: VatExclusionReason } {
  const no = (reason: VatExclusionReason) => ({ excluded: false, reason });
  if (!input.isCompany) return no('not-company');
  if (!input.requested) return no('not-requested');
  const vatCountry = vatNumberCountry(input.vatNumber);
  if (!vatCountry) return no('no-vat-number');
  const shop = (input.shopCountry ?? '').toUpperCase();
  if (vatCountry === shop) return no('home-country');
  if (vatCountry !== (input.deliveryCountry ?? '').toUpperCase()) return no('other-delivery-country');
  return { excluded: true, reason: 'granted' };
}

/** Shorthand: true when the order goes without VAT. */
export function excludesVat(input: VatExclusionInput): boolean {
  return vatExclusion(input).excluded;
}
