/**
 * Error reporting (issue 15 item 6, spec §9): the SDK loads only for a shop with a DSN (the at
 * test shop: SHOP_ERROR_DSN), and only after the first interaction; then errors reach the DSN.
 * Without a DSN nothing loads.
 */
import { expect as baseExpect, test } from '@playwright/test';

// Islands hydrate and the shop API answers slowly on a loaded machine: generous waits, a longer test time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
import { aboutPath, decided, offline, url } from '../chrome/helpers.ts';

test('with a DSN: nothing before interaction, the SDK after it, and an error is sent; without one: nothing at all', async ({ page, context }) => {
  await offline(context);
  await decided(context, 'at');
  await decided(context, 'de');
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  const envelopes: string[] = [];
  await page.route(/errors\.localhost\/api\/4242\/envelope/, (route) => {
    envelopes.push(route.request().postData() ?? '');
    return route.fulfill({ status: 200, body: '{}' });
  });
  await page.goto(url('at', aboutPath('at')));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /error-reporting/.test(s))).toEqual([]);
  await page.keyboard.press('Shift');
  await expect.poll(() => scripts.filter((s) => /error-reporting/.test(s)).length).toBeGreaterThan(0);
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('reported by the browser test');
    }),
  );
  // The SDK loads when the browser is idle (requestIdleCallback, up to 3 s) and is large to parse: generous on a loaded machine.
  await expect.poll(() => envelopes.some((e) => e.includes('reported by the browser test')), { timeout: 30_000 }).toBe(true);

  scripts.length = 0;
  await page.goto(url('de', aboutPath('de')));
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Shift');
  await page.waitForTimeout(1000);
  expect(scripts.filter((s) => /error-reporting|sentry/i.test(s))).toEqual([]);
});
