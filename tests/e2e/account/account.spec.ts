/**
 * Sign-in, sessions and the account area (issue 13) in Chromium against the built shops and the
 * shop API, de and ro: registration (private, company with VAT check and without VAT), logout and
 * login, wrong password, the token refreshed and expiring (fake clock), forgot-password through
 * the reset mail, the address book, the password change, an order with its PDF and the guest link,
 * the admin bar, the API down during the forms, axe at 390 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { fakeSession, storeSession } from '../setup/session.ts';
import { E2E } from '../setup/paths.ts';
import { behavioursLoaded } from '../setup/behaviours.ts';
import { F, aboutPath, expectNoSeriousViolations, prepare, url, type Shop } from '../cart/cart-helpers.ts';
import { apiCustomer, mailTo, makeAdmin, placeOrder, uniqueEmail, variantInStock } from './helpers.ts';
import de from '../../../messages/de.json' with { type: 'json' };
import ro from '../../../messages/ro.json' with { type: 'json' };

const T = { de, ro, at: de } as const;

// Each test drives several forms against the real API (password hashing included); the forms
// hydrate on the first interaction, which takes seconds on a loaded machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test.beforeEach(async ({ context }, info) => {
  const shop = (info.title.match(/^\[(de|ro|at)\]/)?.[1] ?? 'de') as Shop;
  await prepare(context, shop);
});

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function fillRegister(page: Page, v: { first: string; last: string; email: string; password: string }) {
  const form = page.locator('#panel-register');
  await form.locator('#register-firstname').fill(v.first);
  await form.locator('#register-lastname').fill(v.last);
  await form.locator('#register-email').fill(v.email);
  await form.locator('#register-email_confirm').fill(v.email);
  await form.locator('#register-password').fill(v.password);
  await form.locator('#register-password_confirm').fill(v.password);
}

test.describe('login and registration', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('[de] register a private customer, back to the remembered page; log out; wrong password; log in again', async ({ page }) => {
    const t = T.de;
    await page.goto(url('de', '/cart'));
    // Recorded by the chrome's behaviours, which load after the first paint (decision 0012).
    await expect.poll(() => stored(page, 'lastLocation')).toBe('/cart');
    await page.goto(url('de', '/login-register?tab=register'));
    await expect(page.locator('#panel-register')).toBeVisible();
    await expect(page.locator('#panel-login')).toBeHidden();
    // the rules first: names, e-mails, passwords; the first invalid field gets the focus
    const email = uniqueEmail('reg-de');
    await fillRegister(page, { first: 'E', last: 'Muster', email, password: 'abc' });
    await page.locator('#register-email_confirm').fill('other@example.com');
    await page.locator('#main').getByRole('button', { name: t.account_registerSubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.account_formErrors })).toBeVisible();
    await expect(page.locator('#register-firstname')).toBeFocused();
    await expect(page.locator('#register-firstname-error')).toHaveText(t.account_minLength);
    await expect(page.locator('#register-email_confirm-error')).toHaveText(t.account_emailsMismatch);
    await expect(page.locator('#register-password-error')).toHaveText(t.account_passwordShort);
    await fillRegister(page, { first: 'Erika', last: 'Muster', email, password: 'geheim1' });
    await page.locator('#main').getByRole('button', { name: t.account_registerSubmit }).click();
    await page.waitForURL(url('de', '/cart'), { timeout: 30_000 });
    expect(JSON.parse((await stored(page, 'token'))!).token).toBeTruthy();
    expect(await stored(page, 'email')).toBe(email);
    await page.getByRole('button', { name: t.header_accountMenu }).click();
    await expect(page.getByRole('link', { name: t.header_account })).toBeVisible();

    // the same e-mail again: 'Email address already exists' with the recovery link; nothing typed is lost
    await page.goto(url('de', '/logout'));
    await page.waitForURL(/\/login-register$/);
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'customer_id')).toBeNull();
    await page.getByRole('tab', { name: t.account_registerTab }).click();
    await fillRegister(page, { first: 'Erika', last: 'Muster', email, password: 'geheim1' });
    await page.locator('#main').getByRole('button', { name: t.account_registerSubmit }).click();
    await expect(page.getByRole('alert')).toContainText(t.account_emailExists);
    await expect(page.getByRole('alert').getByRole('link', { name: t.account_recoverPassword })).toHaveAttribute('href', '/forgot-password');
    await expect(page.locator('#register-firstname')).toHaveValue('Erika');

    // wrong password, then the right one
    await page.getByRole('tab', { name: t.account_loginTab }).click();
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill('falsch');
    await page.locator('#main').getByRole('button', { name: t.account_loginSubmit }).click();
    await expect(page.getByRole('alert')).toHaveText(t.account_wrongLogin);
    await expect(page.locator('#login-email')).toHaveValue(email);
    expect(await stored(page, 'token')).toBeNull();
    await page.locator('#login-password').fill('geheim1');
    await page.locator('#main').getByRole('button', { name: t.account_loginSubmit }).click();
    await page.waitForURL(url('de', '/cart'), { timeout: 30_000 });
    expect(await stored(page, 'customer_id')).toMatch(/^\d+$/);
  });

  test('[ro] register a company: VAT check outcomes, buying without VAT switches prices to net', async ({ page }) => {
    const t = T.ro;
    await page.goto(url('ro', '/login-register?tab=register'));
    await page.locator('#panel-register').getByLabel(t.account_company).click();
    await expect(page.locator('#register-company')).toBeVisible();
    await page.locator('#register-company').fill('Acme SRL');
    const exclude = page.getByLabel(t.account_excludeVat);
    await expect(exclude).toBeDisabled();
    await page.locator('#register-vat_number').fill('DE 136 695 977');
    await page.locator('#main').getByRole('button', { name: t.account_vatCheck }).click();
    await expect(page.locator('#register-vat_number-error')).toHaveText(t.account_vatInvalid);
    await expect(exclude).toBeDisabled();
    // the check cannot be made: its own text, the number kept
    await page.route('**/api/vat/check', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          status_code: 200,
          data: { result: 'error', vat_number: 'DE136695976', country_code: 'DE', source: 'vies', message: 'An error occurred while verifying the Company VAT' },
        }),
      }),
    );
    await page.locator('#register-vat_number').fill('DE 136 695 976');
    await page.locator('#main').getByRole('button', { name: t.account_vatCheck }).click();
    await expect(page.locator('#register-vat_number-error')).toHaveText(t.account_vatError);
    await page.unroute('**/api/vat/check');
    await page.locator('#register-vat_number').fill('DE136695976');
    await page.locator('#main').getByRole('button', { name: t.account_vatCheck }).click();
    await expect(page.locator('#register-vat_number-error')).toHaveText(t.account_vatValid);
    await exclude.check();
    const email = uniqueEmail('company-ro');
    await fillRegister(page, { first: 'Ion', last: 'Popescu', email, password: 'parola1' });
    await page.locator('#main').getByRole('button', { name: t.account_registerSubmit }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login-register'));
    expect(await stored(page, 'isCompany')).toBe('true');
    expect(await stored(page, 'excludeVAT')).toBe('true');
    await page.goto(url('ro', aboutPath('ro')));
    await expect(page.locator('[data-country-picker]')).toHaveAttribute('data-state', 'vat0');
  });

  test('[de] the API down while logging in and registering: the connection text, everything typed kept', async ({ page }) => {
    await page.goto(url('de', '/login-register'));
    await page.route('**/api/**', (r) => r.abort('connectionrefused'));
    await page.locator('#login-email').fill('someone@example.com');
    await page.locator('#login-password').fill('geheim1');
    await page.locator('#main').getByRole('button', { name: T.de.account_loginSubmit }).click();
    await expect(page.getByRole('alert')).toHaveText(T.de.catalog_serverError);
    await expect(page.locator('#login-email')).toHaveValue('someone@example.com');
    await expect(page.locator('#login-password')).toHaveValue('geheim1');
    await page.getByRole('tab', { name: T.de.account_registerTab }).click();
    await fillRegister(page, { first: 'Erika', last: 'Muster', email: 'x@example.com', password: 'geheim1' });
    await page.locator('#main').getByRole('button', { name: T.de.account_registerSubmit }).click();
    await expect(page.locator('#panel-register').getByRole('alert')).toHaveText(T.de.catalog_serverError);
    await expect(page.locator('#register-lastname')).toHaveValue('Muster');
  });
});

test.describe('session', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('[de] the token is refreshed at two thirds of its life; after a failed refresh it expires: logged out, "Please login again"', async ({ page }) => {
    await page.clock.install();
    await page.goto(url('de', aboutPath('de')));
    const c = await apiCustomer(page, 'de');
    await storeSession(page, c.answer);
    await page.reload();
    // The session watcher is one of the chrome's behaviours, started after the first paint.
    await behavioursLoaded(page);
    const first = JSON.parse((await stored(page, 'token'))!);
    // The browser's clock runs hours ahead of the server's: the real refreshed token's expiry is
    // moved by as much, as if both clocks had moved (else the new token would be due at once).
    await page.route('**/api/refreshToken', async (route) => {
      // (the shop server proxies /api to the API; Node cannot resolve de.localhost, so straight to it)
      const response = await route.fetch({ url: `http://127.0.0.1:${E2E.apiPort}/api/refreshToken` });
      const json = await response.json();
      json.data.expiresAt = new Date(Date.now() + 10 * 3_600_000).toISOString();
      await route.fulfill({ response, json });
    });
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/refreshToken') && r.method() === 'POST');
    await page.clock.runFor(4 * 3_600_000 + 1000);
    const req = await refreshed;
    expect(req.postDataJSON()).toEqual({ customer_id: c.answer.customer_id, email: c.email });
    expect(req.headers().authorization).toBe(`Bearer ${first.token}`);
    // The refreshed session is stored: its expiry is the one the route gave (the token itself may be
    // the same string when the refresh comes within the login's second: the server signs whole seconds).
    await expect.poll(async () => JSON.parse((await stored(page, 'token'))!).expiresAt).not.toBe(first.expiresAt);
    // the watcher restarted on the new token: its refresh fails (only logged), then it expires
    await page.unroute('**/api/refreshToken');
    await page.route('**/api/refreshToken', (r) => r.abort('connectionrefused'));
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    await page.clock.runFor(4 * 3_600_000 + 60_000);
    await expect.poll(() => logged.some((l) => l.includes('Failed to refresh token'))).toBe(true);
    expect(await stored(page, 'token')).not.toBeNull();
    await page.clock.runFor(2 * 3_600_000);
    await expect.poll(() => stored(page, 'token')).toBeNull();
    expect(await stored(page, 'customer_id')).toBeNull();
    await expect(page.locator('[data-toast-region]')).toContainText(T.de.account_loginAgain);
  });

  test('[de] a refresh without the stored customer id logs "Missing customer_id or email in local storage"', async ({ page }) => {
    await page.clock.install();
    await page.goto(url('de', aboutPath('de')));
    const c = await apiCustomer(page, 'de');
    await storeSession(page, c.answer);
    await page.evaluate(() => localStorage.removeItem('email'));
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    await page.reload();
    await page.clock.runFor(4 * 3_600_000 + 1000);
    await expect.poll(() => logged.some((l) => l.includes('Missing customer_id or email in local storage'))).toBe(true);
  });

  test('[de] logging out in one tab logs out the other; an administrator sees the admin bar', async ({ page, context }) => {
    await page.goto(url('de', '/login-register'));
    const c = await apiCustomer(page, 'de');
    makeAdmin(c.email);
    await page.locator('#login-email').fill(c.email);
    await page.locator('#login-password').fill(c.password);
    await page.locator('#main').getByRole('button', { name: T.de.account_loginSubmit }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login-register'));
    expect(await stored(page, 'isAdmin')).toBe('true');
    await expect(page.locator('#admin-bar')).toBeVisible();
    const other = await context.newPage();
    await other.goto(url('de', '/account'));
    await expect(other.getByRole('heading', { name: T.de.account_personal })).toBeVisible();
    await page.goto(url('de', '/logout'));
    await other.waitForURL(/\/login-register$/);
    await expect(page.locator('#admin-bar')).toBeHidden();
  });
});

test.describe('password recovery and change', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[ro] forgot password through the reset link from the mail, then log in with the new one', async ({ page }) => {
    const t = T.ro;
    await page.goto(url('ro', aboutPath('ro')));
    const c = await apiCustomer(page, 'ro');
    await page.goto(url('ro', '/forgot-password'));
    await page.locator('#forgot-email').fill(c.email);
    await page.locator('#main').getByRole('button', { name: t.account_forgotSubmit }).click();
    await expect(page.getByRole('status').filter({ hasText: t.account_forgotSent })).toBeVisible();
    const mail = await mailTo(c.email);
    const token = /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    await page.goto(url('ro', `/forgot-password?token=${token}`));
    await expect(page.getByRole('heading', { name: t.account_resetTitle })).toBeVisible();
    await page.locator('#reset-password').fill('nou1');
    await page.locator('#reset-password_confirm').fill('nou2');
    await page.locator('#main').getByRole('button', { name: t.account_resetSubmit }).click();
    await expect(page.locator('#reset-password_confirm-error')).toHaveText(t.account_passwordsMismatch);
    await page.locator('#reset-password_confirm').fill('nou1');
    await page.locator('#main').getByRole('button', { name: t.account_resetSubmit }).click();
    await expect(page.getByRole('status')).toContainText(t.account_resetDone);
    await expectNoSeriousViolations(page, '#main');
    // the link works once
    await page.reload();
    await page.locator('#reset-password').fill('nou3');
    await page.locator('#reset-password_confirm').fill('nou3');
    await page.locator('#main').getByRole('button', { name: t.account_resetSubmit }).click();
    await expect(page.getByRole('alert')).toHaveText(t.account_resetInvalid);
    await page.goto(url('ro', '/login-register'));
    await page.locator('#login-email').fill(c.email);
    await page.locator('#login-password').fill('nou1');
    await page.locator('#main').getByRole('button', { name: t.account_loginSubmit }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login-register'));
  });

  test('[de] change the password on the account page', async ({ page }) => {
    const t = T.de;
    await page.goto(url('de', aboutPath('de')));
    const c = await apiCustomer(page, 'de');
    await storeSession(page, c.answer);
    await page.goto(url('de', '/account'));
    const form = page.getByRole('region', { name: t.account_changePassword });
    await form.locator('#change-password-old_password').fill('falsch');
    await form.locator('#change-password-password').fill('neu12');
    await form.locator('#change-password-password_confirm').fill('neu12');
    await form.getByRole('button', { name: t.account_changePassword }).click();
    await expect(form.getByRole('alert')).toHaveText(t.account_wrongLogin);
    await expect(form.locator('#change-password-password')).toHaveValue('neu12');
    await form.locator('#change-password-old_password').fill(c.password);
    await form.getByRole('button', { name: t.account_changePassword }).click();
    await expect(form.getByRole('status')).toHaveText(t.account_passwordChanged);
    await page.waitForURL(/\/login-register$/);
    await page.locator('#login-email').fill(c.email);
    await page.locator('#login-password').fill('neu12');
    await page.locator('#main').getByRole('button', { name: t.account_loginSubmit }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login-register'));
  });
});

test.describe('account area', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('[de] address book: wrong postcode and phone first, then add, edit, set default, delete; the API down keeps the form', async ({ page }) => {
    const t = T.de;
    await page.goto(url('de', aboutPath('de')));
    const c = await apiCustomer(page, 'de');
    await storeSession(page, c.answer);
    await page.goto(url('de', '/account'));
    await expect(page.locator('.address-book__item')).toHaveCount(1);
    await page.locator('#main').getByRole('button', { name: t.account_addAddress }).click();
    const form = page.locator('form.address-form');
    await expect(form.locator('label[for="address-new-zipcode"] .req')).toHaveText(' *');
    await form.locator('#address-new-label').fill('Büro');
    await form.locator('#address-new-firstname').fill('Erika');
    await form.locator('#address-new-lastname').fill('Muster');
    await form.locator('#address-new-address1').fill('Marktplatz');
    await form.locator('#address-new-address2').fill('2');
    await form.locator('#address-new-zipcode').fill('0410');
    await form.locator('#address-new-city').fill('Leipzig');
    await form.locator('#address-new-phone').fill('+43 1 234567');
    await form.getByRole('button', { name: t.account_saveAddress }).click();
    await expect(form.locator('#address-new-zipcode')).toBeFocused();
    await expect(form.locator('#address-new-zipcode-error')).toHaveText(t.account_zipFormat.replace('{example}', '12345'));
    await expect(form.locator('#address-new-phone-error')).toHaveText(t.account_phoneCountry);
    await expect(form.locator('#address-new-zipcode')).toHaveAttribute('aria-invalid', 'true');
    await form.locator('#address-new-zipcode').fill('04109');
    await form.locator('#address-new-phone').fill('+49 341 99999');
    // the API down: the connection text, nothing lost
    await page.route('**/api/ExternalOrderApi/address', (r) => r.abort('connectionrefused'));
    await form.getByRole('button', { name: t.account_saveAddress }).click();
    await expect(form.getByRole('alert')).toHaveText(t.catalog_serverError);
    await expect(form.locator('#address-new-address1')).toHaveValue('Marktplatz');
    await page.unroute('**/api/ExternalOrderApi/address');
    await form.getByRole('button', { name: t.account_saveAddress }).click();
    await expect(page.locator('.address-book__item')).toHaveCount(2);
    const id = await page.locator('.address-book__item', { hasText: 'Büro' }).getAttribute('data-address-id');
    const office = page.locator(`.address-book__item[data-address-id="${id}"]`);
    await expect(office).toContainText('04109 Leipzig');
    // edit
    await office.getByRole('button', { name: t.account_editAddress.replace('{label}', 'Büro') }).click();
    await page.locator(`#address-${id}-city`).fill('Halle');
    await page.locator(`#address-${id}-zipcode`).fill('06108');
    await office.getByRole('button', { name: t.account_saveAddress }).click();
    await expect(office).toContainText('06108 Halle');
    // set default, then the other one can be deleted
    await office.getByRole('button', { name: t.account_setDefault.replace('{label}', 'Büro') }).click();
    await expect(office.locator('.address-book__default')).toHaveText(t.account_default);
    const home = page.locator('.address-book__item', { hasText: 'Zuhause' });
    page.once('dialog', (d) => d.accept());
    await home.getByRole('button', { name: t.account_deleteAddress.replace('{label}', 'Zuhause') }).click();
    await expect(page.locator('.address-book__item')).toHaveCount(1);
    await expect(page.getByText(t.account_addressDeleted)).toBeVisible();
  });

  test('[de] an order placed through the API: in the list with its PDF, its detail page, and the guest link', async ({ page }) => {
    const t = T.de;
    await page.goto(url('de', aboutPath('de')));
    const c = await apiCustomer(page, 'de');
    await storeSession(page, c.answer);
    const pse = await variantInStock(page, F.simpleProductId, 'de');
    const order = await placeOrder(page, 'de', c.answer.token, c.answer.customer_id, c.answer.address_id!, pse);
    await page.goto(url('de', '/account'));
    const row = page.locator(`tr[data-order-ref="${order.order_ref}"]`);
    await expect(row).toContainText(t.account_statusNotPaid);
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: t.account_invoicePdf.replace('{ref}', order.order_ref) }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`invoice-${order.order_ref}.pdf`);
    const bytes = await (await pdf.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    await row.getByRole('link', { name: t.account_orderShow.replace('{ref}', order.order_ref) }).click();
    await page.waitForURL(url('de', `/account/order/${order.order_id}`));
    await expect(page.getByRole('heading', { name: t.account_orderTitle.replace('{ref}', order.order_ref) })).toBeVisible();
    const total = page.locator('[data-sum="total"]');
    await expect(total).toHaveText(`${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(order.total)} €`);
    // not paid yet by bank transfer: the slip with its QR code, as on /order-placed
    const slip = page.getByRole('region', { name: t.slip_title });
    await expect(slip.locator('[data-slip="reference"]')).toHaveText(order.order_ref);
    await expect(slip.locator('[data-slip="amount"]')).toHaveText((await total.textContent()) ?? '');
    await expect(slip.locator('[data-slip-qr]')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expectNoSeriousViolations(page, '#main');
    // cancelling: a dismissed confirm sends nothing; a failing API says 'Failed to cancel order' and keeps the order; then it is canceled
    const cancel = page.getByRole('button', { name: t.account_cancelOrder.replace('{ref}', order.order_ref) });
    let cancels = 0;
    await page.route('**/api/order/cancel', (r) =>
      cancels++ === 0 ? r.fulfill({ status: 409, json: { status_code: 409, status: 'Failed to cancel order', message: 'Failed to cancel order' } }) : r.continue(),
    );
    page.once('dialog', (d) => d.dismiss());
    await cancel.click();
    await expect(cancel).toBeEnabled();
    expect(cancels).toBe(0);
    page.once('dialog', (d) => d.accept());
    await cancel.click();
    await expect(page.getByRole('alert')).toHaveText(t.account_cancelFailed);
    await expect(slip).toBeVisible();
    page.once('dialog', (d) => d.accept());
    await cancel.click();
    await expect(page.getByRole('status').filter({ hasText: t.account_orderCanceled })).toBeVisible();
    await expect(page.locator('[data-order-status]')).toHaveText(t.account_statusCanceled);
    await expect(slip).toHaveCount(0);
    await expect(cancel).toHaveCount(0);
    expect(cancels).toBe(2);
    // the guest link shows the same order; a wrong hash the not-found reason only
    await page.evaluate(() => localStorage.clear());
    await page.goto(url('de', order.guest_invoice_path));
    await expect(page.getByRole('heading', { name: t.account_orderTitle.replace('{ref}', order.order_ref) })).toBeVisible();
    await expect(page.locator('[data-sum="total"]')).toHaveText((await total.textContent()) ?? '');
    await expect(page.locator('[data-transfer-slip]')).toHaveCount(0); // the QR code is the customer's call
    await expect(page.getByRole('link', { name: t.account_invoicePdf.replace('{ref}', order.order_ref) })).toHaveAttribute('href', `/api${order.guest_invoice_path}/pdf`);
    await page.goto(url('de', order.guest_invoice_path.replace(/[^/]+$/, 'wronghash')));
    await expect(page.locator('[data-order-error="not-found"]')).toHaveText(t.account_orderNotFound);
    await expect(page.getByText(order.order_ref)).toHaveCount(0);
  });

  test('[de] not logged in, /account and an order page go to the login page from the head, before any island of theirs loads', async ({ page }) => {
    const islands = (file: string) => [...readFileSync(join(E2E.dist, 'de', file), 'utf8').matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1] ?? '');
    const code = new Set([...islands('account.html'), ...islands('account/order.html')]);
    expect(code.size, "the pages' islands (chrome, header, account page, order page) and their renderers").toBeGreaterThan(4);
    const asked: string[] = [];
    page.on('request', (r) => code.has(new URL(r.url()).pathname) && asked.push(new URL(r.url()).pathname));
    for (const path of ['/account', '/account/order/12']) {
      await page.goto(url('de', path));
      await page.waitForURL(/\/login-register$/);
      await expect(page.locator('#login-email')).toBeVisible();
    }
    // The login page's own islands (the chrome's) load there, after its first paint: none before it was reached.
    expect(
      asked.filter((p) => /AccountPage|OrderPage/.test(p)),
      "the account pages' islands asked for",
    ).toEqual([]);
  });

  test('[de] an expired session on /account goes to the login page without waiting for the account island', async ({ page }) => {
    // The island's code (its component and React's renderer) never comes: the page's session check (a script island) sends the visitor on.
    const ISLAND = /\/_astro\/(AccountPage|client)\.[\w-]+\.js$/;
    const html = readFileSync(join(E2E.dist, 'de', 'account.html'), 'utf8');
    const urls = [...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(new Set(urls.filter((u) => ISLAND.test(u))).size, 'the account island and its renderer are what the route holds back').toBe(2);
    await page.route(ISLAND, (route) => (new URL(page.url()).pathname === '/account' ? route.abort() : route.continue()));
    await page.goto(url('de', aboutPath('de')));
    await storeSession(page, { ...fakeSession(), expiresAt: new Date(Date.now() - 60_000).toISOString() });
    await page.goto(url('de', '/account'));
    await page.waitForURL(/\/login-register$/);
  });
});

for (const width of [390, 1280]) {
  test(`[ro] axe: no serious or critical violation on the login, register, forgot-password and account screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url('ro', '/login-register'));
    await page.locator('#login-email').focus();
    await page.locator('#main').getByRole('button', { name: T.ro.account_loginSubmit }).click();
    await expect(page.locator('#login-email-error')).toBeVisible();
    await expectNoSeriousViolations(page, '#main');
    await page.getByRole('tab', { name: T.ro.account_registerTab }).click();
    await page.locator('#panel-register').getByLabel(T.ro.account_company).click();
    await expect(page.locator('#register-company')).toBeVisible();
    await expectNoSeriousViolations(page, '#main');
    await page.goto(url('ro', '/forgot-password'));
    await expect(page.locator('#forgot-email')).toBeVisible();
    await expectNoSeriousViolations(page, '#main');
    const c = await apiCustomer(page, 'ro');
    await storeSession(page, c.answer);
    await page.goto(url('ro', '/account'));
    await expect(page.locator('.address-book__item')).toHaveCount(1);
    await page.locator('#main').getByRole('button', { name: T.ro.account_addAddress }).click();
    await page.locator('#address-new-label').fill('X');
    await page.locator('#main').getByRole('button', { name: T.ro.account_saveAddress }).click();
    await expect(page.locator('#address-new-firstname-error')).toBeVisible();
    await expectNoSeriousViolations(page, '#main');
  });
}
