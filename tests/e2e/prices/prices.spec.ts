/**
 * Issue 6 item 6 in Chromium: every price on the page follows the header's country and the VAT
 * mode at once (static HTML included), on listings (also after the island sorted and filtered),
 * product pages (price, crossed-out price, VAT label) and accessories; the choice persists and
 * other tabs follow; a company excluding VAT sees net prices; a zero-VAT product shows VAT 0%.
 */
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { E2E, shopUrl } from '../setup/paths.ts';
import { AT, DE, catalog, modesOf, money, norm } from './expected.ts';
import { behavioursLoaded, holdBehaviours } from '../setup/behaviours.ts';

const promo = catalog.product(F.promoProductId)!;
const root = catalog.category(F.rootCategoryIds[0])!; // Werkzeug: several pages
/** The country dropdown, once the chrome (after the first paint, decision 0012) listens to it: the cards are read at once after. */
const pickCountry = async (page: Page, id: string) => {
  await behavioursLoaded(page);
  await page.locator('[data-country-select]').selectOption(id);
};
const euros = (text: string) =>
  Number(
    text
      .replace(/\s*€.*$/s, '')
      .replace(/\./g, '')
      .replace(',', '.'),
  );

/** The cards' ids and shown prices (the amount only, not the crossed-out one). */
async function cards(page: Page) {
  return page.locator('.cards .card').evaluateAll((els) =>
    els.map((el) => ({
      id: Number((el as HTMLElement).dataset.id),
      price: el.querySelector('[data-price]')?.textContent ?? '',
      was: el.querySelector('[data-was]:not([hidden])')?.lastChild?.textContent ?? '',
    })),
  );
}

async function expectCardsIn(page: Page, mode: string) {
  const shown = await cards(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const c of shown) {
    const [price, was] = modesOf(c.id).get(mode)!;
    expect(norm(c.price), `product ${c.id}`).toBe(norm(money(price)));
    expect(norm(c.was), `product ${c.id} crossed out`).toBe(was ? norm(money(was)) : '');
  }
}

test('DE -> AT on a product page: price, crossed-out price and VAT label change at once, and back', async ({ page }) => {
  const m = modesOf(promo.id);
  expect(m.get(AT)![1]).toBeGreaterThan(0); // the promo product has a crossed-out price
  await page.goto(shopUrl('de', promo.url));
  const price = page.locator('.product-price [data-price]');
  const was = page.locator('.product-price [data-was]');
  const vat = page.locator('[data-vat-modes]');
  await expect(price).toHaveText(money(m.get(DE)![0]));
  await expect(was).toContainText(money(m.get(DE)![1]));
  await expect(vat).toHaveText('inkl. 19% Ust.');
  await pickCountry(page, AT);
  await expect(price).toHaveText(money(m.get(AT)![0]));
  await expect(was).toContainText(money(m.get(AT)![1]));
  await expect(vat).toHaveText('inkl. 20% Ust.');
  // Accessories on the same page follow too.
  for (const id of await page.locator('.accessories .card').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.id)))) {
    await expect(page.locator(`.accessories .card[data-id="${id}"] [data-price]`)).toHaveText(money(modesOf(id).get(AT)![0]));
  }
  await pickCountry(page, DE);
  await expect(price).toHaveText(money(m.get(DE)![0]));
  await expect(vat).toHaveText('inkl. 19% Ust.');
});

test("DE -> AT on a listing: the HTML cards, then the island's after sorting and filtering by price", async ({ page }) => {
  await page.goto(shopUrl('de', root.url));
  await expectCardsIn(page, DE);
  await pickCountry(page, AT);
  await expectCardsIn(page, AT);

  await page.selectOption('#listing-sort', 'price-asc');
  await expect(page.locator('#listing')).toHaveAttribute('data-state', '?sort=price-asc');
  await expectCardsIn(page, AT);
  const up = (await cards(page)).map((c) => euros(c.price));
  expect(up).toEqual([...up].sort((a, b) => a - b));
  // Back to Germany: the island queries again in the new mode, still sorted by the shown prices.
  await pickCountry(page, DE);
  await expectCardsIn(page, DE);
  const upDe = (await cards(page)).map((c) => euros(c.price));
  expect(upDe).toEqual([...upDe].sort((a, b) => a - b));

  // The price filter goes by the shown (Austrian) prices.
  await pickCountry(page, AT);
  const limit = Math.floor(up[3]!);
  await page.locator('#f-max').fill(String(limit));
  await page.locator('#f-max').press('Enter');
  await expect(page.locator('#listing')).toHaveAttribute('data-state', `?sort=price-asc&max=${limit}`);
  const filtered = await cards(page);
  expect(filtered.length).toBeGreaterThan(0);
  for (const c of filtered) expect(modesOf(c.id).get(AT)![0]).toBeLessThanOrEqual(limit * 100 + 99);
  await expectCardsIn(page, AT);
});

test('the country persists on reload and a second tab follows the first', async ({ context }) => {
  const m = modesOf(promo.id);
  const one = await context.newPage();
  await one.goto(shopUrl('de', promo.url));
  await pickCountry(one, AT);
  const two = await context.newPage();
  await two.goto(shopUrl('de', promo.url));
  await expect(two.locator('.product-price [data-price]')).toHaveText(money(m.get(AT)![0]));
  await expect(two.locator('[data-country-select]')).toHaveValue(AT);
  await one.reload();
  await expect(one.locator('.product-price [data-price]')).toHaveText(money(m.get(AT)![0]));
  // A change in one tab reprices the other without a reload.
  await pickCountry(two, DE);
  await expect(one.locator('.product-price [data-price]')).toHaveText(money(m.get(DE)![0]));
  await expect(one.locator('[data-vat-modes]')).toHaveText('inkl. 19% Ust.');
});

test('a company excluding VAT sees net prices and VAT 0% on a listing and a product page', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('excludeVAT', 'true');
    localStorage.setItem('isCompany', 'true');
  });
  // The chrome writes the prices after the first paint (decision 0012); until then they are hidden.
  const held = await holdBehaviours(page, 'arrive');
  await page.goto(shopUrl('de', root.url));
  await held.requested();
  await expect(page.locator('.card [data-pm]').first()).toBeHidden();
  await held.release();
  await behavioursLoaded(page);
  await expect(page.locator('.card [data-pm]').first()).toBeVisible();
  await expectCardsIn(page, 'n');
  await page.goto(shopUrl('de', promo.url));
  await behavioursLoaded(page);
  const m = modesOf(promo.id);
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(m.get('n')![0]));
  await expect(page.locator('[data-vat-modes]')).toHaveText('VAT 0%');
  await expect(page.locator('[data-vat0]')).toBeVisible();
});

test('a zero-VAT product shows its net price and VAT 0% in Germany, the Austrian gross price in Austria', async ({ page }) => {
  const id = catalog
    .listingProducts()
    .map((p) => p.card.id)
    .find((pid) => pid > F.specialProducts && catalog.product(pid)!.categoryIds.includes(E2E.zeroVatCategoryId));
  expect(id, 'a product in the zero-VAT category').toBeDefined();
  const product = catalog.product(id!)!;
  const m = modesOf(product.id);
  expect(m.get(DE)![0]).toBe(m.get('n')![0]);
  await page.goto(shopUrl('de', product.url));
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(m.get(DE)![0]));
  await expect(page.locator('[data-vat-modes]')).toHaveText('VAT 0%');
  await pickCountry(page, AT);
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(m.get(AT)![0]));
  await expect(page.locator('[data-vat-modes]')).toHaveText('inkl. 20% Ust.');
  expect(m.get(AT)![0]).toBeGreaterThan(m.get(DE)![0]);
});
