/**
 * The mini cart (spec §2): opened from the header's cart icon at desktop width by mouse and
 * keyboard, closed by an outside click and Escape; its lines and totals from the server cart;
 * remove; the guest actions; prices follow the country; no JavaScript before the first
 * interaction; axe with it open (de, ro).
 */
import { expect, test, type Page } from '@playwright/test';
import { fakeSession, storeSession } from '../setup/session.ts';
import { COUNTRY, F, aboutPath, expectNoSeriousViolations, money, prepare, seedCart, shipmentOf, url } from './cart-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeEach(async ({ context }) => prepare(context, 'de'));

const panel = (page: Page) => page.locator('[data-mini-cart-panel]');
const icon = (page: Page) => page.locator('[data-cart-link]');

test('opens on the first click on the cart icon, closes on an outside click and on Escape (focus back on the icon)', async ({ page }) => {
  await page.goto(url('de', aboutPath('de')));
  await expect(panel(page)).toBeHidden();
  await icon(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toBeFocused();
  await expect(icon(page)).toHaveAttribute('aria-expanded', 'true');
  expect(new URL(page.url()).pathname).toBe(aboutPath('de'));
  await expect(panel(page).locator('[data-mini-cart-empty]')).toHaveText('Ihr Warenkorb ist leer.');

  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(icon(page)).toBeFocused();
  await expect(icon(page)).toHaveAttribute('aria-expanded', 'false');

  await icon(page).click();
  await expect(panel(page)).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(panel(page)).toBeHidden();

  // the icon toggles it
  await icon(page).click();
  await expect(panel(page)).toBeVisible();
  await icon(page).click();
  await expect(panel(page)).toBeHidden();
});

test("the open panel's and the search dropdown's styles are not in the page: the chrome links them after the first paint", async ({ page }) => {
  await page.goto(url('de', aboutPath('de')));
  const inline = await page.locator('head style').evaluateAll((styles) => styles.map((s) => s.textContent ?? '').join(''));
  expect(inline).toContain('.mini-cart{');
  for (const rule of ['.mini-cart__panel', '.cart-sums', '.search-dropdown', '.search-hit']) expect(inline, `${rule} in the page's own CSS`).not.toContain(rule);
  const linked = page.locator('link[rel="stylesheet"][href*="/_astro/after-paint."]');
  await expect(linked).toHaveCount(1);
  // The link is in the page before its sheet has loaded (on a loaded machine, a moment later).
  await expect.poll(() => linked.evaluate((l: HTMLLinkElement) => [...(l.sheet?.cssRules ?? [])].some((r) => r.cssText.startsWith('.mini-cart__panel')))).toBe(true);
  await icon(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toHaveCSS('position', 'absolute');
  await expect(panel(page)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('opens and closes with the keyboard; Tab walks into it and leaving it closes it', async ({ page }) => {
  await page.goto(url('de', aboutPath('de')));
  await icon(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel(page).getByRole('button', { name: 'Warenkorb-Übersicht schließen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeHidden();
  await expect(icon(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(icon(page)).toBeFocused();
});

test('no mini cart code before the first interaction; the first one loads it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  scripts.length = 0;
  await page.goto(url('de', aboutPath('de')));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /MiniCart/.test(s))).toEqual([]);
  const before = scripts.length;
  const bytes: number[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') bytes.push(Number((await r.request().sizes()).responseBodySize));
  });
  await icon(page).click();
  await expect(panel(page).locator('[data-mini-cart-line]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const loaded = scripts.slice(before);
  expect(loaded.some((s) => /MiniCart/.test(s))).toBe(true);
  const total = bytes.reduce((a, b) => a + b, 0);
  console.log(`mini cart: ${loaded.length} scripts, ${total} bytes (compressed) on the first interaction`);
});

test('lines, goods with VAT label, shipment, discount with the coupon code and total from the server cart; guest actions', async ({ page }) => {
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 3 }]);
  await page.evaluate(async (cartId) => {
    await fetch('/api/ExternalOrderApi/insertCoupon/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coupon_code: 'WELCOME10', cart_id: cartId }),
    });
  }, seeded.cartId);
  const shipment = await shipmentOf(page, seeded.cartId, COUNTRY.de);
  await page.reload();
  await icon(page).click();
  const line = panel(page).locator('[data-mini-cart-line]');
  await expect(line).toHaveCount(1);
  const item = seeded.items[0]!;
  await expect(line.getByRole('link', { name: item.title })).toBeVisible();
  await expect(line.locator('[data-line-price]')).toHaveText(`3 × ${money('de', item.price)}`);
  await expect(line.locator('img')).toHaveAttribute('src', /^\/_img\/[0-9a-f]{16}-128\.webp$/);
  await expect(panel(page).locator('[data-sum="goods"]')).toHaveText(money('de', seeded.goods));
  await expect(panel(page).locator('dt').first()).toContainText('inkl. 19% Ust.');
  const discount = Math.round(seeded.goods * 10) / 100;
  await expect(panel(page).getByText('Rabatt (WELCOME10)')).toBeVisible();
  await expect(panel(page).locator('[data-sum="discount"]')).toHaveText(`−${money('de', discount)}`);
  const expectedShipment = seeded.goods >= 100 ? 'Kostenlos' : money('de', shipment);
  await expect(panel(page).locator('[data-sum="shipment"]')).toHaveText(expectedShipment);
  const total = Math.round((seeded.goods + (seeded.goods >= 100 ? 0 : shipment) - discount) * 100) / 100;
  await expect(panel(page).locator('[data-sum="total"]')).toHaveText(money('de', total));

  await expect(panel(page).getByRole('link', { name: 'Warenkorb', exact: true })).toHaveAttribute('href', '/cart');
  await expect(panel(page).getByRole('link', { name: 'Zur Kasse' })).toHaveAttribute('href', '/checkout');
  await expect(panel(page).getByRole('link', { name: 'Registrieren und fortfahren' })).toHaveAttribute('href', '/login-register?tab=register');
  await expect(panel(page).getByRole('link', { name: 'Sie haben bereits ein Konto? Anmelden' })).toHaveAttribute('href', '/login-register');
  await expect(panel(page).getByText('ODER')).toBeVisible();
  await expect(panel(page).getByRole('link', { name: 'Als Gast fortfahren' })).toHaveAttribute('href', '/checkout?guest=1');

  // logged in (a stored unexpired token): no guest actions
  await storeSession(page, fakeSession());
  await page.reload();
  await icon(page).click();
  await expect(panel(page).getByRole('link', { name: 'Zur Kasse' })).toBeVisible();
  await expect(panel(page).locator('[data-mini-cart-guest]')).toHaveCount(0);
});

test('remove from the mini cart: the line goes, the count follows, the empty state shows', async ({ page }) => {
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.reload();
  await icon(page).click();
  await expect(panel(page).locator('[data-mini-cart-line]')).toHaveCount(1);
  await panel(page)
    .getByRole('button', { name: `${seeded.items[0]!.title} aus dem Warenkorb entfernen` })
    .click();
  await expect(panel(page).locator('[data-mini-cart-empty]')).toBeVisible();
  await expect(page.locator('[data-toast]')).toHaveText(/Aus dem Einkaufswagen entfernt/);
  await expect(page.locator('[data-cart-count]')).toBeHidden();
  await expect(panel(page)).toBeVisible();
});

test('prices follow the country: switching to Austria refetches the cart (20% VAT)', async ({ page }) => {
  const seeded = await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.reload();
  await icon(page).click();
  await expect(panel(page).locator('[data-sum="goods"]')).toHaveText(money('de', seeded.goods));
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await page.locator('[data-country-select]').selectOption('13');
  await icon(page).click();
  await expect(panel(page)).toBeVisible();
  const at = await page.evaluate(async (cartId) => {
    const r = await (
      await fetch('/api/cart/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'thelia.cart_id': cartId, country_id: 13 }) })
    ).json();
    return r.data.totals.goods as number;
  }, seeded.cartId);
  expect(at).not.toBe(seeded.goods);
  await expect(panel(page).locator('[data-sum="goods"]')).toHaveText(money('de', at));
  await expect(panel(page).locator('dt').first()).toContainText('inkl. 20% Ust.');
});

for (const shop of ['de', 'ro'] as const) {
  test(`${shop}: axe with the mini cart open (lines and totals)`, async ({ page, context }) => {
    await prepare(context, shop);
    await seedCart(page, shop, [{ productId: F.simpleProductId, quantity: 1 }]);
    await page.reload();
    await icon(page).click();
    await expect(panel(page).locator('[data-sum="shipment"]')).not.toHaveAttribute('aria-busy', 'true');
    await expectNoSeriousViolations(page);
  });
}
