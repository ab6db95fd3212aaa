/**
 * The address rules of spec §5, pure and shared: the browser's address form and the shop API
 * (server/services/address.ts) apply exactly these, so a form the browser accepts is never
 * refused by the server for a rule the shopper was not told about, and the other way round.
 *
 * - required: label, names (at least 2 characters), street name (address1), street number
 *   (address2), postcode, city, country, phone, and the state when the country has states;
 * - phone: 3-20 digits, spaces or plus (the spec's message says "9-20" while its rule is 3-20:
 *   3-20 is applied and said), and valid for the country: an international number carries the
 *   country's dialling code (+49, +43, +40); a Romanian national number is 0 and 9 digits;
 * - postcode: Thelia's zip_code_format of the country (N digit, L letter, C the ISO code):
 *   DE NNNNN, AT NNNN, RO NNNNNN in the export.
 *
 * libphonenumber-js (minimal metadata) was weighed for the phone check: `isValidPhoneNumber` from
 * 'libphonenumber-js/min' bundles to 124 KB minified, 29 KB gzipped (esbuild, measured): more
 * than a third of the account page's JS budget, for three countries whose rule fits in these
 * lines, so it is not used.
 */

export type AddressProblem = 'required' | 'minLength' | 'zipFormat' | 'phoneFormat' | 'phoneCountry' | 'stateRequired' | 'stateInvalid';

/** The server's texts for each problem (docs/api.md, the `issues` of a refused address). */
export const ADDRESS_PROBLEM_TEXT: Record<AddressProblem, string> = {
  required: 'is required',
  minLength: 'must be at least 2 characters',
  zipFormat: 'Invalid postal format',
  phoneFormat: 'Phone number must have 3-20 digits, spaces or +',
  phoneCountry: 'Phone number is invalid for the selected country',
  stateRequired: 'is required',
  stateInvalid: 'is not a state of the country',
};

export const PHONE_PREFIX: Readonly<Record<string, string>> = { DE: '49', AT: '43', RO: '40' };

/** What the rules need to know about a country. */
export interface AddressCountry {
  id: number;
  isoalpha2: string;
  /** Thelia's zip_code_format (NNNNN), or null for no format check. */
  zipFormat: string | null;
  /** The ids of its states (empty: the country has none). */
  stateIds: readonly number[];
}

/** The address fields the rules look at (the form's values, or the server's parsed input). */
export interface AddressValues {
  label?: string;
  firstname?: string;
  lastname?: string;
  address1?: string;
  address2?: string;
  zipcode?: string;
  city?: string;
  country_id?: number | string;
  state_id?: number | string | null;
  phone?: string;
  cellphone?: string | null;
}

export type AddressField = keyof AddressValues;

/** The regular expression of a Thelia zip_code_format, or null when the country has none. */
export function zipPattern(format: string | null | undefined, iso: string): RegExp | null {
  if (!format) return null;
  const body = [...format].map((ch) => (ch === 'N' ? '\\d' : ch === 'L' ? '[A-Za-z]' : ch === 'C' ? iso : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

export function zipProblem(zip: string, country: Pick<AddressCountry, 'isoalpha2' | 'zipFormat'>): AddressProblem | null {
  const z = zip.trim();
  if (!z) return 'required';
  const re = zipPattern(country.zipFormat, country.isoalpha2);
  return re && !re.test(z) ? 'zipFormat' : null;
}

/** Phone rule: 3-20 digits/spaces/plus, then valid for the country (see the module comment). */
export function phoneProblem(phone: string, iso: string): AddressProblem | null {
  const p = phone.trim();
  if (!p) return 'required';
  if (!/^\+?[0-9 ]{3,20}$/.test(p) || (p.match(/\d/g) ?? []).length < 3) return 'phoneFormat';
  const compact = p.replace(/\s/g, '');
  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null;
  const prefix = PHONE_PREFIX[iso];
  if (international !== null && prefix && !international.startsWith(prefix)) return 'phoneCountry';
  if (iso === 'RO' && international === null && !/^0\d{9}$/.test(compact)) return 'phoneCountry';
  return null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));

/** Field order of the form: the first problem in this order gets the focus. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'label',
  'firstname',
  'lastname',
  'address1',
  'address2',
  'zipcode',
  'city',
  'country_id',
  'state_id',
  'phone',
  'cellphone',
];

/**
 * Every problem of an address, by field (empty: the address is good). `countries` are the ones
 * the address may be in; an unknown country is 'required'.
 */
export function addressProblems(values: AddressValues, countries: readonly AddressCountry[]): Partial<Record<AddressField, AddressProblem>> {
  const out: Partial<Record<AddressField, AddressProblem>> = {};
  for (const f of ['label', 'address1', 'address2', 'city'] as const) if (!text(values[f])) out[f] = 'required';
  for (const f of ['firstname', 'lastname'] as const) {
    const v = text(values[f]);
    if (!v) out[f] = 'required';
    else if (v.length < 2) out[f] = 'minLength';
  }
  const country = countries.find((c) => c.id === Number(values.country_id));
  if (!country) {
    out.country_id = 'required';
    if (!text(values.zipcode)) out.zipcode = 'required';
    if (!text(values.phone)) out.phone = 'required';
    return out;
  }
  const zip = zipProblem(text(values.zipcode), country);
  if (zip) out.zipcode = zip;
  const phone = phoneProblem(text(values.phone), country.isoalpha2);
  if (phone) out.phone = phone;
  const cell = text(values.cellphone);
  if (cell) {
    const p = phoneProblem(cell, country.isoalpha2);
    if (p) out.cellphone = p;
  }
  const state = text(values.state_id);
  if (country.stateIds.length > 0) {
    if (!state) out.state_id = 'stateRequired';
    else if (!country.stateIds.includes(Number(state))) out.state_id = 'stateInvalid';
  } else if (state) out.state_id = 'stateInvalid';
  return out;
}

/** The first field with a problem, in form order (for the focus). */
export function firstProblemField<F extends string>(problems: Partial<Record<F, unknown>>, order: readonly F[]): F | null {
  return order.find((f) => problems[f] !== undefined) ?? null;
}
