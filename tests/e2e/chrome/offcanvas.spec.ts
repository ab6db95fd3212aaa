/**
 * The off-canvas category menu (below 1200 px) is a modal navigation, driven by keyboard alone:
 * focus moves in on open, Tab and Shift+Tab stay inside, Escape and an outside click close it with
 * focus back on its button, the rest of the page is inert, page scroll locked.
 */
import { expect, test, type Page } from '@playwright/test';
import { aboutPath, decided, offline, url, viewport } from './helpers.ts';

test.beforeEach(async ({ context }) => {
  await offline(context);
  await decided(context, 'de');
});

const toggle = (page: Page) => page.locator('.menu-toggle--narrow');
const menu = (page: Page) => page.locator('#category-menu');
const focusInMenu = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('#category-menu'));

/** The focusable controls the shopper can reach outside the menu, and whether each is inert. */
const outside = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, [tabindex]')]
      .filter((el) => !el.closest('#category-menu') && el.getClientRects().length > 0)
      .map((el) => !!el.closest('[inert]')),
  );

/** Tab from the top of the page to the menu button, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<typeof toggle>) {
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

for (const width of [390, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('keyboard only: modal dialog, focus in and trapped, rest inert, scroll locked; Escape gives focus back', async ({ page }) => {
      await page.goto(url('de', aboutPath('de')));
      await tabTo(page, toggle(page));
      await page.keyboard.press('Enter');
      await expect(menu(page)).toBeVisible();
      await expect(menu(page)).toHaveAttribute('role', 'dialog');
      await expect(menu(page)).toHaveAttribute('aria-modal', 'true');
      await expect(menu(page)).toHaveAccessibleName('Kategorien');
      expect(await focusInMenu(page)).toBe(true);
      await expect(page.locator('#category-menu [data-menu-close]')).toBeFocused();

      // Everything else is inert: no control outside the menu is reachable.
      const rest = await outside(page);
      expect(rest.length).toBeGreaterThan(5);
      expect(rest.every(Boolean)).toBe(true);
      await expect(page.locator('main')).toHaveJSProperty('inert', true);
      expect(await menu(page).evaluate((el) => !!el.closest('[inert]'))).toBe(false);

      // Scroll locked.
      await expect(page.locator('html')).toHaveClass(/scroll-locked/);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

      // Tab goes all the way round and stays inside; Shift+Tab from the first control goes to the last.
      const count = await menu(page).evaluate((m) => [...m.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.getClientRects().length > 0).length);
      for (let i = 0; i < count + 2; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInMenu(page), `Tab ${i + 1} of ${count + 2}`).toBe(true);
      }
      // Back to the first control: Tab until the close button, then Shift+Tab wraps to the last one.
      for (let i = 0; i < count + 2 && !(await page.locator('#category-menu [data-menu-close]').evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      await expect(page.locator('#category-menu [data-menu-close]')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      expect(await focusInMenu(page)).toBe(true);
      const onLast = await menu(page).evaluate((m) => {
        const all = [...m.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.getClientRects().length > 0);
        return all.at(-1) === document.activeElement;
      });
      expect(onLast).toBe(true);
      await page.keyboard.press('Tab');
      await expect(page.locator('#category-menu [data-menu-close]')).toBeFocused();
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInMenu(page)).toBe(true);
      }

      await page.keyboard.press('Escape');
      await expect(menu(page)).toBeHidden();
      await expect(toggle(page)).toBeFocused();
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
      expect(await page.locator('[inert]').count()).toBe(0);
      await expect(menu(page)).not.toHaveAttribute('aria-modal', 'true');
      await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
    });

    test('the close button and an outside click close it and give focus back to the menu button', async ({ page }) => {
      await page.goto(url('de', aboutPath('de')));
      await tabTo(page, toggle(page));
      await page.keyboard.press('Enter');
      await expect(page.locator('#category-menu [data-menu-close]')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu(page)).toBeHidden();
      await expect(toggle(page)).toBeFocused();
      expect(await page.locator('[inert]').count()).toBe(0);

      await page.keyboard.press('Enter');
      await expect(menu(page)).toBeVisible();
      await page.mouse.click(width - 5, 880); // on the backdrop, beside the panel
      await expect(menu(page)).toBeHidden();
      await expect(toggle(page)).toBeFocused();
      expect(await page.locator('[inert]').count()).toBe(0);
      await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
    });
  });
}

test('at 1280 px the mega menu is no modal: nothing inert, no dialog role', async ({ page }) => {
  await page.setViewportSize(viewport(1280));
  await page.goto(url('de', aboutPath('de')));
  await page.locator('.menu-toggle--wide').click();
  await expect(menu(page)).toBeVisible();
  expect(await page.locator('[inert]').count()).toBe(0);
  await expect(menu(page)).not.toHaveAttribute('role', 'dialog');
});
