/**
 * Every page type under the production Content-Security-Policy (issue 18): the web server serves
 * each shop's generated `_headers`, so a page whose inline script, style, island or third party
 * the policy does not allow fails here. Consent is accepted and every configured third party is
 * on (the tag manager and the tags it loads, the rating widget), answered by routes, since nothing
 * leaves the machine; a request to anything else fails and so shows up as a console error.
 */
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { getShop } from '../../../src/shops/index.ts';
import { testCatalog } from '../setup/catalog.ts';
import { shopUrl } from '../setup/paths.ts';

type Shop = 'de' | 'ro';

/** The tag manager's stand-in: what GTM with a GA4 tag does after consent (a script, a pixel, a beacon). */
const GTM_SCRIPT = `
  window.dataLayer.push({ event: 'gtm.test' });
  new Image().src = 'https://www.google-analytics.com/g/collect?v=2&tid=G-TEST';
  fetch('https://region1.google-analytics.com/g/collect?v=2', { method: 'POST', mode: 'no-cors', keepalive: true });
  document.documentElement.dataset.gtmRan = '1';
`;

function pagesOf(shop: Shop): [string, string][] {
  const catalog = testCatalog(shop);
  const routes = catalog.routes();
  const product = catalog.product(F.variantProductId)!;
  const variant = product.variants.find((v) => v.url && !v.isDefault)!;
  return [
    ['home', '/'],
    ['category', catalog.category(F.deepestCategoryId)!.url],
    ['brand', routes.find((r) => r.kind === 'brand')!.path],
    ['product', catalog.product(F.simpleProductId)!.url],
    ['variant', variant.url!],
    ['content', catalog.content(F.contentPages.imprint)!.url],
    ['search results', shop === 'de' ? '/search/Premium' : '/search/suruburi'],
    ['cart', '/cart'],
    ['not-found', '/not-found'],
    ['404', '/gibt-es-nicht-csp'],
    ['server-error', '/server-error'],
  ];
}

async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // The 404 page's own status is what it should be, not an error of the page.
    if (/status of 404/.test(msg.text()) && msg.location().url === page.url()) return;
    problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return {
    problems,
    violations: () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []),
  };
}

for (const shop of ['de', 'ro'] as const) {
  test.describe(`${shop} shop under its Content-Security-Policy`, () => {
    // Each visit waits for the page, the tag manager and the search island with Pagefind to settle.
    test.describe.configure({ mode: 'parallel', timeout: 60_000 });
    test.beforeEach(async ({ context }) => {
      const config = getShop(shop);
      const third: string[] = [];
      // Nothing leaves the machine: third parties are answered here, the rest fails.
      await context.route(/^https?:\/\/(?![a-z]+\.localhost[:/]|127\.0\.0\.1[:/])/, (route) => {
        const url = new URL(route.request().url());
        third.push(url.origin);
        if (url.hostname === 'www.googletagmanager.com') return route.fulfill({ body: GTM_SCRIPT, contentType: 'text/javascript' });
        if (/google-analytics\.com$/.test(url.hostname)) return route.fulfill({ status: 204 });
        if (config.ratingBadgeUrl && url.origin === new URL(config.ratingBadgeUrl.replace(/\{[a-z]+\}/g, 'x')).origin) {
          return route.fulfill({
            json: { ratingvalue: 4.8, ratingcount: 1234, reviewpage: 'https://www.shopvote.de/bewertung.html' },
            headers: { 'access-control-allow-origin': '*' },
          });
        }
        return route.abort('internetdisconnected');
      });
      await context.addCookies([{ name: 'CookieConsentGA', value: 'granted', url: shopUrl(shop, '/') }]);
    });

    for (const [type, path] of pagesOf(shop)) {
      test(`${type} (${path}): no CSP violation, no console error, islands and third parties work`, async ({ page }) => {
        const { problems, violations } = await watch(page);
        // The policy is a document's: the page's own scripts and styles come without it (issue 13's budget counts their bytes).
        const subresources: { url: string; csp: string | undefined; nosniff: string | undefined }[] = [];
        page.on('response', (r) => {
          if (/\/_astro\/[^/]+\.(js|css)$/.test(new URL(r.url()).pathname))
            subresources.push({ url: r.url(), csp: r.headers()['content-security-policy'], nosniff: r.headers()['x-content-type-options'] });
        });
        const response = await page.goto(shopUrl(shop, path));
        // The production policy is what the page was served with.
        const csp = response!.headers()['content-security-policy'] ?? '';
        expect(csp).toContain("default-src 'none'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp).toContain("frame-ancestors 'none'");
        await page.waitForLoadState('networkidle');
        // Consent was given: the tag manager ran, its pixel and beacon were allowed.
        if (getShop(shop).tagManagerId) await expect(page.locator('html')).toHaveAttribute('data-gtm-ran', '1');
        // Islands hydrate on interaction: the search box (Pagefind's worker and wasm), the account menu.
        const box = page.locator('#site-search');
        if (await box.isVisible()) {
          await box.click();
          // The island hydrates on this first interaction; what is typed once it is there searches.
          await expect(box.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', { timeout: 15_000 });
          await box.pressSequentially(shop === 'de' ? 'Premium' : 'suruburi', { delay: 20 });
          await expect(page.locator('[data-search-dropdown]')).toBeVisible({ timeout: 15_000 });
        }
        if (type === 'search results') await expect(page.locator('.search-page .search-hit').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await violations()).toEqual([]);
        expect(problems).toEqual([]);
        expect(subresources.length).toBeGreaterThan(0);
        for (const r of subresources) expect(r, r.url).toMatchObject({ csp: undefined, nosniff: 'nosniff' });
      });
    }
  });
}
