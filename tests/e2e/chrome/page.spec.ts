/** Around the page (issue 4 §5): consent, scroll-to-top, WhatsApp, review badge, version check, return location. */
import { expect, test } from '@playwright/test';
import { behavioursLoaded } from '../setup/behaviours.ts';
import { aboutPath, dataProtectionPath, decided, offline, url, viewport, WIDTHS } from './helpers.ts';

test.beforeEach(async ({ context }) => {
  await offline(context);
});

for (const [name, width] of Object.entries(WIDTHS)) {
  test.describe(`at ${width} px (${name})`, () => {
    test.use({ viewport: viewport(width) });

    test('consent: accept sets CookieConsentGA=granted for 150 days, grants consent and only then loads the tag manager', async ({ page, context }) => {
      const gtm: string[] = [];
      await page.route('https://www.googletagmanager.com/**', (route) => {
        gtm.push(route.request().url());
        return route.fulfill({ body: '', contentType: 'text/javascript' });
      });
      await page.goto(url('de', aboutPath('de')));
      const banner = page.locator('[data-consent]');
      await expect(banner).toBeVisible();
      await behavioursLoaded(page);
      await expect(banner.getByRole('button', { name: 'Akzeptieren' })).toBeVisible();
      const consentCalls = () =>
        page.evaluate(() =>
          (window as unknown as { dataLayer: unknown[] }).dataLayer.filter((e) => (e as IArguments)[0] === 'consent').map((e) => [(e as IArguments)[1], (e as IArguments)[2]]),
        );
      expect(await consentCalls()).toEqual([['default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]]);
      expect(gtm).toEqual([]);
      const before = Date.now() / 1000;
      await banner.getByRole('button', { name: 'Akzeptieren' }).click();
      await expect(banner).toBeHidden();
      const cookie = (await context.cookies()).find((c) => c.name === 'CookieConsentGA')!;
      expect(cookie.value).toBe('granted');
      expect(cookie.expires - before).toBeGreaterThan(150 * 86400 - 60);
      expect(cookie.expires - before).toBeLessThan(150 * 86400 + 60);
      await expect.poll(() => gtm.length).toBe(1);
      expect(gtm[0]).toContain('id=GTM-WERKHAUS');
      expect((await consentCalls()).at(-1)).toEqual(['update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }]);
      // Next page: no banner, consent granted from the cookie, tag manager loaded.
      await page.reload();
      await expect(banner).toBeHidden();
      await expect.poll(() => gtm.length).toBe(2);
    });

    test('consent: decline sets CookieConsentGA=denied and loads nothing', async ({ page, context }) => {
      const gtm: string[] = [];
      await page.route('https://www.googletagmanager.com/**', (route) => (gtm.push(route.request().url()), route.abort()));
      await page.goto(url('ro', aboutPath('ro')));
      await page.locator('[data-consent]').getByRole('button', { name: 'Refuz' }).click();
      await expect(page.locator('[data-consent]')).toBeHidden();
      const cookie = (await context.cookies()).find((c) => c.name === 'CookieConsentGA')!;
      expect(cookie.value).toBe('denied');
      expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(150 * 86400 - 60);
      await page.reload();
      await expect(page.locator('[data-consent]')).toBeHidden();
      expect(gtm).toEqual([]);
    });

    test('no consent banner on the data-protection page', async ({ page }) => {
      await page.goto(url('de', dataProtectionPath('de')));
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('[data-consent]')).toHaveCount(0);
    });

    test('scroll-to-top, trust badges, WhatsApp for Romania only', async ({ page, context }) => {
      await decided(context, 'de');
      await decided(context, 'ro');
      await page.goto(url('de', aboutPath('de')));
      await expect(page.locator('.trust-badges li')).toHaveCount(4);
      await expect(page.locator('[data-whatsapp]')).toHaveCount(0);
      const top = page.locator('[data-scroll-top]');
      await expect(top).toBeHidden();
      await page.evaluate(() => {
        document.body.style.minHeight = '4000px';
        scrollTo(0, 1500);
      });
      await expect(top).toBeVisible();
      await top.click();
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
      await page.goto(url('ro', aboutPath('ro')));
      await expect(page.locator('[data-whatsapp]')).toBeVisible();
      await expect(page.locator('[data-whatsapp]')).toHaveAttribute('href', 'https://wa.me/40712345678');
    });

    test('mobile review badge: visible by default below 767 px, closable, remembered in session storage', async ({ page, context }) => {
      await decided(context, 'de');
      await page.goto(url('de', aboutPath('de')));
      const badge = page.locator('[data-review-badge]');
      if (width >= 767) {
        await expect(badge).toBeHidden();
        return;
      }
      await expect(badge).toBeVisible();
      await badge.locator('[data-review-badge-close]').click();
      await expect(badge).toBeHidden();
      expect(await page.evaluate(() => sessionStorage.getItem('reviewBadgeVisible'))).toBe('false');
      await page.reload();
      await expect(badge).toBeHidden();
    });

    test('version check: a mismatch stores the last path, clears local storage, reloads and shows the toast for 15 s', async ({ page, context }) => {
      await decided(context, 'de');
      const path = aboutPath('de');
      await page.goto(url('de', path));
      // The chrome's own version check has run (after the first paint), so the stale version below is
      // met by the reload's, not by this page's check racing the test's reload.
      await behavioursLoaded(page);
      await page.evaluate(() => {
        localStorage.setItem('version', '1.0.6');
        localStorage.setItem('cart_items', '[{"id":1,"quantity":2}]');
      });
      // A paused clock: the toast's 15 s run only when the test says so.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.reload();
      await page.waitForURL(url('de', path));
      const toast = page.locator('[data-version-toast]');
      await expect(toast).toBeVisible();
      await expect(toast).toContainText('Our website has been updated');
      expect(await page.evaluate(() => [localStorage.getItem('version'), localStorage.getItem('cart_items'), localStorage.getItem('lastLocation')])).toEqual(['1.0.7', null, path]);
      const box = (await toast.boundingBox())!;
      if (width >= 767) {
        expect(box.y).toBeLessThan(40); // top right
        expect(box.x + box.width).toBeGreaterThan(width - 40);
      } else {
        expect(box.y).toBeGreaterThan(400); // bottom, full width
      }
      await page.clock.runFor(14_000);
      await expect(toast).toBeVisible();
      await page.clock.runFor(1_500);
      await expect(toast).toBeHidden();
      await page.reload();
      await expect(toast).toBeHidden();
    });

    test('the version toast closes with OK', async ({ page, context }) => {
      await decided(context, 'ro');
      await page.goto(url('ro', aboutPath('ro')));
      await behavioursLoaded(page);
      await page.evaluate(() => localStorage.setItem('version', '0.9'));
      await page.reload();
      const toast = page.locator('[data-version-toast]');
      await expect(toast).toBeVisible();
      await toast.getByRole('button', { name: 'OK' }).click();
      await expect(toast).toBeHidden();
    });

    test('return location: the current path, except login and forgot-password', async ({ page, context }) => {
      await decided(context, 'de');
      const path = aboutPath('de');
      await page.goto(url('de', `${path}?x=1`));
      await behavioursLoaded(page);
      expect(await page.evaluate(() => localStorage.getItem('lastLocation'))).toBe(`${path}?x=1`);
      await page.goto(url('de', '/login-register'));
      await behavioursLoaded(page);
      await page.goto(url('de', '/forgot-password'));
      await behavioursLoaded(page);
      expect(await page.evaluate(() => localStorage.getItem('lastLocation'))).toBe(`${path}?x=1`);
    });
  });
}
