/** Accessibility: no serious or critical axe violation with the menus, the account dropdown and the consent banner open. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { aboutPath, offline, url, viewport } from './helpers.ts';

test.beforeEach(async ({ context }) => offline(context));

async function serious(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const shop of ['de', 'ro'] as const) {
  test(`${shop}: mega menu, account dropdown and consent banner open at 1280 px`, async ({ page }) => {
    await page.setViewportSize(viewport(1280));
    await page.goto(url(shop, aboutPath(shop)));
    await expect(page.locator('[data-consent]')).toBeVisible();
    await page.locator('.account-menu > button').click();
    await expect(page.locator('.account-menu .dropdown')).toBeVisible();
    await page.locator('.menu-toggle--wide').click();
    await expect(page.locator('#category-menu')).toBeVisible();
    const expander = page.locator('#category-menu .cm-expand').first();
    if (await expander.count()) await expander.click();
    expect(await serious(page)).toEqual([]);
  });

  test(`${shop}: off-canvas menu and consent banner open at 390 px`, async ({ page }) => {
    await page.setViewportSize(viewport(390));
    await page.goto(url(shop, aboutPath(shop)));
    await expect(page.locator('[data-consent]')).toBeVisible();
    await page.locator('.menu-toggle--narrow').click();
    await expect(page.locator('#category-menu')).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });
}
