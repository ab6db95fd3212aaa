/** Footer (issue 4 §4). */
import { expect, test } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { aboutPath, contentPath, decided, offline, url, viewport, WIDTHS } from './helpers.ts';

test.beforeEach(async ({ context }) => {
  await offline(context);
  for (const s of ['de', 'at', 'ro'] as const) await decided(context, s);
});

for (const [name, width] of Object.entries(WIDTHS)) {
  test.describe(`at ${width} px (${name})`, () => {
    test.use({ viewport: viewport(width) });

    test('contact block, links with translated slugs, images, social icons, copyright (de)', async ({ page }) => {
      await page.goto(url('de', aboutPath('de')));
      const footer = page.locator('.site-footer');
      await expect(footer.locator('address')).toContainText('Musterstraße 12');
      await expect(footer.locator('.country-prefix')).toHaveText('+49');
      await expect(footer.locator('.mail-picture')).toHaveAttribute('src', '/chrome/mail-de.svg');
      await expect(footer).toContainText('Mo–Fr 8:00–17:00');
      await expect(footer.locator('.no-pickup')).toHaveText('No pickup possible!');
      await expect(footer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', contentPath('de', F.contentPages.dataProtection));
      await expect(footer.getByRole('link', { name: 'Presse' })).toHaveAttribute('href', contentPath('de', F.contentPages.press));
      await expect(footer.locator('.social a')).toHaveCount(3); // no TikTok configured
      await expect(footer.locator('img[alt="PayPal"]')).toBeVisible();
      await expect(footer.locator('img[alt="DHL"]')).toBeVisible();
      await expect(footer.locator('.copyright')).toHaveText(`© ${new Date().getFullYear()} Werkhaus. Alle Rechte vorbehalten.`);
    });

    test('Romania: no pickup line absent, warranty and manual instead of press, partner links, TikTok', async ({ page }) => {
      await page.goto(url('ro', aboutPath('ro')));
      const footer = page.locator('.site-footer');
      await expect(footer.locator('.no-pickup')).toHaveCount(0);
      await expect(footer.locator('a[href="/conditii-de-garantie.html"]')).toBeVisible();
      await expect(footer.locator('a[href="/manual-de-utilizare-1.html"]')).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Presă' })).toHaveCount(0);
      await expect(footer.locator('a[href="https://anpc.ro/"]')).toBeVisible();
      await expect(footer.locator('.social a[aria-label="TikTok"]')).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Protecția datelor' })).toHaveAttribute('href', contentPath('ro', F.contentPages.dataProtection));
    });

    test('newsletter form goes to /newsletter?email= with the e-mail URL-encoded', async ({ page }) => {
      await page.goto(url('de', aboutPath('de')));
      await page.locator('#newsletter-email').fill('max+shop@example.de');
      await page.locator('#newsletter-email').press('Enter');
      await expect(page).toHaveURL(/\/newsletter\?email=max%2Bshop%40example\.de$/);
    });
  });
}

test('rating widget: nothing fetched before consent; with consent, badge data shown and cached in session storage for 1800 s', async ({ page, context }) => {
  // A first visit: no decision taken, the banner asks.
  await context.clearCookies();
  let calls = 0;
  await page.route('https://widgets.shopvote.de/**', (route) => {
    calls++;
    return route.fulfill({
      json: { ratingvalue: 4.8, ratingcount: 1234, reviewpage: 'https://www.shopvote.de/bewertung_werkhaus_12345.html' },
      headers: { 'access-control-allow-origin': '*' },
    });
  });
  await page.goto(url('de', aboutPath('de')), { waitUntil: 'load' });
  const badge = page.locator('[data-rating]');
  // No consent yet: nothing third-party, even with the footer in view.
  await page.locator('.site-footer').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(calls).toBe(0);
  await expect(badge).toBeHidden();
  // Consent given in the banner: the badge is fetched there and then.
  await page.locator('[data-consent-choice="granted"]').click();
  await expect(badge).toBeVisible();
  await expect.poll(() => calls).toBe(1);
  await context.addCookies([{ name: 'CookieConsentGA', value: 'granted', url: url('de', '/') }]);
  await page.evaluate(() => sessionStorage.clear());
  calls = 0;
  // A new visit (a reload would restore the scroll position, footer in view).
  await page.goto(url('de', aboutPath('de')), { waitUntil: 'load' });
  // Below the fold: nothing third-party is fetched on the first load.
  await page.waitForTimeout(500);
  expect(calls).toBe(0);
  await page.locator('.site-footer').scrollIntoViewIfNeeded();
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('4.8 von 5 Sternen aus 1234 Bewertungen');
  const cached = await page.evaluate(() => JSON.parse(sessionStorage.getItem('ratingBadge')!));
  expect(cached.data.ratingcount).toBe(1234);
  await page.reload();
  await page.locator('.site-footer').scrollIntoViewIfNeeded();
  await expect(badge).toBeVisible();
  expect(calls).toBe(1);
  // Older than 1800 s: fetched again.
  await page.evaluate(() => {
    const c = JSON.parse(sessionStorage.getItem('ratingBadge')!);
    c.at -= 1801 * 1000;
    sessionStorage.setItem('ratingBadge', JSON.stringify(c));
  });
  await page.reload();
  await page.locator('.site-footer').scrollIntoViewIfNeeded();
  await expect(badge).toBeVisible();
  await expect.poll(() => calls).toBe(2);
});

test('an unreachable or hanging rating widget neither breaks nor slows the page', async ({ page, context }) => {
  await context.addCookies([{ name: 'CookieConsentGA', value: 'granted', url: url('de', '/') }]);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route('https://widgets.shopvote.de/**', () => new Promise(() => {})); // never answers
  const started = Date.now();
  await page.goto(url('de', aboutPath('de')), { waitUntil: 'load' });
  expect(Date.now() - started).toBeLessThan(3000);
  await page.locator('.site-footer').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-rating]')).toBeHidden();
  await page.locator('.menu-toggle--wide').click();
  await expect(page.locator('#category-menu')).toBeVisible();
  expect(errors).toEqual([]);
});
