/**
 * Error screens (issue 15 item 4): an island that throws while rendering shows the spec's fallback
 * (text and a reload button) instead of a blank area; the cart with the shop API unreachable gives
 * the §8 connection text and a way to the server-error page, whose Retry comes back.
 */
import { expect as baseExpect, test } from '@playwright/test';

// Islands hydrate and the shop API answers slowly on a loaded machine: generous waits, a longer test time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
import { F, aboutPath, expectNoSeriousViolations, prepare, seedCart, url } from '../cart/cart-helpers.ts';
import { viewport } from '../chrome/helpers.ts';
import { fakeSession, storeSession } from '../setup/session.ts';

test('a rendering error in the mini cart shows the fallback, not a blank area; the rest of the page works', async ({ page, context }) => {
  await prepare(context, 'de');
  await page.setViewportSize(viewport(1280));
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await page.goto(url('de', aboutPath('de')));
  await page.waitForLoadState('networkidle');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // The mini cart renders money; from now on a string built-in its amounts use fails (as a broken
  // polyfill or an extension might make it: String.prototype.padStart writes the cents,
  // src/catalog/prices.ts formatAmount), so the island throws while rendering its lines.
  await page.evaluate(() => {
    String.prototype.padStart = () => {
      throw new Error('padStart is broken');
    };
  });
  await page.locator('[data-cart-link]').click();
  const fallback = page.locator('[data-island-fallback]');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('role', 'alert');
  await expect(fallback).toContainText('Dieser Bereich konnte nicht geladen werden.');
  await expect(fallback.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
  expect(errors.some((e) => e.includes('island failed to render'))).toBe(true);
  // the page around it is intact
  await expect(page.locator('main h1')).toBeVisible();
  await expectNoSeriousViolations(page, '[data-island-fallback]');
  await fallback.getByRole('button', { name: 'Seite neu laden' }).click();
  await page.waitForLoadState('load');
  await expect(page.locator('[data-island-fallback]')).toHaveCount(0);
});

for (const shop of ['de', 'ro'] as const) {
  test(`${shop}: the cart with the shop API unreachable links to the server-error page; its Retry clears storage and comes back`, async ({ page, context }) => {
    await prepare(context, shop);
    await seedCart(page, shop, [{ productId: F.simpleProductId, quantity: 1 }]);
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto(url(shop, '/cart'));
    const error = page.locator('[data-cart-error]');
    await expect(error).toContainText(shop === 'de' ? 'Bei der Verbindung zum Server ist ein Fehler aufgetreten.' : 'A apărut o eroare la conectarea la server.');
    const link = error.getByRole('link', { name: shop === 'de' ? 'Hilfe und Kontakt bei Verbindungsproblemen' : 'Ajutor și contact la probleme de conexiune' });
    await expect(link).toHaveAttribute('href', '/server-error?from=%2Fcart');
    await link.click();
    await expect(page).toHaveURL(/\/server-error\?from=%2Fcart$/);
    expect(await page.evaluate(() => localStorage.getItem('cart_id'))).not.toBeNull();
    await page.getByRole('button', { name: shop === 'de' ? 'Erneut versuchen' : 'Încearcă din nou' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    expect(await page.evaluate(() => localStorage.getItem('cart_id'))).toBeNull();
  });
}

for (const shop of ['de', 'ro'] as const) {
  test(`${shop}: the checkout with the shop API unreachable says the connection text (not 'your cart is empty') and offers Retry`, async ({ page, context }) => {
    await prepare(context, shop);
    await seedCart(page, shop, [{ productId: F.simpleProductId, quantity: 1 }]);
    // The stored lines gone too (another tab emptied them, storage cleared): only the cart id is left.
    await page.evaluate(() => localStorage.setItem('cart_items', '[]'));
    let down = true;
    await page.route('**/api/**', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
    await page.goto(url(shop, '/checkout'));
    const error = page.locator('[data-cart-error]');
    await expect(error).toContainText(shop === 'de' ? 'Bei der Verbindung zum Server ist ein Fehler aufgetreten.' : 'A apărut o eroare la conectarea la server.');
    await expect(error.getByRole('link')).toHaveAttribute('href', '/server-error?from=%2Fcheckout');
    await expect(page.locator('[data-checkout-empty]')).toHaveCount(0);
    // The API back: Retry reads the cart, and the checkout shows its line.
    down = false;
    await error.getByRole('button', { name: shop === 'de' ? 'Erneut versuchen' : 'Încercați din nou' }).click();
    await expect(page.locator('[data-checkout-line]')).toHaveCount(1);
    await expect(page.locator('[data-cart-error]')).toHaveCount(0);
  });
}

test('de: the account with the shop API unreachable says the connection text and links to the server-error page', async ({ page, context }) => {
  await prepare(context, 'de');
  await seedCart(page, 'de', [{ productId: F.simpleProductId, quantity: 1 }]);
  await storeSession(page, fakeSession());
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  const connection = 'Bei der Verbindung zum Server ist ein Fehler aufgetreten.';
  const linkName = 'Hilfe und Kontakt bei Verbindungsproblemen';

  await page.goto(url('de', '/account'));
  const accountAlert = page.getByRole('region', { name: 'Persönliche Daten' }).getByRole('alert');
  await expect(accountAlert).toContainText(connection);
  await expect(accountAlert).toBeVisible();
  await expect(accountAlert.getByRole('link', { name: linkName })).toHaveAttribute('href', '/server-error?from=%2Faccount');
});
