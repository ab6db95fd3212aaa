/**
 * The /cart page (spec §2, §3, §4, §8): quantity (with the step), remove, coupons (wrong code,
 * apply, remove), the delivery cost and the free case, undeliverable items (warning and confirm;
 * all undeliverable: blocked), the API failing (500 and down) keeps the page usable, axe (de, ro).
 */
import { expect, test, type Page } from '@playwright/test';
import { registerInPage, storeSession } from '../setup/session.ts';
import { watchIntlFormatters } from '../setup/intl.ts';
import { COUNTRY, F, aboutPath, expectNoSeriousViolations, money, prepare, seedCart, shipmentOf, url } from './cart-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeEach(async ({ context }) => prepare(context, 'de'));

const sums = (page: Page, key: string) => page.locator(`[data-cart-sums] [data-sum="${key}"]`);
const lines = (page: Page) => page.locator('[data-cart-line]');

test('empty cart page: message and a way back; noindex', async ({ page }) => {
  await page.goto(url('de', '/cart'));
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
  await expect(page.locator('[data-cart-empty]')).toContainText('Ihr Warenkorb ist leer.');
  await expect(page.getByRole('link', { name: 'Weiter einkaufen' })).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('the cart page is in every shop', async ({ page, context }) => {
  for (const shop of ['at', 'ro'] as const) {
    await prepare(context, shop);
    const res = await page.goto(url(shop, '/cart'));
    expect(res?.status(), shop).toBe(200);
    await expect(page.locator('h1')).toHaveText(shop === 'ro' ? 'Coș de cumpărături' : 'Warenkorb');
  }
});

test("a line's picture is the site's 128 px thumbnail; where the thumbnail does not load, the image file itself", async ({ page }) => {
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/cart'));
  const img = lines(page).first().locator('img');
  await expect(img).toHaveAttribute('src', /^\/_img\/[0-9a-f]{16}-128\.webp$/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(128);
  // A site built before the image changed has no such thumbnail: the line shows the file the API names.
  await page.route('**/_img/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.reload();
  await expect(img).toHaveAttribute('src', /^\/media\/.+\.(jpe?g|png|webp)$/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
});

test('change a quantity (typed and with the buttons), then remove the line', async ({ page }) => {
  const seeded = await seedCart(page, 'de', [
    { productId: F.simpleProductId, quantity: 1 },
    { productId: F.promoProductId, quantity: 1 },
  ]);
  // The amounts are written without an Intl formatter (src/catalog/prices.ts, formatAmount): a
  // page's first one costs 20-45 ms of main thread on the cart's first render.
  const intlMade = await watchIntlFormatters(page);
  await page.goto(url('de', '/cart'));
  await expect(lines(page)).toHaveCount(2);
  const first = lines(page).filter({ hasText: seeded.items[0]!.title });
  const input = first.getByRole('spinbutton', { name: `Menge von ${seeded.items[0]!.title}` });
  await input.fill('3');
  await input.press('Enter');
  await expect(first.locator('[data-line-total]')).toHaveText(money('de', seeded.items[0]!.price * 3));
  const goods3 = Math.round((seeded.goods + 2 * seeded.items[0]!.price) * 100) / 100;
  await expect(sums(page, 'goods')).toHaveText(money('de', goods3));
  await first.getByRole('button', { name: `${seeded.items[0]!.title}: Menge verringern` }).click();
  await expect(input).toHaveValue('2');
  await first.getByRole('button', { name: `${seeded.items[0]!.title}: Menge erhöhen` }).click();
  await expect(input).toHaveValue('3');
  await first.getByRole('button', { name: `${seeded.items[0]!.title} aus dem Warenkorb entfernen` }).click();
  await expect(lines(page)).toHaveCount(1);
  await expect(sums(page, 'goods')).toHaveText(money('de', seeded.items[1]!.price));
  // what the server has
  const server = await page.evaluate(
    async (cartId) =>
      (await (await fetch('/api/cart/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'thelia.cart_id': cartId }) })).json()).data
        .items.length,
    seeded.cartId,
  );
  expect(server).toBe(1);
  expect(await intlMade()).toEqual([]);
});

test('quantities in multiples of the step: a quantity in between is adjusted with a note', async ({ page }) => {
  await seedCart(page, 'de', [{ productId: F.quantityStepProductId, quantity: F.quantityStep }]);
  await page.goto(url('de', '/cart'));
  const line = lines(page).first();
  await expect(line).toContainText(`Nur in Vielfachen von ${F.quantityStep} erhältlich`);
  const input = line.locator('[data-qty-input]');
  await input.fill(String(F.quantityStep + 5));
  await input.press('Enter');
  await expect(input).toHaveValue(String(F.quantityStep * 2));
  await expect(line.locator('.cart-line__note')).toHaveText(`Die Menge wurde auf ${F.quantityStep * 2} angepasst (nur in Vielfachen von ${F.quantityStep} erhältlich).`);
});

test('coupons: a wrong code shows the error, a valid one gives the discount and is stored, removing takes it off', async ({ page }) => {
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 3 }]);
  expect(seeded.goods).toBeGreaterThanOrEqual(30);
  await page.goto(url('de', '/cart'));
  const field = page.getByRole('textbox', { name: 'Gutscheincode' });
  await field.fill('NOPE');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.locator('[data-coupon-error]')).toHaveText('Dieser Gutscheincode ist uns nicht bekannt.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('EXPIRED');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.locator('[data-coupon-error]')).toHaveText('Dieser Gutschein ist abgelaufen.');

  await field.fill(' MINUS5 ');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.locator('[data-coupon-applied]')).toHaveText('Gutschein MINUS5 ist eingelöst.');
  await expect(page.getByText('Rabatt (MINUS5)')).toBeVisible();
  await expect(sums(page, 'discount')).toHaveText(`−${money('de', 5)}`);
  expect(await page.evaluate(() => [localStorage.getItem('appliedCoupon'), localStorage.getItem('appliedCouponDiscount')])).toEqual(['MINUS5', '5']);
  const shipment = await shipmentOf(page, seeded.cartId, COUNTRY.de);
  await expect(sums(page, 'total')).toHaveText(money('de', Math.round((seeded.goods + shipment - 5) * 100) / 100));

  // kept on reload
  await page.reload();
  await expect(sums(page, 'discount')).toHaveText(`−${money('de', 5)}`);

  await page.getByRole('button', { name: 'Gutschein entfernen' }).click();
  await expect(sums(page, 'discount')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Gutscheincode' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('appliedCoupon'))).toBe('');
  await expect(sums(page, 'total')).toHaveText(money('de', Math.round((seeded.goods + shipment) * 100) / 100));
});

test('the stored coupon is applied again when the customer changes (a log-in in another tab)', async ({ page, context }) => {
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', '/cart'));
  await page.getByRole('textbox', { name: 'Gutscheincode' }).fill('MINUS5');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(sums(page, 'discount')).toHaveText(`−${money('de', 5)}`);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/insertCoupon/')) calls.push(r.postData() ?? '');
  });
  const other = await context.newPage();
  await other.goto(url('de', aboutPath('de')));
  const email = `cart-ui-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await registerInPage(other, { kind: 'private', firstname: 'Anna', lastname: 'Huber', email, password: 'secret12', password_confirm: 'secret12' });
  await storeSession(other, answer);
  const customerId = answer.customer_id;
  await expect.poll(() => calls.length).toBe(1);
  expect(JSON.parse(calls[0]!)).toMatchObject({ coupon_code: 'MINUS5', customer_id: customerId });
  await expect(sums(page, 'discount')).toHaveText(`−${money('de', 5)}`);
  expect(await page.evaluate(() => localStorage.getItem('appliedCoupon'))).toBe('MINUS5');
});

test('delivery cost for the selected country, recomputed when the country changes, and Free from the free-shipping value', async ({ page }) => {
  // a product under the free-shipping value (100 €)
  const seeded = await seedCart(page, 'de', [{ productId: F.redirectChain.productId, quantity: 1 }]);
  expect(seeded.goods).toBeLessThan(100);
  const de = await shipmentOf(page, seeded.cartId, COUNTRY.de);
  await page.goto(url('de', '/cart'));
  await expect(sums(page, 'shipment')).toHaveText(money('de', de));
  await expect(page.locator('[data-ship-to]')).toContainText('Versand nach Deutschland');
  await expect(page.locator('[data-ship-to]')).toContainText('Versandart: Paketversand');
  expect(await page.evaluate(() => localStorage.getItem('delivery_id'))).toBe('77');

  await page.locator('[data-country-select]').selectOption('13');
  await expect(page.locator('[data-ship-to]')).toContainText('Versand nach Österreich');
  const at = await shipmentOf(page, seeded.cartId, COUNTRY.at);
  expect(at).not.toBe(de);
  await expect(sums(page, 'shipment')).toHaveText(money('de', at));

  // goods from 100 € ship free (API_FREE_SHIPPING_CENTS)
  const quantity = Math.ceil(100 / seeded.items[0]!.price) + 1;
  const input = lines(page).first().locator('[data-qty-input]');
  await input.fill(String(quantity));
  await input.press('Enter');
  await expect(sums(page, 'shipment')).toHaveText('Kostenlos');
});

test('a stored delivery method that is not active gives way to the lowest position', async ({ page }) => {
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.evaluate(() => localStorage.setItem('delivery_id', '4242'));
  await page.goto(url('de', '/cart'));
  await expect(page.locator('[data-ship-to]')).toContainText('Versandart: Paketversand');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('delivery_id'))).toBe('77');
});

test('ro: some items undeliverable: a warning per item and a confirm before the checkout', async ({ page, context }) => {
  await prepare(context, 'ro');
  const seeded = await seedCart(page, 'ro', [
    { productId: F.undeliverableProductId, quantity: 1 },
    { productId: F.simpleProductId, quantity: 1 },
  ]);
  expect(seeded.items.map((i) => i.undeliverable).sort()).toEqual([false, true]);
  await page.goto(url('ro', '/cart'));
  await expect(page.locator('[data-undeliverable="some"]')).toHaveText('Unele produse nu pot fi livrate în România.');
  await expect(page.locator('[data-line-undeliverable]')).toHaveCount(1);
  await expect(page.locator('[data-line-undeliverable]')).toHaveText('Nu se poate livra în România');
  await page.locator('[data-to-checkout]').click();
  const dialog = page.locator('[data-undeliverable-confirm]');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 produse nu pot fi livrate în România');
  await expect(dialog.getByRole('button', { name: 'Înapoi la coș' })).toBeFocused();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Înapoi la coș' }).click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/cart');
  await page.locator('[data-to-checkout]').click();
  await dialog.getByRole('button', { name: 'Continuați spre finalizare' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('ro: every item undeliverable: the checkout is blocked with a clear message', async ({ page, context }) => {
  await prepare(context, 'ro');
  await seedCart(page, 'ro', [{ productId: F.undeliverableProductId, quantity: 1 }]);
  await page.goto(url('ro', '/cart'));
  await expect(page.locator('[data-undeliverable="all"]')).toContainText('Niciunul dintre produse nu poate fi livrat în România.');
  const checkout = page.locator('[data-to-checkout]');
  await expect(checkout).toHaveAttribute('aria-disabled', 'true');
  await expect(checkout).toHaveAccessibleDescription(/Niciunul dintre produse/);
  // aria-disabled keeps it focusable and announced; a click does nothing
  await checkout.click({ force: true });
  await expect(page.locator('[data-undeliverable-confirm]')).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/cart');
});

for (const failure of ['500', 'down'] as const) {
  test(`the API ${failure === '500' ? 'answering 500' : 'not answering'}: the §8 message, the stored lines stay, the page recovers`, async ({ page }) => {
    const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 2 }]);
    await page.goto(url('de', '/cart'));
    await expect(lines(page)).toHaveCount(1);
    await page.route('**/api/**', (route) => (failure === '500' ? route.fulfill({ status: 500, body: 'oops' }) : route.abort('connectionrefused')));
    await page.reload();
    await expect(page.locator('[data-cart-error]')).toContainText('Bei der Verbindung zum Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).first()).toContainText(seeded.items[0]!.title);
    // a change fails without losing anything
    await lines(page)
      .first()
      .getByRole('button', { name: `${seeded.items[0]!.title} aus dem Warenkorb entfernen` })
      .click();
    await expect(page.locator('[data-toast]')).toContainText('Bei der Verbindung zum Server');
    await expect(lines(page)).toHaveCount(1);
    const field = page.getByRole('textbox', { name: 'Gutscheincode' });
    await field.fill('MINUS5');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(page.locator('[data-coupon-error]')).toContainText('Bei der Verbindung zum Server');
    await expect(field).toHaveValue('MINUS5');

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.locator('[data-cart-error]')).toHaveCount(0);
    await expect(sums(page, 'goods')).toHaveText(money('de', seeded.goods));
  });
}

for (const shop of ['de', 'ro'] as const) {
  test(`${shop}: axe on the cart page with lines, totals and the coupon form`, async ({ page, context }) => {
    await prepare(context, shop);
    await seedCart(page, shop, [{ productId: F.simpleProductId, quantity: 1 }]);
    await page.goto(url(shop, '/cart'));
    await expect(lines(page)).toHaveCount(1);
    await expect(sums(page, 'shipment')).not.toHaveAttribute('aria-busy', 'true');
    await expectNoSeriousViolations(page);
  });
}
