/** Not-found reasons (spec §2) and the server-error page's Retry. */
import { expect, test } from '@playwright/test';
import { shopUrl } from '../setup/paths.ts';

const REASONS: Record<string, [string, string]> = {
  'rewriting-failed': ['Die URL konnte nicht aufgelöst werden', 'URL-ul nu a putut fi rezolvat'],
  'product-fetch-failed': ['Das angeforderte Produkt wurde nicht gefunden', 'Produsul solicitat nu a putut fi găsit'],
  'category-fetch-failed': ['Die angeforderte Kategorie wurde nicht gefunden', 'Categoria solicitată nu a putut fi găsită'],
  'brand-fetch-failed': ['Die angeforderte Marke wurde nicht gefunden', 'Marca solicitată nu a putut fi găsită'],
  'content-fetch-failed': ['Der angeforderte Inhalt wurde nicht gefunden', 'Conținutul solicitat nu a putut fi găsit'],
  'content-type-not-found': ['Der angeforderte Inhaltstyp wird nicht unterstützt', 'Tipul de conținut solicitat nu este acceptat'],
  'route-not-found': ['Die Seite wurde leider nicht gefunden.', 'Ne pare rău, pagina nu a fost găsită'],
};

for (const [reason, [de, ro]] of Object.entries(REASONS)) {
  test(`not found: ${reason}`, async ({ page }) => {
    for (const [shop, text] of [
      ['de', de],
      ['ro', ro],
    ] as const) {
      await page.goto(shopUrl(shop, `/not-found/${reason}`));
      await expect(page.locator('.not-found-reason')).toHaveText(text);
      await page.goto(shopUrl(shop, `/not-found?reason=${reason}`));
      await expect(page.locator('.not-found-reason')).toHaveText(text);
      await expect(page.locator('.breadcrumb')).toBeVisible();
      await expect(page.locator('.not-found a[href="/"]')).toBeVisible();
    }
  });
}

test('unknown paths get the not-found page with the reason read from the address', async ({ page }) => {
  let r = await page.goto(shopUrl('de', '/product/987654'));
  expect(r!.status()).toBe(404);
  await expect(page.locator('.not-found-reason')).toHaveText(REASONS['product-fetch-failed']![0]);
  r = await page.goto(shopUrl('at', '/gibt-es-nicht.html'));
  expect(r!.status()).toBe(404);
  await expect(page.locator('.not-found-reason')).toHaveText(REASONS['rewriting-failed']![0]);
  r = await page.goto(shopUrl('ro', '/a/b/c'));
  expect(r!.status()).toBe(404);
  await expect(page.locator('.not-found-reason')).toHaveText(REASONS['route-not-found']![1]);
  await page.locator('.not-found a[href="/"]').click();
  await expect(page).toHaveURL(shopUrl('ro', '/'));
});

test('server-error page: per-country contact and a Retry that clears storage and reloads', async ({ page }) => {
  await page.goto(shopUrl('at', '/server-error'));
  await expect(page.locator('.server-error')).toContainText('+43 7242 123 45');
  await expect(page.locator('.server-error')).toContainText('service@shop.at');
  await page.evaluate(() => {
    localStorage.setItem('jwt', 'x');
    localStorage.setItem('cart_id', '5');
    sessionStorage.setItem('a', 'b');
    document.cookie = 'user_identifier=1; path=/';
  });
  await Promise.all([page.waitForEvent('load'), page.locator('#retry').click()]);
  // What was stored before Retry is gone (islands of the reloaded page may store their own state again).
  expect(
    await page.evaluate(() => [localStorage.getItem('jwt'), localStorage.getItem('cart_id'), sessionStorage.getItem('a'), document.cookie.includes('user_identifier')]),
  ).toEqual([null, null, null, false]);
  await page.goto(shopUrl('ro', '/server-error'));
  await expect(page.locator('h1')).toHaveText('Ne pare rău, ceva nu a funcționat');
});
