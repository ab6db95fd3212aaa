/**
 * Issue 6 item 7 in Chromium: the product page corrects the build's price and stock from the shop
 * API (GET /api/products/{id}) in place, without layout shift; a sold-out answer disables the
 * button; a failing or malformed answer keeps the static values; answers are cached 300 s.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { E2E, shopUrl } from '../setup/paths.ts';
import { DE, catalog, modesOf, money } from './expected.ts';
import { watchIntlFormatters } from '../setup/intl.ts';

const simple = catalog.product(F.simpleProductId)!;
const variantProduct = catalog.product(F.variantProductId)!;

// A route still fetching the real answer when a test ends (a second mode's request) would fail
// after the test, in whatever test runs next on the worker: let it go quietly.
test.afterEach(async ({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

/** Sums layout shifts not caused by input, from the start of the page. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

type Answer = { status_code: number; data: { id: number; variants: { id: number; quantity: number; taxed_price: number; taxed_promo_price: number; is_promo: boolean }[] } };

/** Answers /api/products/{id} with the real answer changed by `change`; counts the calls. */
async function changeAnswer(page: Page, change: (a: Answer) => void) {
  const calls: string[] = [];
  await page.route('**/api/products/*', async (route: Route) => {
    calls.push(route.request().url());
    // Node cannot resolve *.localhost: ask the shop API the test setup started directly.
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${E2E.apiPort}${url.pathname}${url.search}` });
    const body = (await response.json()) as Answer;
    change(body);
    await route.fulfill({ response, json: body });
  });
  return calls;
}

/** Same integer part, other cents: the same number of characters. */
const otherCents = (amount: number) => Math.floor(amount) + (Math.round((amount % 1) * 100) === 37 ? 0.73 : 0.37);

test('a changed price and stock update the page in place, without layout shift', async ({ page }) => {
  await watchShifts(page);
  const v = simple.variants.find((x) => x.isDefault) ?? simple.variants[0]!;
  const built = modesOf(simple.id).get(DE)![0];
  const fresh = otherCents(built / 100);
  const calls = await changeAnswer(page, (a) => {
    const x = a.data.variants.find((y) => y.id === v.id)!;
    x.taxed_price = fresh;
    x.taxed_promo_price = fresh;
    x.is_promo = false;
    x.quantity = 3;
  });
  await page.goto(shopUrl('de', simple.url));
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(Math.round(fresh * 100)));
  await expect(page.locator('[data-stock]')).toHaveText('Nur noch 3 auf Lager');
  await expect(page.locator('[data-stock]')).toHaveClass(/stock-low/);
  await expect(page.locator('.buy [data-add-to-cart]')).toBeEnabled();
  expect(calls[0]).toContain(`/api/products/${simple.id}?country_id=5&vat_excluded=false`);
  await page.waitForTimeout(300);
  expect(await cls(page)).toBe(0);

  // Cached 300 s: a reload shows the fresh values without asking again (younger than 30 s).
  await page.reload();
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(Math.round(fresh * 100)));
  await page.waitForTimeout(300);
  expect(calls).toHaveLength(1);
});

test('an answer with the built price leaves the price as it is, and the page makes no Intl formatter', async ({ page }) => {
  // The first Intl formatter of a page costs 20-45 ms of main thread (ICU's data): neither the
  // unchanged price nor the next-day check (the shop's clock: src/catalog/wall-clock.ts) makes one.
  const intlMade = await watchIntlFormatters(page);
  const v = simple.variants.find((x) => x.isDefault) ?? simple.variants[0]!;
  const calls = await changeAnswer(page, (a) => {
    a.data.variants.find((y) => y.id === v.id)!.quantity = 3;
  });
  await page.goto(shopUrl('de', simple.url));
  await expect(page.locator('[data-stock]')).toHaveText('Nur noch 3 auf Lager');
  await expect(page.locator('[data-next-day]')).toHaveCount(1);
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(modesOf(simple.id).get(DE)![0]));
  expect(calls).toHaveLength(1);
  expect(await intlMade()).toEqual([]);
});

test('a variant that sold out disables the add-to-cart button and marks its picker option', async ({ page }) => {
  await watchShifts(page);
  const v = variantProduct.variants.find((x) => x.isDefault) ?? variantProduct.variants[0]!;
  await changeAnswer(page, (a) => {
    a.data.variants.find((y) => y.id === v.id)!.quantity = 0;
  });
  await page.goto(shopUrl('de', variantProduct.url));
  await expect(page.locator('.buy [data-add-to-cart]')).toBeDisabled();
  await expect(page.locator('.buy [data-add-to-cart]')).toHaveText('Derzeit nicht verfügbar');
  await expect(page.locator('[data-stock]')).toHaveText('Nicht auf Lager');
  await expect(page.locator(`.picker a[data-variant="${v.id}"]`).first()).toHaveClass(/is-out/);
});

for (const [label, fulfil] of [
  ['answers 500', (r: Route) => r.fulfill({ status: 500, json: { status_code: 500, status: 'error', message: 'boom' } })],
  ['answers a malformed body', (r: Route) => r.fulfill({ status: 200, json: { status_code: 200, data: { id: 1, variants: [{ id: 'x' }] } } })],
  ['is down', (r: Route) => r.abort('connectionrefused')],
] as const) {
  test(`the API ${label}: the static price and stock stay, and it is logged`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning' && msg.text().includes('fresh product data')) warnings.push(msg.text());
    });
    await page.route('**/api/products/*', fulfil);
    await page.goto(shopUrl('de', simple.url));
    const staticPrice = await page.locator('.product-price [data-price]').textContent();
    const staticStock = await page.locator('[data-stock]').textContent();
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    await expect(page.locator('.product-price [data-price]')).toHaveText(staticPrice!);
    await expect(page.locator('.product-price [data-price]')).toHaveText(money(modesOf(simple.id).get(DE)![0]));
    await expect(page.locator('[data-stock]')).toHaveText(staticStock!);
  });
}

test('the fresh answer is asked for the selected country and VAT mode', async ({ page }) => {
  const calls = await changeAnswer(page, () => undefined);
  await page.addInitScript(() => localStorage.setItem('country_id', '13'));
  await page.goto(shopUrl('de', simple.url));
  await expect.poll(() => calls.length).toBeGreaterThan(0);
  expect(calls[0]).toContain('country_id=13&vat_excluded=false');
  // The real answer agrees with the build: the Austrian price stays what the page showed.
  await expect(page.locator('.product-price [data-price]')).toHaveText(money(modesOf(simple.id).get('13')![0]));
});
