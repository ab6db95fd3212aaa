/** Helpers of the site-chrome browser tests. */
import type { BrowserContext, Page } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { buildMenuTree } from '../../../src/components/chrome/menu-tree.ts';
import { getShop } from '../../../src/shops/index.ts';
import { testCatalog } from '../setup/catalog.ts';
import { shopUrl } from '../setup/paths.ts';

export type Shop = 'de' | 'at' | 'ro';
export const WIDTHS = { desktop: 1280, tablet: 1024, phone: 390 } as const;
export const viewport = (width: number) => ({ width, height: 900 });

export const contentPath = (shop: Shop, id: number) => testCatalog(shop).pathOf('content', id)!;
export const aboutPath = (shop: Shop) => contentPath(shop, F.contentPages.about);
export const dataProtectionPath = (shop: Shop) => contentPath(shop, F.contentPages.dataProtection);
export const categoryRoute = (shop: Shop) =>
  testCatalog(shop)
    .routes()
    .find((r) => r.kind === 'category')!;
export const menuTreeOf = (shop: Shop) => {
  const s = getShop(shop);
  return buildMenuTree(testCatalog(shop).categories(), { icons: s.categoryIcons, rootIds: s.menuCategoryIds });
};
export const url = shopUrl;

/** Nothing leaves loopback: third-party requests fail unless a test routes them. */
export async function offline(context: BrowserContext) {
  await context.route(/^https?:\/\/(?![a-z]+\.localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
}

/** A consent decision already taken, so the banner does not cover the page. */
export async function decided(context: BrowserContext, shop: Shop, value: 'granted' | 'denied' = 'denied') {
  await context.addCookies([{ name: 'CookieConsentGA', value, url: shopUrl(shop, '/') }]);
}

export async function setStorage(page: Page, shop: Shop, values: Record<string, string>) {
  await page.goto(shopUrl(shop, aboutPath(shop)));
  await page.evaluate((v) => {
    for (const [k, val] of Object.entries(v)) localStorage.setItem(k, val);
  }, values);
}
