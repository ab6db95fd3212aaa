/**
 * The advent calendar (issue 15 item 3): 24 doors from the export (the content's postscriptum),
 * opened in the browser by the shop's own time zone on a static page. The browser clock is fixed.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';

// Islands hydrate and the shop API answers slowly on a loaded machine: generous waits, a longer test time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { testCatalog } from '../setup/catalog.ts';
import { contentPath, decided, offline, url, viewport, type Shop } from '../chrome/helpers.ts';
import { expectNoSeriousViolations } from '../cart/cart-helpers.ts';
import { watchIntlFormatters } from '../setup/intl.ts';
import { holdBehaviours } from '../setup/behaviours.ts';
import { stallingProxy } from '../setup/stalling-proxy.ts';

const doors = (page: Page) => page.locator('[data-door]');
const door = (page: Page, day: number) => page.locator(`[data-door="${day}"]`);

async function openAt(page: Page, shop: Shop, iso: string, path = '/advent-calendar') {
  await page.clock.setFixedTime(new Date(iso));
  await page.goto(url(shop, path));
  await expect(page.locator('[data-advent-status]')).not.toBeEmpty();
}

async function expectOpen(page: Page, open: number) {
  await expect(doors(page)).toHaveCount(24);
  await expect(page.locator('[data-door].is-open')).toHaveCount(open);
  for (const day of [1, 12, 13, 24]) {
    const d = door(page, day);
    if (day <= open) {
      await expect(d.locator('[data-door-open]')).toBeVisible();
      await expect(d.locator('[data-door-closed]')).toBeHidden();
    } else {
      // closed: nothing to click, the offer not shown
      await expect(d.locator('[data-door-closed]')).toBeVisible();
      await expect(d.locator('[data-door-open]')).toBeHidden();
      await expect(d.locator('[data-door-closed]').locator('a, button')).toHaveCount(0);
    }
  }
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

const STATUS = {
  de: { before: 'Das erste Türchen öffnet sich am 1. Dezember.', today: (n: number) => `Heute ist Türchen ${n} geöffnet.` },
  ro: { before: 'Prima fereastră se deschide pe 1 decembrie.', today: (n: number) => `Astăzi este deschisă fereastra ${n}.` },
};

for (const shop of ['de', 'ro'] as const) {
  test.describe(`${shop} shop`, () => {
    test.beforeEach(async ({ context }) => decided(context, shop));

    test('November: every door closed', async ({ page }) => {
      await openAt(page, shop, '2026-11-20T12:00:00Z');
      await expectOpen(page, 0);
      await expect(page.locator('[data-advent-status]')).toHaveText(STATUS[shop].before);
    });

    test('1 December: door 1 open with its product, the rest closed', async ({ page }) => {
      await openAt(page, shop, '2026-12-01T08:00:00Z');
      await expectOpen(page, 1);
      await expect(page.locator('[data-advent-status]')).toHaveText(STATUS[shop].today(1));
      const first = F.advent.doors[0]!;
      const product = testCatalog(shop).product('productId' in first ? first.productId : 0)!;
      const link = door(page, 1).getByRole('link', { name: product.title });
      await expect(link).toHaveAttribute('href', product.url);
      await expect(door(page, 1).locator('[data-price]')).not.toBeEmpty();
      await expect(door(page, 1).locator('[data-door-today]')).toBeVisible();
    });

    test('12 December: doors 1-12 open (a coupon door among them), 13-24 closed', async ({ page }) => {
      await openAt(page, shop, '2026-12-12T10:00:00Z');
      await expectOpen(page, 12);
      await expect(page.locator('[data-advent-status]')).toHaveText(STATUS[shop].today(12));
      const coupon = F.advent.doors.find((d) => 'coupon' in d && d.day <= 12)!;
      await expect(door(page, coupon.day).locator('.coupon-code')).toHaveText('coupon' in coupon ? coupon.coupon : '');
      await expect(door(page, 12).locator('[data-door-today]')).toBeVisible();
      await expect(door(page, 11).locator('[data-door-today]')).toBeHidden();
    });

    test('24 December: every door open', async ({ page }) => {
      await openAt(page, shop, '2026-12-24T15:00:00Z');
      await expectOpen(page, 24);
      await expect(page.locator('[data-advent-status]')).toHaveText(STATUS[shop].today(24));
    });
  });
}

test('the shop time zone decides: 22:30 UTC on 30 November is 1 December in Bucharest, not yet in Berlin or Vienna', async ({ page, context }) => {
  for (const shop of ['de', 'at', 'ro'] as const) await decided(context, shop);
  // The shop's clock without an Intl formatter (src/catalog/wall-clock.ts): a page's first one
  // costs 20-45 ms of main thread. Read on each page (the record starts again with each load).
  const intlMade = await watchIntlFormatters(page);
  const check = async (shop: Shop, iso: string, open: number) => {
    await openAt(page, shop, iso);
    await expectOpen(page, open);
    expect(await intlMade(), shop).toEqual([]);
  };
  await check('ro', '2026-11-30T22:30:00Z', 1);
  await check('de', '2026-11-30T22:30:00Z', 0);
  await check('at', '2026-11-30T22:30:00Z', 0);
  // 23:30 UTC on 11 December is the 12th in Vienna
  await check('at', '2026-12-11T23:30:00Z', 12);
});

// With the clock fixed, Playwright's fake `performance` lists no paint entries, so a page that
// paints before it is parsed to its end has its first paint in the past when the painted
// islands start (at DOMContentLoaded): they must still load (src/integrations/painted-directive.ts).
for (const shop of ['de', 'ro'] as const) {
  test(`${shop}: the doors open when the page paints before its HTML has all arrived (clock fixed)`, async ({ page, context }) => {
    await decided(context, shop);
    const { server, url: stalled } = await stallingProxy(shop, '/advent-calendar', (html) => {
      const at = html.indexOf('</h1>');
      expect(at, 'the calendar has its heading').toBeGreaterThan(0);
      expect(html.indexOf('data-advent-status'), 'the heading comes before the calendar').toBeGreaterThan(at);
      return at + '</h1>'.length;
    });
    try {
      await page.clock.setFixedTime(new Date('2026-12-12T10:00:00Z'));
      await page.goto(stalled);
      expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), 'the fake clock hides the paint entries').toBe(0);
      await expectOpen(page, 12);
      await expect(page.locator('[data-advent-status]')).toHaveText(STATUS[shop].today(12));
    } finally {
      server.close();
    }
  });
}

test('until the calendar script has run (after the first paint) no door shows a state, then the right doors open', async ({ page, context }) => {
  await decided(context, 'de');
  const held = await holdBehaviours(page, 'arrive');
  await page.clock.setFixedTime(new Date('2026-12-12T10:00:00Z'));
  await page.goto(url('de', '/advent-calendar'));
  await held.requested();
  await expect(doors(page)).toHaveCount(24);
  for (const day of [1, 12, 13, 24]) {
    await expect(door(page, day).locator('[data-door-closed]')).toBeHidden();
    await expect(door(page, day).locator('[data-door-open]')).toBeHidden();
  }
  await held.release();
  await expectOpen(page, 12);
  await expect(page.locator('[data-advent-status]')).toHaveText(STATUS.de.today(12));
});

test('the translated slug is the calendar too; the header button is not shown on it, the seasonal banner links to it', async ({ page, context }) => {
  await decided(context, 'de');
  await page.setViewportSize(viewport(1280));
  const own = contentPath('de', F.contentPages.adventCalendar);
  expect(own).not.toBe('/advent-calendar');
  await openAt(page, 'de', '2026-12-05T10:00:00Z', own);
  await expectOpen(page, 5);
  await expect(page.locator('.advent-button')).toHaveCount(0);
  await page.goto(url('de', '/agb.html'));
  await expect(page.locator('.advent-button')).toBeVisible();
  await page.setViewportSize(viewport(390));
  await expect(page.locator('.advent-banner')).toHaveAttribute('href', '/advent-calendar');
});

for (const shop of ['de', 'ro'] as const)
  for (const width of [390, 1280]) {
    test(`${shop} at ${width} px: axe finds no serious violation on the calendar`, async ({ page, context }) => {
      await decided(context, shop);
      await page.setViewportSize(viewport(width));
      await openAt(page, shop, '2026-12-12T10:00:00Z');
      await expectNoSeriousViolations(page);
    });
  }
