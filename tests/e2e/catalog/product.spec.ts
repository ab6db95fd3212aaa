/** The product page in Chromium: variant selection by colour and size, quantity step, tabs. */
import { expect, test } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { shopUrl } from '../setup/paths.ts';
import { testCatalog } from '../setup/catalog.ts';

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
