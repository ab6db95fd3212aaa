/** The listing island in Chromium: sort, filter, pages, load more, shared URLs and the back button. */
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { shopUrl } from '../setup/paths.ts';
import { testCatalog } from '../setup/catalog.ts';
import { read } from './site-files.ts';

const root = testCatalog('de').category(F.rootCategoryIds[0])!; // Werkzeug: several pages
const euros = (text: string) =>
  Number(
    text
      .replace(/\s*€.*$/s, '')
      .replace(/\./g, '')
      .replace(',', '.'),
  );
const prices = async (page: Page) => (await page.locator('.card-price').allTextContents()).map(euros);
const settled = (page: Page, search: string) => expect(page.locator('#listing')).toHaveAttribute('data-state', search || '?');
const count = async (page: Page) => Number((await page.locator('.listing-count').textContent())!.replace(/\D/g, ''));
/**
 * Clicks a control below the cards as a shopper does: scrolled to first, and once it stays where it
 * is. The cards are `content-visibility: auto` (catalog.scss): those that come into view with the
 * scroll are laid out at their real height, not their 20rem estimate, and the pager moves. A click
 * at the place the pager had a frame before lands on the pager's container, and nothing happens.
 */
const clickBelowCards = async (page: Page, selector: string) => {
  const target = page.locator(selector);
  await target.scrollIntoViewIfNeeded();
  const top = async () => {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return (await target.boundingBox())?.y;
  };
  let before = await top();
  await expect.poll(async () => before === (before = await top())).toBe(true);
  await target.click();
};

test('the first page is HTML, in the default order (sales count)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl('de', root.url));
  await expect(page.locator('.cards .card')).toHaveCount(24);
  const first = JSON.parse(read('de', `/listing-data/c${root.id}.json`)).items[0] as { id: number };
  await expect(page.locator('.cards .card').first()).toHaveAttribute('data-id', String(first.id));
  await context.close();
});

test('a category links its subcategories that have products, in order, also without JavaScript (the way down for crawlers)', async ({ browser }) => {
  const rows = testCatalog('de').categories();
  const parent =
    rows.find((c) => c.visible && rows.some((k) => k.parent === c.id && k.count === 0) && rows.some((k) => k.parent === c.id && k.count > 0)) ??
    rows.find((c) => c.visible && rows.some((k) => k.parent === c.id && k.count > 0))!;
  const expected = rows.filter((k) => k.parent === parent.id && k.visible && k.count > 0).sort((a, b) => a.position - b.position);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl('de', parent.url));
  const links = page.locator('nav.subcategories a');
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(expected.map((k) => k.url));
  await expect(links.first()).toContainText(`${expected[0]!.title} (${expected[0]!.count})`);
  await context.close();
});

test('sorts by price, up and down, and keeps the sort in the URL', async ({ page }) => {
  await page.goto(shopUrl('de', root.url));
  await page.selectOption('#listing-sort', 'price-asc');
  await settled(page, '?sort=price-asc');
  await expect(page).toHaveURL(/\?sort=price-asc$/);
  const up = await prices(page);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await page.selectOption('#listing-sort', 'price-desc');
  await settled(page, '?sort=price-desc');
  const down = await prices(page);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  expect(down[0]).toBeGreaterThanOrEqual(up.at(-1)!);
});

test('filters by brand and availability with counts, and the back button undoes a filter', async ({ page }) => {
  await page.goto(shopUrl('de', root.url));
  const total = await count(page);
  const brand = page.locator('input[name="brand"]:not([disabled])').first();
  const brandCount = Number((await page.locator(`label[for="${await brand.getAttribute('id')}"] .count`).textContent())!.replace(/\D/g, ''));
  const brandId = await brand.getAttribute('value');
  await brand.check();
  await settled(page, `?brand=${brandId}`);
  expect(await count(page)).toBe(brandCount);
  await expect(page.locator('.cards .card')).toHaveCount(Math.min(24, brandCount));
  await page.locator('#f-stock').check();
  await settled(page, `?brand=${brandId}&stock=1`);
  await expect(page.locator('.card-stock.is-out')).toHaveCount(0);
  await page.goBack();
  await settled(page, `?brand=${brandId}`);
  await expect(page.locator(`#f-brand-${brandId}`)).toBeChecked();
  await expect(page.locator('#f-stock')).not.toBeChecked();
  await page.goBack();
  await settled(page, '');
  expect(await count(page)).toBe(total);
});

test('filters by subcategory and price range', async ({ page }) => {
  await page.goto(shopUrl('de', root.url));
  const sub = page.locator('input[name="cat"]').first();
  const id = await sub.getAttribute('value');
  await sub.check();
  await settled(page, `?cat=${id}`);
  await page.fill('#f-min', '10');
  await page.fill('#f-max', '50');
  await page.press('#f-max', 'Enter');
  await settled(page, `?cat=${id}&min=10&max=50`);
  for (const p of await prices(page)) expect(p >= 10 && p < 51).toBe(true);
});

test('pages further and loads more', async ({ page }) => {
  await page.goto(shopUrl('de', root.url));
  const firstPage = await page.locator('.cards .card').first().getAttribute('data-id');
  await clickBelowCards(page, '.pager a[data-page="2"]:not([rel])');
  await settled(page, '?page=2');
  await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('2');
  expect(await page.locator('.cards .card').first().getAttribute('data-id')).not.toBe(firstPage);
  await clickBelowCards(page, '.pager a[data-page="1"]:not([rel])');
  await settled(page, '');
  await clickBelowCards(page, '.load-more');
  await settled(page, '?more=1');
  await expect(page.locator('.cards .card')).toHaveCount(48);
  await expect(page.locator('.cards .card').first()).toHaveAttribute('data-id', firstPage!);
});

test('a shared listing link opens in its state', async ({ page }) => {
  await page.goto(shopUrl('de', `${root.url}?sort=price-desc&stock=1&page=2`));
  await settled(page, '?sort=price-desc&stock=1&page=2');
  await expect(page.locator('#listing-sort')).toHaveValue('price-desc');
  await expect(page.locator('#f-stock')).toBeChecked();
  await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('2');
  const down = await prices(page);
  expect(down).toEqual([...down].sort((a, b) => b - a));
});

test('brand, listing content and grid listings work the same way (ro)', async ({ page }) => {
  const catalog = testCatalog('ro');
  for (const path of [catalog.brand(F.listing.brandId)!.url, catalog.content(F.listingContentId)!.url, '/shop-grid-standard/promotions']) {
    await page.goto(shopUrl('ro', path));
    await expect(page.locator('.cards .card').first()).toBeVisible();
    await page.selectOption('#listing-sort', 'name');
    await settled(page, '?sort=name');
    const titles = await page.locator('.card-title').allTextContents();
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ro', { numeric: true, sensitivity: 'base' }).compare));
  }
});
