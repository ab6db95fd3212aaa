/** The product page in Chromium: variant selection by colour and size, quantity step, tabs. */
import { expect, test } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { shopUrl } from '../setup/paths.ts';
import { testCatalog } from '../setup/catalog.ts';
import { THUMB_WIDTH } from '../../../src/catalog/images.ts';

test('variant (PSE) URLs show the product with that variant selected; the pickers switch variants', async ({ page }) => {
  const product = testCatalog('de').product(F.variantProductId)!;
  const withUrls = product.variants.filter((v) => v.url);
  const target = withUrls.find((v) => !v.isDefault && v.quantity > 0) ?? withUrls[1]!;
  await page.goto(shopUrl('de', target.url!));
  await expect(page.locator('[data-ref]')).toHaveText(target.ref);
  await expect(page.locator('.add-to-cart')).toHaveAttribute('data-pse-id', String(target.id));
  for (const a of target.attributes) {
    await expect(page.locator('.picker .option[aria-current="true"]').filter({ hasText: a.value })).toHaveCount(1);
  }
  // Pick another colour: the page of that colour (same size where there is one) opens.
  const colour = target.attributes.find((a) => a.kind === 'color')!;
  const other = page.locator('.picker-color .option:not([aria-current])').first();
  const otherName = (await other.locator('.option-value').textContent())!;
  await other.click();
  await expect(page).not.toHaveURL(new RegExp(target.url!.replace('.', '\\.') + '$'));
  await expect(page.locator('.picker-color legend strong')).toHaveText(otherName);
  expect(otherName).not.toBe(colour.value);
  const now = product.variants.find((v) => v.url && page.url().endsWith(v.url))!;
  await expect(page.locator('[data-ref]')).toHaveText(now.ref);
  // Sizes show their stock for this colour.
  await expect(page.locator('.picker-size .option').first()).toBeVisible();
});

test('the gallery loads the image it shows, another when its thumbnail is picked', async ({ page }) => {
  const product = testCatalog('de').product(F.variantProductId)!;
  await page.goto(shopUrl('de', product.url));
  await page.waitForLoadState('load');
  const slides = page.locator('.gallery-slide img');
  expect(await slides.count()).toBeGreaterThan(1);
  await expect(slides.first()).toBeVisible();
  expect(await slides.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The slides not shown are not loaded with the page (they took bandwidth from the main image, the LCP).
  await expect(slides.nth(1)).toBeHidden();
  expect(await slides.nth(1).evaluate((img: HTMLImageElement) => img.currentSrc)).toBe('');
  // Thumbnails are the 128 px derivative at 64 CSS px (the 240 px one is more than twice that at DPR 1).
  const thumb = page.locator('.gallery-thumb img').first();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`-${THUMB_WIDTH}\\.webp$`));
  await page.locator('.gallery-thumb').nth(1).click();
  await expect(slides.nth(1)).toBeVisible();
  await expect(slides.first()).toBeHidden();
  await expect.poll(() => slides.nth(1).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('price, VAT label, stock badge and delivery text', async ({ page }) => {
  const catalog = testCatalog('ro');
  const low = catalog.product(F.lowStockProductId)!;
  await page.goto(shopUrl('ro', low.url));
  const q = low.variants.find((v) => v.isDefault)!.quantity;
  await expect(page.locator('[data-stock]')).toHaveText(`Ultimele ${q} bucăți în stoc`);
  await expect(page.locator('[data-vat]')).toContainText('21% TVA');
  await expect(page.locator('.delivery')).toContainText('Livrare');
  const promo = testCatalog('de').product(F.promoProductId)!;
  await page.goto(shopUrl('de', promo.url));
  await expect(page.locator('[data-was]')).toBeVisible();
  await expect(page.locator('[data-vat]')).toContainText('inkl. 19% Ust.');
});

test('quantity moves in multiples of the product step; tabs switch', async ({ page }) => {
  const product = testCatalog('de').product(F.quantityStepProductId)!;
  await page.goto(shopUrl('de', product.url));
  const qty = page.locator('#quantity');
  await expect(qty).toHaveValue(String(F.quantityStep));
  await page.locator('[data-qty="1"]').click();
  await expect(qty).toHaveValue(String(2 * F.quantityStep));
  await qty.fill('13');
  await qty.blur();
  await expect(qty).toHaveValue(String(2 * F.quantityStep));
  await expect(page.locator('#panel-features')).toBeHidden();
  await page.locator('label[for="tab-features"]').click();
  await expect(page.locator('#panel-features')).toBeVisible();
  await expect(page.locator('#panel-details')).toBeHidden();
});
