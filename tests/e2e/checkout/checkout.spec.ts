/**
 * Checkout and order outcomes in Chromium against the built shops and the shop API (issue 14):
 * a guest pays by bank transfer and the EPC QR code on /order-placed decodes to the IBAN, amount
 * and reference; a registered customer pays with PayPal (approved in the sandbox); a declined
 * payment lands on /order-failed with the cart kept and the wait shown; a company without VAT
 * pays net; a coupon lowers what the server charges; a double click and a reload while paying
 * make one order; the API failing keeps every field; Romanian pickup; a guest company's VAT number
 * (valid from another EU country: re-priced net, then charged the net total shown; invalid: on the
 * field, nothing lost); axe on each step.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerInPage, storeSession } from '../setup/session.ts';
import { COUNTRY, F, aboutPath, expectNoSeriousViolations, money, prepare, seedCart, url, type Shop } from '../cart/cart-helpers.ts';
import { GUEST, decodeQr, fillGuest, ordersOfCart, ready, uniqueEmail } from './checkout-helpers.ts';
import { apiCustomer } from '../account/helpers.ts';
import de from '../../../messages/de.json' with { type: 'json' };

// Each test places a real order through several pages: more time than the default on a shared machine.
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const count = (page: Page) => page.locator('[data-cart-count]');

async function choose(page: Page, payment: string) {
  await page.locator(`[data-payment="${payment}"]`).check();
  await page.locator('[data-terms]').check();
}

test('de, 1280 px: a guest pays by bank transfer; the slip and its EPC QR code carry IBAN, amount and reference; the cart is emptied', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await prepare(context, 'de');
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/checkout'));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await ready(page);
  await expect(page.locator('[data-buy]')).toHaveText('Zahlungspflichtig bestellen');
  await expect(page.locator('[data-no-pickup]')).toHaveText('No pickup possible!'); // the spec's text, as in the footer
  await expect(page.locator('[data-delivery="80"]')).toHaveCount(0);
  // Spec §4: 77 is the default delivery method.
  await expect(page.locator('[data-delivery="77"]')).toBeChecked();
  await expectNoSeriousViolations(page);

  // Nothing filled: the problems are shown by their fields and the first one gets the focus.
  await page.locator('[data-buy]').click();
  await expect(page.locator('[data-checkout-error]')).toContainText('Bitte prüfen Sie Ihre Angaben.');
  await expect(page.locator('#co-email')).toBeFocused();
  await expect(page.locator('#co-terms-error')).toHaveText('Bitte akzeptieren Sie die AGB.');
  await expectNoSeriousViolations(page);

  await fillGuest(page, 'de', uniqueEmail('guest'));
  await page.locator('[data-notes]').fill('Bitte beim Nachbarn abgeben.');
  await choose(page, 'Vorkasse');
  const shownTotal = await page.locator('[data-cart-sums] [data-sum="total"]').textContent();
  await expect(page.locator('[data-pay-total]')).toContainText(shownTotal!);
  await page.locator('[data-buy]').click();

  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  await expect(page.locator('h1')).toHaveText('Vielen Dank für Ihre Bestellung!');
  const ref = (await page.locator('[data-order-ref]').getAttribute('data-order-ref'))!;
  expect(ref).toMatch(/^ORD\d+$/);
  const slip = page.locator('[data-transfer-slip]');
  await expect(slip.locator('[data-slip="reference"]')).toHaveText(ref);
  await expect(page.locator('[data-placed-sum="total"]')).toHaveText(shownTotal!);
  await expect(slip.locator('[data-slip="amount"]')).toHaveText(shownTotal!);
  await expect(page.locator('[data-placed-address]')).toContainText(GUEST.de.city);
  await expect(page.locator('[data-guest-invoice]')).toHaveAttribute('href', new RegExp(`^/guest/invoice/${ref}/[A-Za-z0-9_-]+$`));
  // The header count is 0 and the local cart is empty.
  await expect(count(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cart_items'))).toBeNull();

  // The QR code decodes to the EPC payload of this transfer.
  const qr = page.locator('[data-slip-qr]');
  await expect(qr).toBeVisible();
  const payload = decodeQr((await qr.getAttribute('src'))!);
  const lines = payload.split('\n');
  const [order] = await ordersOfCart(page, seeded.cartId);
  expect(order).toMatchObject({ REF: ref, STATUS: 'not_paid', PAYMENT_MODULE: 'Vorkasse', MESSAGE: 'Bitte beim Nachbarn abgeben.' });
  const iban = (await slip.locator('[data-slip="iban"]').textContent())!.replace(/\s/g, '');
  expect(lines[0]).toBe('BCD');
  expect(lines[6]).toBe(iban);
  expect(lines[7]).toBe(`EUR${order!.TOTAL.toFixed(2)}`);
  expect(lines[10]).toBe(ref);
  await expectNoSeriousViolations(page);
});

test('ro, 390 px: a guest picks up in Romania (free) and pays with PayPal, approved in the sandbox', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await prepare(context, 'ro');
  const seeded = await seedCart(page, 'ro', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('ro', '/checkout'));
  await ready(page);
  await expect(page.locator('[data-buy]')).toHaveText('Comandă cu obligație de plată');
  await expect(page.locator('[data-no-pickup]')).toHaveCount(0);
  await fillGuest(page, 'ro', uniqueEmail('ridicare'));
  await page.locator('[data-delivery="80"]').check();
  await expect(page.locator('[data-cart-sums] [data-sum="shipment"]')).toHaveText('Gratuit');
  await choose(page, 'PayPal');
  await expectNoSeriousViolations(page);
  await page.locator('[data-buy]').click();
  await page.waitForURL('**/api/payment/local/**');
  await page.locator('[data-decision="approve"]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  await expect(page.locator('h1')).toHaveText('Vă mulțumim pentru comandă!');
  const [order] = await ordersOfCart(page, seeded.cartId);
  expect(order).toMatchObject({ STATUS: 'paid', LOCAL_PICKUP: true, POSTAGE: 0, DELIVERY_MODULE_ID: 80, PAYMENT_MODULE: 'PayPal' });
  await expect(page.locator('[data-transfer-slip]')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('de, 390 px: a registered customer picks an address from the book and pays with PayPal', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await prepare(context, 'de');
  await page.goto(url('de', aboutPath('de')));
  const answer = await registerInPage(page, {
    kind: 'private',
    firstname: 'Karla',
    lastname: 'Kundin',
    email: uniqueEmail('kundin'),
    password: 'abcd1234',
    password_confirm: 'abcd1234',
    address: { label: 'Zuhause', ...GUEST.de, country_id: COUNTRY.de },
  });
  await storeSession(page, answer);
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 2 }]);
  await page.goto(url('de', '/checkout'));
  await ready(page);
  await expect(page.locator('[data-checkout-customer]')).toContainText(answer.customer.EMAIL);
  await expect(page.locator(`[data-address-id="${answer.address_id}"]`)).toBeChecked();
  await choose(page, 'PayPal');
  await page.locator('[data-buy]').click();
  await page.waitForURL('**/api/payment/local/**');
  await page.locator('[data-decision="approve"]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  await expect(page.locator('[data-placed-line]')).toHaveCount(1);
  await expect(page.locator('[data-guest-invoice]')).toHaveCount(0);
  const orders = await ordersOfCart(page, seeded.cartId);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ STATUS: 'paid', PAYMENT_MODULE: 'PayPal' });
});

test("de, 390 px: a registered customer's form shows once, with its address book, delivery and payment in; a call that never answers still shows it", async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await prepare(context, 'de');
  await page.goto(url('de', aboutPath('de')));
  const { answer } = await apiCustomer(page, 'de');
  await storeSession(page, answer);
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  // What the form holds in the frame it first appears in (recorded in the page as it is inserted).
  await page.addInitScript(() => {
    const w = window as unknown as { __first?: { addresses: number; delivery: number } };
    new MutationObserver((_, observer) => {
      const form = document.querySelector('[data-checkout-form]');
      if (!form) return;
      w.__first = { addresses: form.querySelectorAll('[data-address-id]').length, delivery: form.querySelectorAll('[data-delivery]').length };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url('de', '/checkout'));
  await expect(page.locator('[data-checkout-form]')).toBeVisible();
  // The form's first frame has the address book and the delivery methods (nothing arrives after it to push the sections down).
  const first = await page.evaluate(() => (window as unknown as { __first?: { addresses: number; delivery: number } }).__first);
  expect(first?.addresses).toBeGreaterThan(0);
  expect(first?.delivery).toBeGreaterThan(0);
  await ready(page);

  // The payment methods never answer: the form shows all the same, after its wait, with their placeholder.
  await page.route('**/api/ExternalOrderApi/getActivePaymentMethods/**', () => undefined);
  await page.reload();
  await expect(page.locator('.checkout__loading')).toBeVisible();
  await expect(page.locator('[data-checkout-form]')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[data-checkout-form] .checkout__placeholder')).toHaveText(de.checkout_loading);
  await expect(page.locator('[data-buy]')).toBeDisabled();
});

test('de, 1280 px: a declined payment lands on /order-failed with the cart kept and the wait shown; try again finds everything filled in', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await prepare(context, 'de');
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/checkout'));
  await ready(page);
  const email = uniqueEmail('declined');
  await fillGuest(page, 'de', email);
  await choose(page, 'GlobalPayments');
  await page.locator('[data-buy]').click();
  await page.waitForURL('**/api/payment/local/**');
  await page.locator('[data-decision="decline"]').click();
  await page.waitForURL(`**/order-failed?cart_id=${seeded.cartId}`);
  await expect(page.locator('h1')).toHaveText('Die Zahlung ist fehlgeschlagen');
  await expect(page.locator('[data-cart-kept]')).toHaveText('Ihr Warenkorb ist erhalten geblieben.');
  await expect(page.locator('.outcome__wait')).toHaveText(/Eine neue Zahlung ist in 1:[0-5]\d möglich\./);
  await expect(page.locator('button[data-retry]')).toHaveAttribute('aria-disabled', 'true');
  await expect(count(page)).toHaveText('1');
  const [order] = await ordersOfCart(page, seeded.cartId);
  expect(order!.STATUS).toBe('payment_error');
  await expectNoSeriousViolations(page);

  // Back at the checkout: everything typed is still there; paying again now is refused with the wait.
  await page.goto(url('de', '/checkout'));
  await ready(page);
  await expect(page.locator('#co-email')).toHaveValue(email);
  await expect(page.locator('#co-shipping-city')).toHaveValue(GUEST.de.city);
  await expect(page.locator('[data-payment="GlobalPayments"]')).toBeChecked();
  await page.locator('[data-terms]').check();
  await page.locator('[data-buy]').click();
  await expect(page.locator('[data-checkout-error]')).toHaveText('Bitte warten Sie 2 Minuten, bevor Sie die Zahlung erneut versuchen.');
  expect(await ordersOfCart(page, seeded.cartId)).toHaveLength(1);
});

test('de, 1280 px: a company excluding VAT pays the net total', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await prepare(context, 'de');
  await page.goto(url('de', aboutPath('de')));
  const answer = await registerInPage(page, {
    kind: 'company',
    firstname: 'Firma',
    lastname: 'Chef',
    company: 'Acme GmbH',
    vat_number: 'DE 136 695 976',
    exclude_vat: true,
    email: uniqueEmail('firma'),
    password: 'abcd',
    address: { label: 'Büro', ...GUEST.de, company: 'Acme GmbH', country_id: COUNTRY.de },
  });
  await storeSession(page, answer);
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/checkout'));
  await ready(page);
  await expect(page.locator('[data-cart-sums] dt').first()).toContainText('VAT 0%');
  await choose(page, 'Vorkasse');
  const shownTotal = (await page.locator('[data-cart-sums] [data-sum="total"]').textContent())!;
  await page.locator('[data-buy]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  const [order] = await ordersOfCart(page, seeded.cartId);
  expect(order!.VAT_EXCLUDED).toBe(true);
  expect(order!.GOODS).toBe(order!.GOODS_NET);
  expect(order!.TOTAL).toBeCloseTo(order!.GOODS_NET + order!.POSTAGE - order!.DISCOUNT, 2);
  await expect(page.locator('[data-placed-sum="total"]')).toHaveText(shownTotal);
});

test('at, 1280 px: a coupon lowers the total the server charges', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await prepare(context, 'at');
  await page.goto(url('at', aboutPath('at')));
  const price = await page.evaluate(async (id) => (await (await fetch(`/api/products/${id}?country_id=13`)).json()).data.variants[0].taxed_price as number, F.simpleProductId);
  const seeded = await seedCart(page, 'at', [{ productId: F.simpleProductId, quantity: Math.max(1, Math.ceil(31 / price)) }]);
  await page.goto(url('at', '/checkout'));
  await ready(page);
  const before = (await page.locator('[data-cart-sums] [data-sum="total"]').textContent())!;
  await page.locator('[data-coupon-input]').fill('MINUS5');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.locator('[data-sum="discount"]')).toBeVisible();
  await expect(page.locator('[data-cart-sums] [data-sum="total"]')).not.toHaveText(before);
  const after = (await page.locator('[data-cart-sums] [data-sum="total"]').textContent())!;
  await fillGuest(page, 'at', uniqueEmail('gutschein'));
  await choose(page, 'Vorkasse');
  await page.locator('[data-buy]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  const [order] = await ordersOfCart(page, seeded.cartId);
  expect(order).toMatchObject({ COUPON_CODE: 'MINUS5', DISCOUNT: 5 });
  await expect(page.locator('[data-placed-sum="total"]')).toHaveText(after);
});

test('de, 390 px: a double click and a reload while paying make one order', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await prepare(context, 'de');
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/checkout'));
  await ready(page);
  await fillGuest(page, 'de', uniqueEmail('doppelt'));
  await choose(page, 'PayPal');
  // The pay answer is held back long enough for a second click and a reload.
  let payCalls = 0;
  await page.route('**/api/paypal/pay', async (route) => {
    payCalls++;
    // Node cannot resolve *.localhost: the request goes to the shop server's loopback address, with the shop's host name
    const u = new URL(route.request().url());
    const host = u.host;
    u.hostname = '127.0.0.1';
    const response = await route.fetch({ url: u.toString(), headers: { ...route.request().headers(), host } });
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response }).catch(() => undefined);
  });
  await page.locator('[data-buy]').dblclick();
  await expect(page.locator('[data-processing]')).toContainText('Bitte schließen Sie diese Seite nicht');
  await page.waitForTimeout(300);
  expect(payCalls).toBe(1);
  await page.reload();
  // After the reload the same request runs again (the server answers with the same order) and leads on.
  await page.waitForURL('**/api/payment/local/**', { timeout: 15_000 });
  // The sandbox payment page allows no requests (its own CSP): the orders are read from a shop page.
  const shopPage = await page.context().newPage();
  await shopPage.goto(url('de', aboutPath('de')));
  const orders = await ordersOfCart(shopPage, seeded.cartId);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.STATUS).toBe('not_paid');
});

test('de, 1280 px: the API failing during submit keeps every field, across a reload, and the retry places one order', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await prepare(context, 'de');
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/checkout'));
  await ready(page);
  const email = uniqueEmail('ausfall');
  await fillGuest(page, 'de', email);
  await page.locator('[data-notes]').fill('Hinterhaus');
  await choose(page, 'Vorkasse');
  await page.route('**/api/vorkasse/pay', (route) => route.abort('connectionfailed'));
  await page.locator('[data-buy]').click();
  await expect(page.locator('[data-checkout-error]')).toContainText('Beim Absenden Ihrer Bestellung ist ein unerwarteter Fehler aufgetreten.');
  await expect(page.locator('[data-checkout-error]')).toBeFocused();
  await expect(page.locator('#co-email')).toHaveValue(email);
  await expect(page.locator('[data-terms]')).toBeChecked();
  await expectNoSeriousViolations(page);
  await page.unroute('**/api/vorkasse/pay');
  await page.reload();
  await ready(page);
  await expect(page.locator('#co-email')).toHaveValue(email);
  await expect(page.locator('#co-shipping-zipcode')).toHaveValue(GUEST.de.zipcode);
  await expect(page.locator('[data-notes]')).toHaveValue('Hinterhaus');
  await expect(page.locator('[data-payment="Vorkasse"]')).toBeChecked();
  await page.locator('[data-buy]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  expect(await ordersOfCart(page, seeded.cartId)).toHaveLength(1);
});

for (const shop of ['de', 'ro'] as Shop[]) {
  test(`${shop}: a server refusal of the address is shown by its field (postcode), nothing typed is lost`, async ({ page, context }) => {
    await page.setViewportSize(DESKTOP);
    await prepare(context, shop);
    await seedCart(page, shop, [{ productId: F.simpleProductId, quantity: 1 }]);
    await page.goto(url(shop, '/checkout'));
    await ready(page);
    await fillGuest(page, shop, uniqueEmail('plz'));
    await page.locator('#co-shipping-zipcode').fill('12');
    await choose(page, 'Vorkasse');
    await page.locator('[data-buy]').click();
    await expect(page.locator('#co-shipping-zipcode-error')).toHaveText(
      shop === 'ro' ? 'Format invalid al codului poștal, de ex. 123456.' : 'Ungültiges Postleitzahlformat, z. B. 12345.',
    );
    await expect(page.locator('#co-shipping-zipcode')).toBeFocused();
    await expect(page.locator('#co-shipping-city')).toHaveValue(GUEST[shop].city);
  });
}

test('ro, 390 px: some items undeliverable: the order needs the consent, then sends and charges only what can go', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await prepare(context, 'ro');
  const seeded = await seedCart(page, 'ro', [
    { productId: F.undeliverableProductId, quantity: 1 },
    { productId: F.simpleProductId, quantity: 1 },
  ]);
  const deliverable = seeded.items.find((i) => !i.undeliverable)!;
  await page.goto(url('ro', '/checkout'));
  await ready(page);
  // The summary lists both, flags the one that cannot go, and sums only the other.
  await expect(page.locator('[data-checkout-line]')).toHaveCount(2);
  await expect(page.locator('[data-checkout-line] .cart-line__undeliverable')).toHaveText('Nu se poate livra în România');
  await fillGuest(page, 'ro', uniqueEmail('partial'));
  await choose(page, 'Vorkasse');
  await page.locator('[data-buy]').click();
  await expect(page.locator('#co-undeliverable-error')).toBeVisible();
  await expect(page.locator('[data-undeliverable-confirm]')).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.locator('[data-undeliverable-confirm]').check();
  const shownTotal = (await page.locator('[data-cart-sums] [data-sum="total"]').textContent())!;
  await page.locator('[data-buy]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  const [order] = await ordersOfCart(page, seeded.cartId);
  await expect(page.locator('[data-placed-sum="total"]')).toHaveText(shownTotal);
  expect(order!.GOODS).toBeCloseTo(deliverable.price * deliverable.quantity, 2);
});

test('de, 1280 px: a guest company with a valid Austrian VAT number buys without VAT: the summary is re-priced net before paying, and the order charges the net total shown', async ({
  page,
  context,
}) => {
  await page.setViewportSize(DESKTOP);
  await prepare(context, 'de');
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  // delivered to Austria from the German shop: an intra-community supply (decision 0006)
  await page.locator('[data-country-select]').selectOption(String(COUNTRY.at));
  // Taken once the header's script runs (after the first paint, decision 0012): leaving the page
  // before that loses the choice, and the checkout then delivers to Germany (a 400 on the Austrian
  // postcode and phone, seen under load).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('country_id'))).toBe(String(COUNTRY.at));
  let registrations = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/register') registrations++;
  });
  await page.goto(url('de', '/checkout'));
  await ready(page);
  await page.locator('input[name="customerKind"][value="company"]').check();
  await fillGuest(page, 'at', uniqueEmail('firma-at'));
  await page.getByLabel('Firmenname').fill('Huber GmbH');
  const vat = page.getByLabel('USt-IdNr.');
  const exclude = page.getByLabel('Ohne Mehrwertsteuer kaufen (Reverse-Charge)');
  await expect(vat).toHaveAttribute('autocomplete', 'off');
  await expect(vat).toHaveAttribute('minlength', '9');
  await expect(exclude).toBeDisabled();
  await vat.fill('ATU 1358 5627');
  await vat.blur();
  // checked on blur: valid, and then the choice is offered
  await expect(page.locator('#co-vatNumber-error')).toHaveText('Die USt-IdNr. ist gültig.');
  await expect(exclude).toBeEnabled();
  await exclude.check();
  await choose(page, 'Vorkasse');
  await expectNoSeriousViolations(page);
  const total = page.locator('[data-cart-sums] [data-sum="total"]');
  const gross = (await total.textContent())!;
  await page.locator('[data-buy]').click();

  // the registration made the cart net: nothing paid, the new sums shown, and said so
  await expect(page.locator('[data-checkout-error]')).toHaveText('Ihre Preise gelten jetzt ohne MwSt. (0 %). Bitte prüfen Sie die Summe und bestellen Sie erneut.');
  await expect(page.locator('[data-checkout-error]')).toBeFocused();
  await expect(total).not.toHaveText(gross);
  await expect(page.locator('[data-cart-sums] dt').first()).toContainText('VAT 0%');
  const net = (await total.textContent())!;
  await expect(page.locator('[data-pay-total]')).toContainText(net);
  expect(page.url()).toContain('/checkout');
  expect(await ordersOfCart(page, seeded.cartId)).toHaveLength(0);
  await expectNoSeriousViolations(page);

  // the next click pays the net total shown, as the same express customer
  await page.locator('[data-buy]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  const orders = await ordersOfCart(page, seeded.cartId);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.VAT_EXCLUDED).toBe(true);
  expect(orders[0]!.GOODS).toBe(orders[0]!.GOODS_NET);
  expect(money('de', orders[0]!.TOTAL)).toBe(net);
  await expect(page.locator('[data-placed-sum="total"]')).toHaveText(net);
  expect(registrations).toBe(1);
});

test('ro, 390 px: an invalid VAT number is shown on its field with the focus, every typed field kept (also across a reload); a valid Romanian one pays VAT at home', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await prepare(context, 'ro');
  const seeded = await seedCart(page, 'ro', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('ro', '/checkout'));
  await ready(page);
  await page.locator('input[name="customerKind"][value="company"]').check();
  const email = uniqueEmail('firma-ro');
  await fillGuest(page, 'ro', email);
  await page.getByLabel('Numele firmei').fill('Popescu SRL');
  const vat = page.getByLabel('Cod TVA');
  const exclude = page.getByLabel('Cumpărați fără TVA (taxare inversă)');
  await vat.fill('RO18547291');
  await vat.blur();
  await expect(page.locator('#co-vatNumber-error')).toHaveText('Codul TVA al companiei nu este valid.');
  await expect(exclude).toBeDisabled();
  await choose(page, 'Vorkasse');
  await page.locator('[data-buy]').click();
  await expect(page.locator('[data-checkout-error]')).toHaveText('Vă rugăm să verificați datele.');
  await expect(vat).toBeFocused();
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(vat).toHaveAttribute('aria-describedby', /co-vatNumber-error/);
  await expect(page.locator('#co-vatNumber-error')).toHaveText('Codul TVA al companiei nu este valid.');
  for (const [field, value] of [
    ['#co-email', email],
    ['#co-shipping-company', 'Popescu SRL'],
    ['#co-shipping-firstname', GUEST.ro.firstname],
    ['#co-shipping-city', GUEST.ro.city],
    ['#co-shipping-phone', GUEST.ro.phone],
    ['#co-vatNumber', 'RO18547291'],
  ] as const)
    await expect(page.locator(field)).toHaveValue(value);
  await expect(page.locator('[data-terms]')).toBeChecked();
  // refused in the browser: no express customer was registered
  expect(await page.evaluate(() => localStorage.getItem('user_express_data'))).toBeNull();
  await expectNoSeriousViolations(page);

  await page.reload();
  await ready(page);
  await expect(page.locator('input[name="customerKind"][value="company"]')).toBeChecked();
  await expect(vat).toHaveValue('RO18547291');
  await expect(page.locator('#co-shipping-company')).toHaveValue('Popescu SRL');
  // the stored number is checked again: its outcome shows without a submit
  await expect(page.locator('#co-vatNumber-error')).toHaveText('Codul TVA al companiei nu este valid.');

  // a valid number of the shop's own country: offered, but a company at home pays VAT (no re-price)
  await vat.fill('RO18547290');
  await vat.blur();
  await expect(page.locator('#co-vatNumber-error')).toHaveText('Codul TVA este valid.');
  await exclude.check();
  await page.locator('[data-terms]').check();
  const shown = (await page.locator('[data-cart-sums] [data-sum="total"]').textContent())!;
  await page.locator('[data-buy]').click();
  await page.waitForURL(`**/order-placed?cart_id=${seeded.cartId}`);
  const [order] = await ordersOfCart(page, seeded.cartId);
  expect(order!.VAT_EXCLUDED).toBe(false);
  await expect(page.locator('[data-placed-sum="total"]')).toHaveText(shown);
});
