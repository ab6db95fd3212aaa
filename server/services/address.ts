/**
 * Address rules (spec §5) that need the country: postcode format (Thelia's zip_code_format:
 * N digit, L letter, C the country's ISO code), phone 3-20 digits/spaces/plus and, for an
 * international number, the country's dialling prefix; a state when the country has states.
 */
import type { z } from 'zod';
import type { AddressInput, AddressItem } from '../../src/api/contract/address.ts';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import type { Issue } from '../lib/errors.ts';
import { countryLocale, pricing, pickTitle } from './pricing.ts';

export type AddressData = z.output<typeof AddressInput>;

export const PHONE_PREFIX: Record<string, string> = { DE: '49', AT: '43', RO: '40' };
export const PHONE_MESSAGE = 'Phone number must have 3-20 digits, spaces or +';
export const PHONE_COUNTRY_MESSAGE = 'Phone number is invalid for the selected country';
export const ZIP_MESSAGE = 'Invalid postal format';

export interface AddressRow {
  id: number;
  customer_id: number;
  label: string;
  title: number;
  firstname: string;
  lastname: string;
  company: string | null;
  address1: string;
  address2: string;
  address3: string | null;
  zipcode: string;
  city: string;
  country_id: number;
  state_id: number | null;
  phone: string;
  cellphone: string | null;
}

function zipRegex(format: string | null, iso: string): RegExp | null {
  if (!format) return null;
  const body = [...format].map((ch) => (ch === 'N' ? '\\d' : ch === 'L' ? '[A-Za-z]' : ch === 'C' ? iso : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

export function phoneProblem(phone: string, iso: string): string | null {
  if (!/^\+?[0-9 ]{3,20}$/.test(phone) || (phone.match(/\d/g) ?? []).length < 3) return PHONE_MESSAGE;
  const compact = phone.replace(/\s/g, '');
  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null;
  const prefix = PHONE_PREFIX[iso];
  if (international !== null && prefix && !international.startsWith(prefix)) return PHONE_COUNTRY_MESSAGE;
  // Romanian national numbers: 0 and 9 digits
  if (iso === 'RO' && international === null && !/^0\d{9}$/.test(compact)) return PHONE_COUNTRY_MESSAGE;
  return null;
}

/** The country-dependent problems of an address (the shape itself is checked by the schema). */
export function addressIssues(deps: Deps, a: AddressData): Issue[] {
  const issues: Issue[] = [];
  const country = deps.sql('SELECT id, isoalpha2, need_zip, zip_format FROM country WHERE id = ?').get(a.country_id) as
    | { id: number; isoalpha2: string; need_zip: number; zip_format: string | null }
    | undefined;
  if (!country) return [{ field: 'country_id', message: ERRORS.countryNotFound }];
  const zip = zipRegex(country.zip_format, country.isoalpha2);
  if (zip && !zip.test(a.zipcode.trim())) issues.push({ field: 'zipcode', message: ZIP_MESSAGE });
  const phone = phoneProblem(a.phone.trim(), country.isoalpha2);
  if (phone) issues.push({ field: 'phone', message: phone });
  if (a.cellphone && a.cellphone.trim()) {
    const cell = phoneProblem(a.cellphone.trim(), country.isoalpha2);
    if (cell) issues.push({ field: 'cellphone', message: cell });
  }
  const states = (deps.sql('SELECT COUNT(*) AS n FROM state WHERE country_id = ?').get(country.id) as { n: number }).n;
  if (states > 0) {
    if (a.state_id === undefined) issues.push({ field: 'state_id', message: 'is required' });
    else if (!deps.sql('SELECT 1 FROM state WHERE id = ? AND country_id = ?').get(a.state_id, country.id)) issues.push({ field: 'state_id', message: 'is not a state of the country' });
  } else if (a.state_id !== undefined) issues.push({ field: 'state_id', message: 'is not a state of the country' });
  return issues;
}

export function insertAddress(deps: Deps, customerId: number, a: AddressData): number {
  return Number(
    deps
      .sql(
        `INSERT INTO address (customer_id, label, title, firstname, lastname, company, address1, address2, address3, zipcode, city, country_id, state_id, phone, cellphone)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(customerId, a.label, a.title, a.firstname, a.lastname, a.company ?? null, a.address1, a.address2, a.address3 ?? null, a.zipcode.trim(), a.city, a.country_id, a.state_id ?? null, a.phone.trim(), a.cellphone?.trim() || null)
      .lastInsertRowid,
  );
}

export function countryTitle(deps: Deps, countryId: number, locale?: string): string {
  const row = deps.sql('SELECT titles FROM country WHERE id = ?').get(countryId) as { titles: string } | undefined;
  return pickTitle(row?.titles, locale ?? countryLocale(countryId));
}

export function stateTitle(deps: Deps, stateId: number | null, locale: string): string | null {
  if (stateId === null) return null;
  const row = deps.sql('SELECT titles FROM state WHERE id = ?').get(stateId) as { titles: string } | undefined;
  return row ? pickTitle(row.titles, locale) : null;
}

export function addressItem(deps: Deps, a: AddressRow, defaultId: number | null): AddressItem {
  const locale = countryLocale(a.country_id);
  return {
    ID: a.id, CUSTOMER_ID: a.customer_id, LABEL: a.label, TITLE: a.title, FIRSTNAME: a.firstname, LASTNAME: a.lastname, COMPANY: a.company,
    ADDRESS1: a.address1, ADDRESS2: a.address2, ADDRESS3: a.address3, ZIPCODE: a.zipcode, CITY: a.city, COUNTRY_ID: a.country_id,
    COUNTRY_TITLE: countryTitle(deps, a.country_id, locale), STATE_ID: a.state_id, STATE_TITLE: stateTitle(deps, a.state_id, locale), PHONE: a.phone,
    CELLPHONE: a.cellphone, IS_DEFAULT: a.id === defaultId,
  };
}
