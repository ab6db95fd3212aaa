/**
 * Customers: login, register (private, company, guest as a private buyer or a company), refreshToken, changePassword,
 * forgot/reset password, customer lookup and update, VAT check. Newsletter: newsletter.ts.
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { registersCompany, titleLabel, type CustomerItem } from '../../src/api/contract/customer.ts';
import { isoNow, type Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { hashPassword, issueToken, randomToken, verifyPassword } from '../lib/auth.ts';
import { HttpError } from '../lib/errors.ts';
import { mailLanguage, passwordResetMail } from '../lib/mail-texts.ts';
import { checkVat } from '../lib/vat.ts';
import { invalid, route, type CustomerRow } from '../middleware/route.ts';
import { addressIssues, countryTitle, insertAddress, stateTitle, type AddressRow } from '../services/address.ts';
import { accountKey, checkThrottle, clientKey, forgive, recordAttempt } from '../services/login-throttle.ts';
import { countryLocale } from '../services/pricing.ts';
import { shopCountryIso, shopOfLocale } from '../services/shops.ts';
import { vatNumberCountry } from '../../src/catalog/vat-exclusion.ts';
import { isSubscribed, subscribe, subscribeAndMail, unsubscribe } from '../services/newsletter.ts';

const RESET_SECONDS = 3600;

export function customerItem(deps: Deps, c: CustomerRow): CustomerItem {
  const a = c.default_address_id ? (deps.sql('SELECT * FROM address WHERE id = ?').get(c.default_address_id) as AddressRow | undefined) : undefined;
  const locale = a ? countryLocale(a.country_id) : 'de_DE';
  return {
    ID: c.id,
    ADDRESS_ID: a?.id ?? null,
    EMAIL: c.email,
    FIRSTNAME: c.firstname,
    LASTNAME: c.lastname,
    REF: c.ref,
    COMPANY: c.company,
    TITLE: c.title,
    TITLE_LABEL: titleLabel(c.title),
    IS_COMPANY: c.is_company === 1,
    EXCLUDE_VAT: c.exclude_vat === 1,
    VAT_NUMBER: c.vat_number,
    EXPRESS: c.express === 1,
    IS_ADMIN: c.is_admin === 1,
    ADDRESS_FIRSTNAME: a?.firstname ?? null,
    ADDRESS_LASTNAME: a?.lastname ?? null,
    ADDRESS1: a?.address1 ?? null,
    ADDRESS2: a?.address2 ?? null,
    ADDRESS3: a?.address3 ?? null,
    CITY: a?.city ?? null,
    COUNTRY_TITLE: a ? countryTitle(deps, a.country_id, locale) : null,
    COUNTRY_ID: a?.country_id ?? null,
    STATE_TITLE: a ? stateTitle(deps, a.state_id, locale) : null,
    STATE_ID: a?.state_id ?? null,
    CELLPHONE: a?.cellphone ?? null,
    PHONE: a?.phone ?? null,
    ZIPCODE: a?.zipcode ?? null,
    ADDRESS_TITLE_ID: a?.title ?? null,
    NEWSLETTER: isSubscribed(deps, c.email),
  };
}

export function session(deps: Deps, c: CustomerRow) {
  const { token, payload } = issueToken(deps.config.secret, c.id, c.token_version, deps.now(), deps.config.tokenSeconds);
  return {
    status_code: 200 as const,
    data: {
      token,
      expiresAt: new Date(payload.exp * 1000).toISOString(),
      customer_id: c.id,
      address_id: c.default_address_id,
      user_identifier: c.ref,
      customer: customerItem(deps, c),
    },
  };
}

function customerById(deps: Deps, id: number): CustomerRow {
  return deps.sql('SELECT * FROM customer WHERE id = ?').get(id) as unknown as CustomerRow;
}

export function registerCustomer(app: Hono, deps: Deps) {
  route(app, deps, 'login', async ({ body, client }) => {
    // throttled per e-mail (whether or not an account exists: nothing revealed) and per client
    // address, recorded before the (expensive) password check
    const account = accountKey(deps, body.email);
    const rows = recordAttempt(deps, [account, clientKey(deps, client)]);
    const c = deps.sql('SELECT * FROM customer WHERE email = ? AND express = 0').get(body.email) as CustomerRow | undefined;
    if (!(await verifyPassword(body.password, c?.password_hash ?? null)) || !c) throw new HttpError(401, ERRORS.wrongLogin);
    forgive(deps, account, rows);
    return session(deps, c);
  });

  route(
    app,
    deps,
    'register',
    async ({ body }) => {
      let excludeVat = false;
      let vatNumber: string | null = null;
      // a company, or a guest buying as one (it sent a VAT number): the same check, the same rule
      const company = registersCompany(body);
      if (company) {
        const vat = await checkVat(body.vat_number!, deps.config.vatChecker);
        if (vat.result === 'invalid') throw new HttpError(400, ERRORS.vatInvalid, [{ field: 'vat_number', message: ERRORS.vatInvalid }]);
        if (vat.result === 'error') throw new HttpError(503, ERRORS.vatError);
        vatNumber = vat.vatNumber;
        // a company at home pays VAT (docs/decisions/0006-vat-exclusion.md): asking for exclusion
        // with a VAT number of the shop's own country is not stored
        excludeVat = body.exclude_vat && vatNumberCountry(vat.vatNumber) !== shopCountryIso(shopOfLocale(body.locale, deps.config.defaultCountryId));
      }
      if (body.address) {
        const issues = addressIssues(deps, body.address).map((i) => ({ ...i, field: `address.${i.field}` }));
        if (issues.length) throw invalid(issues, ERRORS.registerFailed);
      }
      const guest = body.kind === 'guest';
      const passwordHash = guest ? null : await hashPassword(body.password!);
      const created = transaction(deps.db, () => {
        const account = deps.sql('SELECT id FROM customer WHERE email = ? AND express = 0').get(body.email);
        if (account) throw new HttpError(409, guest ? ERRORS.accountExists : ERRORS.emailExists);
        const now = isoNow(deps);
        const id = Number(
          deps
            .sql(
              `INSERT INTO customer (ref, email, password_hash, title, firstname, lastname, company, vat_number, is_company, exclude_vat, express, locale, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              `TMP-${randomToken(8)}`,
              body.email,
              passwordHash,
              company ? (body.title === 1 || body.title === 2 ? 3 : body.title) : body.title,
              body.firstname,
              body.lastname,
              body.company ?? null,
              vatNumber,
              company ? 1 : 0,
              excludeVat ? 1 : 0,
              guest ? 1 : 0,
              body.locale ?? null,
              now,
            ).lastInsertRowid,
        );
        deps.sql('UPDATE customer SET ref = ? WHERE id = ?').run(`CUS${String(id).padStart(9, '0')}`, id);
        if (body.address) {
          const addressId = insertAddress(deps, id, body.address);
          deps.sql('UPDATE customer SET default_address_id = ? WHERE id = ?').run(addressId, id);
        }
        if (body.cart_id !== undefined) deps.sql(`UPDATE cart SET customer_id = ? WHERE id = ? AND customer_id IS NULL AND status = 'open'`).run(id, body.cart_id);
        if (body.newsletter) subscribe(deps, body.email, body.firstname, body.lastname, body.locale);
        return customerById(deps, id);
      });
      return session(deps, created);
    },
    { invalidMessage: ERRORS.registerFailed },
  );

  route(app, deps, 'refreshToken', ({ body, customer }) => {
    if (body.customer_id === undefined || body.email === undefined) throw new HttpError(400, ERRORS.missingRefreshData);
    if (body.customer_id !== customer!.id || body.email !== customer!.email) throw new HttpError(401, ERRORS.refreshFailed);
    return session(deps, customer!);
  });

  route(app, deps, 'changePassword', async ({ body, customer, client }) => {
    const me = customer!;
    if (me.express) throw new HttpError(403, ERRORS.forbidden);
    // guessing the old password with a stolen token is throttled like a login
    const account = accountKey(deps, me.email);
    const rows = recordAttempt(deps, [account, clientKey(deps, client)]);
    if (!(await verifyPassword(body.old_password, me.password_hash))) throw new HttpError(401, ERRORS.wrongLogin);
    forgive(deps, account, rows);
    const hash = await hashPassword(body.password);
    // bumping token_version logs out every other session; the answer carries no token, the client logs in again
    deps.sql('UPDATE customer SET password_hash = ?, token_version = token_version + 1 WHERE id = ?').run(hash, me.id);
    return { status_code: 200 as const, message: 'Password changed' };
  });

  route(app, deps, 'forgotPassword', ({ body }) => {
    const c = deps.sql('SELECT id, email, firstname, locale FROM customer WHERE email = ? AND express = 0').get(body.email) as
      | { id: number; email: string; firstname: string; locale: string | null }
      | undefined;
    if (c) {
      const token = randomToken(24);
      deps
        .sql('INSERT INTO password_reset (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
        .run(createHash('sha256').update(token).digest('hex'), c.id, Math.floor(deps.now() / 1000) + RESET_SECONDS);
      const mail = passwordResetMail(mailLanguage(body.locale, c.locale), { firstname: c.firstname, link: `${deps.config.publicUrl}/forgot-password?token=${token}` });
      deps.mail({ to: c.email, ...mail });
    }
    return { status_code: 200 as const, message: 'If an account exists for this e-mail, a message has been sent' };
  });

  route(app, deps, 'resetPassword', async ({ body, client }) => {
    // cheap things first: the address's throttle and the token (one indexed lookup); the password
    // hash (scrypt, ~50 ms of a thread) only for a token that is valid, so a flood of bogus resets
    // costs nothing and is slowed per address
    const address = clientKey(deps, client);
    checkThrottle(deps, [address]);
    const hash = createHash('sha256').update(body.token).digest('hex');
    const usable = () => {
      const row = deps.sql('SELECT customer_id, expires_at, used FROM password_reset WHERE token_hash = ?').get(hash) as
        | { customer_id: number; expires_at: number; used: number }
        | undefined;
      return row && !row.used && row.expires_at * 1000 > deps.now() ? row : null;
    };
    if (!usable()) {
      recordAttempt(deps, [address]);
      throw new HttpError(400, ERRORS.invalidResetToken);
    }
    const passwordHash = await hashPassword(body.password);
    transaction(deps.db, () => {
      // again inside the transaction: a parallel reset may have used the token meanwhile
      const row = usable();
      if (!row) throw new HttpError(400, ERRORS.invalidResetToken);
      deps.sql('UPDATE password_reset SET used = 1 WHERE token_hash = ?').run(hash);
      deps.sql('UPDATE customer SET password_hash = ?, token_version = token_version + 1 WHERE id = ?').run(passwordHash, row.customer_id);
    });
    return { status_code: 200 as const, message: 'Password changed' };
  });

  route(app, deps, 'customerLookup', ({ query, customer }) => {
    // only the token's own record: a guest (express) customer may share an e-mail with an account
    // and must never see that account
    if (query.email !== customer!.email) throw new HttpError(403, ERRORS.forbidden);
    return { CustomerItems: [customerItem(deps, customer!)] };
  });

  route(app, deps, 'customerUpdate', ({ body, customer }) => {
    const me = customer!;
    deps
      .sql('UPDATE customer SET title = ?, firstname = ?, lastname = ?, company = ? WHERE id = ?')
      .run(body.title ?? me.title, body.firstname ?? me.firstname, body.lastname ?? me.lastname, body.company ?? me.company, me.id);
    // The customer's own e-mail (the token proves it): no signed link needed, and the state is theirs to see.
    if (body.newsletter === true && !isSubscribed(deps, me.email)) subscribeAndMail(deps, me.email, me.firstname, me.lastname, me.locale ?? undefined);
    if (body.newsletter === false) unsubscribe(deps, me.email);
    return { CustomerItems: [customerItem(deps, customerById(deps, me.id))] };
  });

  route(app, deps, 'vatCheck', async ({ body }) => {
    const r = await checkVat(body.vat_number, deps.config.vatChecker);
    const message = r.result === 'valid' ? 'VAT number is valid' : r.result === 'invalid' ? ERRORS.vatInvalid : ERRORS.vatError;
    return { status_code: 200 as const, data: { result: r.result, vat_number: r.vatNumber, country_code: r.countryCode, source: r.source, message } };
  });
}
