/** Address book (list, add, edit, delete, set default) and states per country. */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../lib/errors.ts';
import { idParam, invalid, route, type CustomerRow } from '../middleware/route.ts';
import { addressIssues, addressItem, insertAddress, type AddressRow } from '../services/address.ts';
import { countryLocale, pricing, pickTitle } from '../services/pricing.ts';

const MAX_ADDRESSES = 100;

/** The address if it belongs to the customer; another customer's address is 'Address not found'. */
function ownAddress(deps: Deps, id: number, customer: CustomerRow): AddressRow {
  const row = deps.sql('SELECT * FROM address WHERE id = ? AND customer_id = ?').get(id, customer.id) as AddressRow | undefined;
  if (!row) throw new HttpError(404, ERRORS.addressNotFound);
  return row;
}

function defaultId(deps: Deps, customerId: number): number | null {
  return (deps.sql('SELECT default_address_id FROM customer WHERE id = ?').get(customerId) as { default_address_id: number | null }).default_address_id;
}

export function registerAddress(app: Hono, deps: Deps) {
  route(app, deps, 'addressList', ({ query, customer }) => {
    if (query.customer_id !== customer!.id) throw new HttpError(403, ERRORS.forbidden);
    const rows = deps.sql('SELECT * FROM address WHERE customer_id = ? ORDER BY id LIMIT ?').all(customer!.id, query.limit) as unknown as AddressRow[];
    const def = customer!.default_address_id;
    return { AddressItems: rows.map((r) => addressItem(deps, r, def)) };
  });

  route(
    app,
    deps,
    'addressCreate',
    ({ body, customer }) => {
      const me = customer!;
      if (body.customer_id !== undefined && body.customer_id !== me.id) throw new HttpError(403, ERRORS.forbidden);
      const issues = addressIssues(deps, body);
      if (issues.length) throw invalid(issues, ERRORS.addAddressFailed);
      const row = transaction(deps.db, () => {
        const count = (deps.sql('SELECT COUNT(*) AS n FROM address WHERE customer_id = ?').get(me.id) as { n: number }).n;
        if (count >= MAX_ADDRESSES) throw new HttpError(409, ERRORS.addAddressFailed, [{ field: 'customer_id', message: `at most ${MAX_ADDRESSES} addresses` }]);
        const id = insertAddress(deps, me.id, body);
        if (body.is_default || defaultId(deps, me.id) === null) deps.sql('UPDATE customer SET default_address_id = ? WHERE id = ?').run(id, me.id);
        return deps.sql('SELECT * FROM address WHERE id = ?').get(id) as unknown as AddressRow;
      });
      return { status_code: 200 as const, data: addressItem(deps, row, defaultId(deps, me.id)) };
    },
    { invalidMessage: ERRORS.addAddressFailed },
  );

  route(
    app,
    deps,
    'addressUpdate',
    ({ body, params, customer }) => {
      const me = customer!;
      const id = idParam(params.id, new HttpError(404, ERRORS.addressNotFound));
      ownAddress(deps, id, me);
      const issues = addressIssues(deps, body);
      if (issues.length) throw invalid(issues, ERRORS.updateAddressFailed);
      deps
        .sql(
          `UPDATE address SET label = ?, title = ?, firstname = ?, lastname = ?, company = ?, address1 = ?, address2 = ?, address3 = ?, zipcode = ?,
           city = ?, country_id = ?, state_id = ?, phone = ?, cellphone = ? WHERE id = ? AND customer_id = ?`,
        )
        .run(
          body.label,
          body.title,
          body.firstname,
          body.lastname,
          body.company ?? null,
          body.address1,
          body.address2,
          body.address3 ?? null,
          body.zipcode.trim(),
          body.city,
          body.country_id,
          body.state_id ?? null,
          body.phone.trim(),
          body.cellphone?.trim() || null,
          id,
          me.id,
        );
      if (body.is_default) deps.sql('UPDATE customer SET default_address_id = ? WHERE id = ?').run(id, me.id);
      return { status_code: 200 as const, data: addressItem(deps, ownAddress(deps, id, me), defaultId(deps, me.id)) };
    },
    { invalidMessage: ERRORS.updateAddressFailed },
  );

  route(app, deps, 'addressDelete', ({ params, customer }) => {
    const me = customer!;
    const customerId = idParam(params.customerId, new HttpError(403, ERRORS.forbidden));
    if (customerId !== me.id) throw new HttpError(403, ERRORS.forbidden);
    const id = idParam(params.addressId, new HttpError(404, ERRORS.addressNotFound));
    ownAddress(deps, id, me);
    if (defaultId(deps, me.id) === id) throw new HttpError(409, ERRORS.deleteAddressFailed, [{ field: 'addressId', message: 'the default address cannot be deleted' }]);
    deps.sql('DELETE FROM address WHERE id = ? AND customer_id = ?').run(id, me.id);
    return { status_code: 200 as const, message: 'Address deleted' };
  });

  route(app, deps, 'addressSetDefault', ({ params, customer }) => {
    const me = customer!;
    const id = idParam(params.id, new HttpError(404, ERRORS.addressNotFound));
    const row = ownAddress(deps, id, me);
    deps.sql('UPDATE customer SET default_address_id = ? WHERE id = ?').run(id, me.id);
    return { status_code: 200 as const, data: addressItem(deps, row, id) };
  });

  route(app, deps, 'states', ({ params }) => {
    const countryId = idParam(params.countryId, new HttpError(404, ERRORS.countryNotFound));
    if (!pricing(deps).countryExists(countryId)) throw new HttpError(404, ERRORS.countryNotFound);
    const locale = countryLocale(countryId);
    const rows = deps.sql('SELECT id, isocode, titles FROM state WHERE country_id = ? ORDER BY id').all(countryId) as { id: number; isocode: string; titles: string }[];
    return { status_code: 200 as const, data: rows.map((r) => ({ id: r.id, isocode: r.isocode, title: pickTitle(r.titles, locale) })) };
  });
}
