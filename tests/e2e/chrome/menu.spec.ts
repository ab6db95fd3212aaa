/** Category menu (issue 4 §3): mega menu at 1200+, off-canvas below; keyboard and outside click. */
import { expect, test, type Page } from '@playwright/test';
import { getShop } from '../../../src/shops/index.ts';
import { aboutPath, decided, menuTreeOf, offline, url, viewport, WIDTHS } from './helpers.ts';
import { testCatalog } from '../setup/catalog.ts';
import { behavioursLoaded } from '../setup/behaviours.ts';

test.beforeEach(async ({ context }) => {
  await offline(context);
  await decided(context, 'de');
});

const toggle = (page: Page, width: number) => page.locator(width >= 1200 ? '.menu-toggle--wide' : '.menu-toggle--narrow');
const menu = (page: Page) => page.locator('#category-menu');

test('the menu lists only categories with products, with icons, expanders where a child has products, then the content links', async ({ page }) => {
  const tree = menuTreeOf('de');
  await page.goto(url('de', aboutPath('de')));
  await page.setViewportSize(viewport(WIDTHS.desktop));
  await page.locator('.menu-toggle--wide').click();
  const top = page.locator('#category-menu .cm-level--1 > li');
  await expect(top).toHaveCount(tree.length);
  const rows = testCatalog('de').categories();
  const empty = rows.filter((r) => r.count === 0).map((r) => r.url);
  const hrefs = await page.locator('#category-menu .cm-level a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of hrefs) expect(empty).not.toContain(href);
  for (const [i, node] of tree.entries()) {
    const li = top.nth(i);
    await expect(li.locator(':scope > .cm-row > a')).toHaveAttribute('href', node.url);
    await expect(li.locator(':scope > .cm-row > a')).toHaveAttribute('title', node.title);
    await expect(li.locator(':scope > .cm-row > a img')).toHaveAttribute('src', `/chrome/icons/${node.icon}.svg`);
    await expect(li.locator(':scope > .cm-row > .cm-expand')).toHaveCount(node.expander ? 1 : 0);
  }
  const s = getShop('de');
  const links = page.locator('#category-menu .cm-links a');
  expect(await links.count()).toBeGreaterThanOrEqual(s.linksLeftMenu.length);
  await expect(links.last()).toHaveAttribute('href', s.linksLeftMenu.at(-1)!.href);
});

for (const [name, width] of Object.entries(WIDTHS)) {
  test.describe(`at ${width} px (${name})`, () => {
    test.use({ viewport: viewport(width) });

    test('opens and closes by mouse; outside click closes; page scroll locked while open; navigation to the top', async ({ page }) => {
      await page.goto(url('de', aboutPath('de')));
      await expect(toggle(page, width)).toBeVisible();
      await expect(menu(page)).toBeHidden();
      await toggle(page, width).click();
      await expect(menu(page)).toBeVisible();
      await expect(toggle(page, width)).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('html')).toHaveClass(/scroll-locked/);
      const box = (await menu(page).boundingBox())!;
      if (width >= 1200)
        expect(box.width).toBeGreaterThan(width - 40); // full width
      else expect(box.x).toBe(0), expect(box.width).toBeLessThan(width); // off-canvas from the left
      await page.mouse.click(width - 5, 880);
      await expect(menu(page)).toBeHidden();
      await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
      await toggle(page, width).click();
      const first = page.locator('#category-menu .cm-level--1 > li > .cm-row > a').first();
      const href = await first.getAttribute('href');
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.]/g, '\\.')}$`));
      expect(await page.evaluate(() => scrollY)).toBe(0);
    });

    test('keyboard: Enter opens, Tab reaches the expanders, Enter expands, Escape collapses and closes with focus back', async ({ page }) => {
      const tree = menuTreeOf('de');
      const withKids = tree.findIndex((n) => n.expander);
      expect(withKids, 'the sample has nested categories (a four-level tree)').toBeGreaterThanOrEqual(0);
      await page.goto(url('de', aboutPath('de')));
      await toggle(page, width).focus();
      await page.keyboard.press('Enter');
      await expect(menu(page)).toBeVisible();
      // Focus moved into the menu.
      expect(await page.evaluate(() => !!document.activeElement?.closest('#category-menu'))).toBe(true);
      const expander = page.locator('#category-menu .cm-level--1 > li').nth(withKids).locator(':scope > .cm-row > .cm-expand');
      for (let i = 0; i < 200 && !(await expander.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(expander).toBeFocused();
      await expect(expander).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(expander).toHaveAttribute('aria-expanded', 'true');
      const sub = page.locator(`#${await expander.getAttribute('aria-controls')}`);
      await expect(sub).toBeVisible();
      await page.keyboard.press('Tab');
      expect(await page.evaluate((id) => !!document.activeElement?.closest(`#${id}`), await sub.getAttribute('id'))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(expander).toHaveAttribute('aria-expanded', 'false');
      await expect(expander).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu(page)).toBeHidden();
      await expect(toggle(page, width)).toBeFocused();
      await expect(toggle(page, width)).toHaveAttribute('aria-expanded', 'false');
    });

    test('the mega menu shows at most 5 third-level items per second-level category', async ({ page }) => {
      const tree = menuTreeOf('de');
      const second = tree.flatMap((n) => n.children).find((n) => n.children.length > 5) ?? tree.flatMap((n) => n.children).find((n) => n.children.length > 0);
      expect(second, 'the sample has third-level categories').toBeDefined();
      const parent = tree.find((n) => n.children.includes(second!))!;
      await page.goto(url('de', aboutPath('de')));
      await toggle(page, width).click();
      await page.locator(`[aria-controls="cm-${parent.id}"]`).click();
      await page.locator(`[aria-controls="cm-${second!.id}"]`).click();
      const items = page.locator(`#cm-${second!.id} > li.cm-item--3:not(.cm-more)`);
      const visible = await items.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
      if (width >= 1200) {
        expect(visible).toBe(Math.min(5, second!.children.length));
        await expect(page.locator(`#cm-${second!.id} > .cm-more`)).toHaveCount(second!.children.length > 5 ? 1 : 0);
      } else {
        expect(visible).toBe(second!.children.length);
      }
    });
  });
}

test('the tree is not in the page: it is fetched on the first interaction with the menu button', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/chrome/category-menu.html')) fetched.push(r.url());
  });
  await page.setViewportSize(viewport(WIDTHS.desktop));
  await page.goto(url('de', aboutPath('de')));
  await expect(page.locator('#category-menu [data-menu-body]')).toBeAttached();
  await expect(page.locator('#category-menu .cm-level')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  // The hover is the behaviour's (loaded after the first paint): on a loaded machine the network
  // could be idle before the behaviours were, and a hover before them found no listener.
  await behavioursLoaded(page);
  await page.locator('.menu-toggle--wide').hover();
  await expect.poll(() => fetched.length).toBe(1);
  await page.locator('.menu-toggle--wide').click();
  await expect(page.locator('#category-menu .cm-level--1 > li').first()).toBeVisible();
  await expect(page.locator('#category-menu [data-menu-body]')).not.toHaveAttribute('aria-busy', 'true');
});

test('a menu tree that cannot be loaded says so and loads on retry', async ({ page }) => {
  await page.setViewportSize(viewport(WIDTHS.desktop));
  let fail = true;
  await page.route('**/chrome/category-menu.html', (route) => (fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
  await page.goto(url('de', aboutPath('de')));
  await page.locator('.menu-toggle--wide').click();
  await expect(menu(page)).toBeVisible();
  await expect(page.locator('#category-menu [role="alert"]')).toHaveText('Bei der Verbindung zum Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
  fail = false;
  await page.locator('#category-menu .cm-retry').click();
  await expect(page.locator('#category-menu .cm-level--1 > li').first()).toBeVisible();
  await expect(page.locator('#category-menu [role="alert"]')).toHaveCount(0);
  // Focus moved to the first entry of the tree.
  expect(await page.evaluate(() => !!document.activeElement?.closest('.cm-level--1'))).toBe(true);
});
