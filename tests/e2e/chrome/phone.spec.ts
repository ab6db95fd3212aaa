/**
 * Phone and support-hours box (spec §2 Header): the build-time number shows at once, the first
 * expand fetches the live contact data (/chrome/contact.json), and a failed fetch shows the error
 * state whose button fetches again and recovers. Below 992 px a tel: link.
 */
import { expect, test } from '@playwright/test';
import { aboutPath, decided, offline, url, viewport } from './helpers.ts';

const CONTACT = '**/chrome/contact.json';

test.beforeEach(async ({ context }) => {
  await offline(context);
  await decided(context, 'de');
});

for (const width of [1280, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('a failed fetch shows the error state; fetch again recovers', async ({ page }) => {
      let calls = 0;
      await page.route(CONTACT, (route) => (calls++, route.fulfill({ status: 503, body: 'unavailable' })));
      await page.goto(url('de', aboutPath('de')));
      await page.locator('.phone-box__toggle').click();
      const panel = page.locator('.phone-box__panel');
      await expect(panel).toBeVisible();
      // The build-time number stays usable.
      await expect(panel.locator('.phone-box__number')).toHaveAttribute('href', 'tel:+493411234560');
      const error = panel.locator('.phone-box__error');
      await expect(error).toBeVisible();
      await expect(error).toHaveAttribute('role', 'alert');
      await expect(error).toContainText('Die aktuellen Servicezeiten konnten nicht geladen werden.');
      await expect(panel.locator('.phone-box__hours')).toHaveCount(0);
      expect(calls).toBe(1);

      await page.unroute(CONTACT);
      const served = page.waitForResponse((r) => r.url().endsWith('/chrome/contact.json') && r.ok());
      await error.getByRole('button', { name: 'Erneut laden' }).click();
      // The JSON the build writes carries the shop configuration.
      expect(await (await served).json()).toEqual({ phone: '+49 341 123 456 0', tel: '+493411234560', hours: 'Mo–Fr 8:00–17:00' });
      await expect(error).toHaveCount(0);
      await expect(panel.locator('.phone-box__number')).toHaveText('+49 341 123 456 0');
      await expect(panel.locator('.phone-box__number')).toHaveAttribute('href', 'tel:+493411234560');
      await expect(panel.locator('.phone-box__hours')).toHaveText('Erreichbar: Mo–Fr 8:00–17:00');
      await expect(panel.locator('.phone-box__number')).toBeFocused();
    });

    test('the first expand shows the live contact data from the JSON the build writes', async ({ page }) => {
      await page.route(CONTACT, (route) => route.fulfill({ json: { phone: '0341 999', tel: '+49341999', hours: 'Mo–Sa 7:00–20:00' } }));
      await page.goto(url('de', aboutPath('de')));
      // Before hydration the server HTML carries the build-time number already.
      expect(await page.locator('.phone-box__number').getAttribute('href')).toBe('tel:+493411234560');
      await page.locator('.phone-box__toggle').click();
      const panel = page.locator('.phone-box__panel');
      await expect(panel.locator('.phone-box__hours')).toHaveText('Erreichbar: Mo–Sa 7:00–20:00');
      await expect(panel.locator('.phone-box__number')).toHaveAttribute('href', 'tel:+49341999');
    });
  });
}

test('at 390 px a tel: link, no box and no fetch', async ({ page }) => {
  let calls = 0;
  await page.route(CONTACT, (route) => (calls++, route.continue()));
  await page.setViewportSize(viewport(390));
  await page.goto(url('de', aboutPath('de')));
  await expect(page.locator('.phone-box')).toBeHidden();
  await expect(page.locator('.phone-mobile')).toBeVisible();
  await expect(page.locator('.phone-mobile')).toHaveAttribute('href', 'tel:+493411234560');
  expect(calls).toBe(0);
});
