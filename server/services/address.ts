/**
 * Addresses: the rules of spec §5 that need the country (postcode format, phone for the country,
 * state) come from the shared src/api/contract/address-rules.ts; storage and the API's items here.
 */
import type { z } from 'zod';
import type { AddressInput, AddressItem } from '../../src/api/contract/address.ts';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import type { Issue } from '../lib/errors.ts';
import { countryLocale, pickTitle } from './pricing.ts';
import { ADDRESS_PROBLEM_TEXT, addressProblems } from '../../src/api/contract/address-rules.ts';

export type AddressData = z.output<typeof AddressInput>;

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

/** The country-dependent problems of an address (the shape itself is checked by the schema),
 *  by the shared rules of src/api/contract/address-rules.ts (the browser's address form uses the same). */
export function addressIssues(deps: Deps, a: AddressData): Issue[] {
  const country = deps.sql('SELECT id, isoalpha2, need_zip, zip_format FROM country WHERE id = ?').get(a.country_id) as
    | { id: number; isoalpha2: string; need_zip: number; zip_format: string | null }
    | undefined;
  if (!country) return [{ field: 'country_id', message: ERRORS.countryNotFound }];
  const stateIds = (deps.sql('SELECT id FROM state WHERE country_id = ?').all(country.id) as { id: number }[]).map((r) => r.id);
  const problems = addressProblems(a, [{ id: country.id, isoalpha2: country.isoalpha2, zipFormat: country.zip_format, stateIds }]);
  return (['zipcode', 'phone', 'cellphone', 'state_id'] as const).flatMap((field) => {
    const p = problems[field];
    return p ? [{ field, message: ADDRESS_PROBLEM_TEXT[p] }] : [];
  });
}

export function insertAddress(deps: Deps, customerId: number, a: AddressData): number {
  return Number(
    deps
      .sql(
        `INSERT INTO address (customer_id, label, title, firstname, lastname, company, address1, address2, address3, zipcode, city, country_id, state_id, phone, cellphone)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        customerId,
        a.label,
        a.title,
        a.firstname,
        a.lastname,
        a.company ?? null,
        a.address1,
        a.address2,
        a.address3 ?? null,
        a.zipcode.trim(),
        a.city,
        a.country_id,
        a.state_id ?? null,
        a.phone.trim(),
        a.cellphone?.trim() || null,
      ).lastInsertRowid,
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
    ID: a.id,
    CUSTOMER_ID: a.customer_id,
    LABEL: a.label,
    TITLE: a.title,
    FIRSTNAME: a.firstname,
    LASTNAME: a.lastname,
    COMPANY: a.company,
    ADDRESS1: a.address1,
    ADDRESS2: a.address2,
    ADDRESS3: a.address3,
    ZIPCODE: a.zipcode,
    CITY: a.city,
    COUNTRY_ID: a.country_id,
    COUNTRY_TITLE: countryTitle(deps, a.country_id, locale),
    STATE_ID: a.state_id,
    STATE_TITLE: stateTitle(deps, a.state_id, locale),
    PHONE: a.phone,
    CELLPHONE: a.cellphone,
    IS_DEFAULT: a.id === defaultId,
  };
}
