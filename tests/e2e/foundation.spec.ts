/**
 * The foundation end to end: in each shop, a product, a variant, a category and a content page
 * open at their friendly URLs in the shop's language, and superseded URLs lead there with 301.
 */
import { expect, test } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../scripts/sample/fixtures.ts';
import { testCatalog } from './setup/catalog.ts';
import { shopUrl } from './setup/paths.ts';

const LANG = { de: 'de-DE', at: 'de-AT', ro: 'ro-RO' } as const;

for (const shop of ['de', 'at', 'ro'] as const) {
  test.describe(`the ${shop} shop`, () => {
    const catalog = testCatalog(shop);

    test('opens a product page at its friendly URL', async ({ page }) => {
      const product = catalog.product(F.simpleProductId)!;
      const response = await page.goto(shopUrl(shop, product.url));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', LANG[shop]);
      await expect(page.locator('h1')).toHaveText(product.title);
      await expect(page).toHaveTitle(new RegExp(product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    });

    test('opens a variant page with that variant selected', async ({ page }) => {
      const product = catalog.product(F.variantProductId)!;
      const variant = product.variants.find((v) => v.url && !v.isDefault)!;
      await page.goto(shopUrl(shop, variant.url!));
      await expect(page.locator('h1')).toContainText(product.title);
      await expect(page.getByText(variant.ref, { exact: true }).first()).toBeVisible();
    });

    test('opens a category page listing its products', async ({ page }) => {
      const category = catalog.category(F.deepestCategoryId)!;
      await page.goto(shopUrl(shop, category.url));
      await expect(page.locator('h1')).toHaveText(category.title);
      const first = catalog.cardsInCategories([category.id], 1).cards[0]!;
      await expect(page.locator(`a[href="${first.url}"]`).first()).toBeVisible();
    });

    test('opens a content page', async ({ page }) => {
      const content = catalog.content(F.contentPages.imprint)!;
      await page.goto(shopUrl(shop, content.url));
      await expect(page.locator('h1')).toHaveText(content.title);
    });

    test('follows a superseded URL with a 301 to the current one', async ({ page }) => {
      const rule = catalog.redirects()[0]!;
      const redirects: number[] = [];
      page.on('response', (r) => r.status() >= 300 && r.status() < 400 && redirects.push(r.status()));
      await page.goto(shopUrl(shop, rule.from));
      expect(new URL(page.url()).pathname).toBe(rule.to);
      expect(redirects).toEqual([301]);
    });

    test('/product/{id} redirects to the product; a product without price has no page', async ({ page }) => {
      await page.goto(shopUrl(shop, `/product/${F.simpleProductId}`));
      expect(new URL(page.url()).pathname).toBe(catalog.product(F.simpleProductId)!.url);
      const response = await page.goto(shopUrl(shop, `/product/${F.zeroPriceProductId}`));
      expect(response?.status()).toBe(404);
    });
  });
}

test('a redirect chain A -> B -> C ends at C in one hop', async ({ page }) => {
  const [a, b, c] = F.redirectChain.urls;
  const shop = { de_DE: 'de', de_AT: 'at', ro_RO: 'ro' }[F.redirectChain.locale];
  for (const from of [a, b]) {
    const statuses: number[] = [];
    page.on('response', (r) => statuses.push(r.status()));
    await page.goto(shopUrl(shop, `/${from}`));
    expect(new URL(page.url()).pathname).toBe(`/${c}`);
    expect(statuses.filter((s) => s === 301)).toHaveLength(1);
    page.removeAllListeners('response');
  }
});
