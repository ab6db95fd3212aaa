/** The reviews tab loads approved reviews from the shop API when opened, as text, and survives a failing API. */
import { expect, test } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { testCatalog } from '../setup/catalog.ts';
import { shopUrl } from '../setup/paths.ts';

const review = {
  id: 1,
  product_id: F.simpleProductId,
  pse_id: 10,
  customer_name: 'Anna B.',
  rating: 4,
  title: 'Sehr solide',
  content: '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 1">',
  created_at: '2026-10-01T10:00:00Z',
};

test('opening the reviews tab loads the approved reviews and renders them as text', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/comments/*', (route) => {
    calls++;
    return route.fulfill({ json: { status_code: 200, data: [review] } });
  });
  await page.goto(shopUrl('de', testCatalog('de').product(F.simpleProductId)!.url));
  expect(calls).toBe(0);
  await page.locator('label[for="tab-reviews"]').click();
  const panel = page.locator('#panel-reviews');
  await expect(panel.getByRole('heading', { name: 'Sehr solide' })).toBeVisible();
  await expect(panel).toContainText('<script>window.pwned = 1</script>');
  await expect(panel.locator('[data-reviews-list]').getByLabel('4 von 5 Sternen')).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(new URL(page.url()).pathname).toBe(testCatalog('de').product(F.simpleProductId)!.url);
  expect(calls).toBe(1);
});

test('no reviews yet says so; a failing API shows the server message and the next opening retries', async ({ page }) => {
  let fail = true;
  await page.route('**/api/comments/*', (route) => (fail ? route.fulfill({ status: 500, body: 'oops' }) : route.fulfill({ json: { status_code: 200, data: [] } })));
  await page.goto(shopUrl('ro', testCatalog('ro').product(F.simpleProductId)!.url));
  await page.locator('label[for="tab-reviews"]').click();
  const status = page.locator('#panel-reviews [data-reviews-status]');
  await expect(status).toHaveText('A apărut o eroare la conectarea la server. Vă rugăm să încercați din nou mai târziu.');
  fail = false;
  await page.locator('label[for="tab-details"]').click();
  await page.locator('label[for="tab-reviews"]').click();
  await expect(status).toHaveText('Acest produs nu are încă recenzii.');
});

test('a change of the tab while its reviews load asks the shop API once (the painted directive replays early changes)', async ({ page }) => {
  let calls = 0;
  let release: () => void = () => {};
  const answered = new Promise<void>((done) => (release = done));
  await page.route('**/api/comments/*', async (route) => {
    calls++;
    await answered;
    await route.fulfill({ json: { status_code: 200, data: [review] } });
  });
  await page.goto(shopUrl('at', testCatalog('at').product(F.simpleProductId)!.url));
  await page.locator('label[for="tab-reviews"]').click();
  await expect.poll(() => calls).toBe(1);
  // The same change again while the first load waits for its answer, as the directive replays it.
  await page.locator('#tab-reviews').dispatchEvent('change');
  await page.locator('#tab-reviews').dispatchEvent('change');
  release();
  await expect(page.locator('#panel-reviews').getByRole('heading', { name: 'Sehr solide' })).toBeVisible();
  await page.waitForTimeout(200);
  expect(calls).toBe(1);
});
