/**
 * JS budget (issue 4, 13, 14): the compressed JavaScript a page loads before any interaction, in
 * Chromium, from shops built from the sample, served compressed as the CDN would
 * (scripts/lib/shop-server.ts: brotli, the site's `_headers`), with the shop API behind /api.
 * Counted: the response bodies of the scripts (scripts/lib/script-bytes.ts); their response
 * headers are a second figure, not part of the budget. Pages, each in de and ro at 1280 and 390 px:
 * - a content page (budget 35 KB), with what the first interactions load (menu, account dropdown),
 *   render-blocking scripts (there must be none), the inline JS and the first contentful paint;
 * - /login-register (70 KB, issue 13), logged out;
 * - /account (70 KB), logged in: a customer registered through the API with an address, the
 *   session stored as the shop stores it;
 * - /cart (no budget of its own, reported) and /checkout (90 KB, issue 14) with a filled cart.
 * "Before interaction": after load, network idle and half a second. Writes bench/results/js-budget.json.
 *
 *   node scripts/bench/js-budget.ts [--products 200] [--shops de,ro] [--no-build] [--dist DIR] [--out FILE]
 *
 * --dist measures shops built already (DIR/<shop>, e.g. .cache/e2e/dist; the catalog index beside the
 * sample's in .cache/bench/js-budget-N/index).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildShops } from '../lib/build-shops.ts';
import { createShopServer } from '../lib/shop-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { compressedBytes, headerBytes, trackScripts, type LoadedScript } from '../lib/script-bytes.ts';
import { SAMPLE_FIXTURES as F } from '../sample/fixtures.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { getShop, type ShopCode } from '../../src/shops/index.ts';
import { sessionEntries, type SessionAnswer } from '../../src/stores/session.ts';
import { startApi } from '../../server/main.ts';

const BUDGET = 35 * 1024;
/** /login-register and /account (issue 13). */
const ACCOUNT_BUDGET = 70 * 1024;
/** /checkout (issue 14). */
const CHECKOUT_BUDGET = 90 * 1024;
const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '200' },
    shops: { type: 'string', default: 'de,ro' },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    out: { type: 'string', default: 'bench/results/js-budget.json' },
  },
});
const products = Number(values.products);
const shops = values.shops!.split(',') as ShopCode[];
const base = join(root, '.cache/bench', `js-budget-${products}`);
const exportDir = join(base, 'export');
const distDir = values.dist ? resolve(values.dist) : join(base, 'dist');
const catalogDir = join(base, 'index');

const missing = shops.filter((s) => !existsSync(join(distDir, s, 'index.html')) || !existsSync(join(catalogDir, `${s}.sqlite`)));
if (!existsSync(join(exportDir, 'manifest.json'))) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', String(products), '--out', exportDir], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('sample failed');
}
if (values.dist && missing.length) throw new Error(`${distDir}: no built ${missing.join(', ')} (or no catalog index in ${catalogDir}: run once without --dist)`);
if (!values.dist && (!values['no-build'] || missing.length)) {
  console.log(`building ${shops.join(', ')} from a ${products}-product sample...`);
  await buildShops({ shops, exportDir, distDir, catalogDir, parallel: 1, quiet: true });
}

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
const dbFile = join(base, 'api.sqlite');
for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
const api = await startApi({ exportDir, port: await freePort(), dbFile, log: () => {} });
const server = createShopServer({ sites: Object.fromEntries(shops.map((s) => [s, join(distDir, s)])), apiUrl: `http://127.0.0.1:${api.port}` });
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const port = (server.address() as AddressInfo).port;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const VIEWPORTS = [
  ['desktop', 1280],
  ['mobile', 390],
] as const;

async function newContext(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // Nothing leaves loopback (rating widget, tag manager after consent).
  await context.route(/^https?:\/\/(?![a-z]+\.localhost[:/])/, (r) => r.abort());
  return context;
}

/** Loads a page and waits until it is settled: load, network idle, half a second. */
async function settle(page: Page, url: string, ready?: (page: Page) => Promise<unknown>) {
  await page.goto(url, { waitUntil: 'load' });
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

const figures = (scripts: readonly LoadedScript[]) => ({
  compressedBytes: compressedBytes(scripts),
  headerBytes: headerBytes(scripts),
  scripts: scripts.length,
  files: scripts.map((x) => ({ url: new URL(x.url).pathname, compressedBytes: x.bodyBytes, headerBytes: x.headerBytes, encoding: x.encoding })),
});

/** A filled cart (one line of the sample's simple product) in the context's localStorage, made through the API as the add-to-cart button does. */
async function fillCart(page: Page, countryId: number) {
  await page.evaluate(
    async ({ productId, countryId }) => {
      const product = await (await fetch(`/api/products/${productId}?country_id=${countryId}`)).json();
      const added = await (
        await fetch('/api/cart/add', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ thelia_cart_add: { product_sale_elements_id: product.data.variants[0].id, quantity: 2 }, country_id: countryId }),
        })
      ).json();
      if (added.status_code !== 200) throw new Error(JSON.stringify(added));
      localStorage.setItem('cart_id', String(added.data.cartId));
    },
    { productId: F.simpleProductId, countryId },
  );
}

/** A private customer with an address, registered through the API; the session stored as saveSession stores it. */
async function logIn(page: Page, shop: ShopCode, countryId: number) {
  const address = {
    de: { label: 'Zuhause', firstname: 'Bea', lastname: 'Bench', address1: 'Hauptstraße', address2: '5', zipcode: '04109', city: 'Leipzig', phone: '+49 341 123456' },
    at: { label: 'Zuhause', firstname: 'Bea', lastname: 'Bench', address1: 'Ring', address2: '1', zipcode: '1010', city: 'Wien', phone: '+43 1 234567' },
    ro: { label: 'Acasă', firstname: 'Ana', lastname: 'Pop', address1: 'Strada Mare', address2: '7', zipcode: '400114', city: 'Cluj', phone: '0722123456' },
  }[shop];
  const answer = await page.evaluate(
    async ({ address, countryId, email, locale }) => {
      const states = (await (await fetch(`/api/ExternalOrderApi/county/${countryId}`)).json()).data as { id: number }[];
      const body = {
        kind: 'private',
        firstname: address.firstname,
        lastname: address.lastname,
        email,
        password: 'geheim1',
        locale,
        address: { ...address, country_id: countryId, ...(states.length ? { state_id: states[0]!.id } : {}) },
      };
      const res = await (await fetch('/api/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      if (res.status_code !== 200) throw new Error(JSON.stringify(res));
      return res.data;
    },
    { address, countryId, email: `bench-${shop}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, locale: shop === 'ro' ? 'ro_RO' : 'de_DE' },
  );
  await page.evaluate(
    (entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    },
    sessionEntries(answer as SessionAnswer),
  );
}

const results = [];
for (const shop of shops) {
  const catalog = new Catalog(join(catalogDir, `${shop}.sqlite`));
  const config = getShop(shop);
  const aboutId = config.contentPages['/about'];
  const path = (aboutId && catalog.pathOf('content', aboutId)) || catalog.routes().find((r) => r.kind === 'content')!.path;
  const origin = `http://${shop}.localhost:${port}`;
  for (const [label, width] of VIEWPORTS) {
    const context = await newContext(width);
    const page = await context.newPage();
    const scripts = await trackScripts(page);
    await settle(page, origin + path);
    const before = [...scripts];
    const doc = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const blocking = [...document.querySelectorAll('script[src]')]
        .filter((s) => s.getAttribute('type') !== 'module' && !s.hasAttribute('async') && !s.hasAttribute('defer'))
        .map((s) => s.getAttribute('src'));
      const inline = [...document.querySelectorAll('script:not([src])')].filter((s) => !/json/.test(s.getAttribute('type') ?? '')).map((s) => s.textContent ?? '');
      return { fcp, blocking, inline };
    });
    // First interactions: the category menu, then the account dropdown.
    const menuToggle = page.locator(width >= 1200 ? '.menu-toggle--wide' : '.menu-toggle--narrow');
    await menuToggle.click();
    await page.locator('#category-menu').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    const afterMenu = scripts.length;
    await page.locator('.account-menu > button').click();
    await page.locator('.account-menu .dropdown').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const inlineText = doc.inline.join('\n');
    const r = {
      shop,
      path,
      page: 'content',
      viewport: label,
      width,
      beforeInteraction: figures(before),
      inlineScripts: { count: doc.inline.length, bytes: Buffer.byteLength(inlineText), gzipBytes: gzipSync(inlineText).length },
      renderBlockingScripts: doc.blocking,
      firstContentfulPaintMs: doc.fcp,
      onMenuOpen: { compressedBytes: compressedBytes(scripts.slice(before.length, afterMenu)) },
      onAccountOpen: { compressedBytes: compressedBytes(scripts.slice(afterMenu)) },
      budgetBytes: BUDGET,
      withinBudget: compressedBytes(before) <= BUDGET && doc.blocking.length === 0,
    };
    results.push(r);
    console.log(
      `  ${shop} ${width} ${path}: ${kb(r.beforeInteraction.compressedBytes)} JS before interaction in ${before.length} file(s) (headers ${kb(r.beforeInteraction.headerBytes)}; + ${kb(r.inlineScripts.gzipBytes)} inline, gzip); render-blocking ${doc.blocking.length}; FCP ${doc.fcp?.toFixed(0)} ms; menu +${kb(r.onMenuOpen.compressedBytes)}, account +${kb(r.onAccountOpen.compressedBytes)}; ${r.withinBudget ? 'within' : 'OVER'} the 35 KB budget`,
    );
    await context.close();
  }

  // The account, cart and checkout pages, each settled as a shopper sees it.
  const pages: { path: string; budget: number | null; seed: (page: Page) => Promise<void>; ready: (page: Page) => Promise<unknown> }[] = [
    { path: '/login-register', budget: ACCOUNT_BUDGET, seed: async () => {}, ready: (p) => p.locator('input[autocomplete="email"]').first().waitFor() },
    {
      path: '/account',
      budget: ACCOUNT_BUDGET,
      seed: (p) => logIn(p, shop, config.countryId),
      // The customer's data and address book shown: the page is what a logged-in shopper sees.
      ready: (p) => p.locator('[data-address-id]').first().waitFor({ timeout: 20_000 }),
    },
    { path: '/cart', budget: null, seed: (p) => fillCart(p, config.countryId), ready: (p) => p.locator('[data-cart-line]').first().waitFor({ timeout: 20_000 }) },
    { path: '/checkout', budget: CHECKOUT_BUDGET, seed: (p) => fillCart(p, config.countryId), ready: (p) => p.locator('[data-buy]:not([disabled])').waitFor({ timeout: 20_000 }) },
  ];
  for (const spec of pages) {
    for (const [label, width] of VIEWPORTS) {
      const context = await newContext(width);
      // The seed runs on a document without scripts on the shop's origin (its localStorage), then the measured page opens.
      const seedPage = await context.newPage();
      await seedPage.goto(origin + '/robots.txt');
      await spec.seed(seedPage);
      await seedPage.close();
      const page = await context.newPage();
      const scripts = await trackScripts(page);
      await settle(page, origin + spec.path, spec.ready);
      const f = figures(scripts);
      const r = {
        shop,
        path: spec.path,
        page: spec.path.slice(1),
        viewport: label,
        width,
        beforeInteraction: f,
        budgetBytes: spec.budget,
        withinBudget: spec.budget === null ? null : f.compressedBytes <= spec.budget,
      };
      results.push(r);
      console.log(
        `  ${shop} ${width} ${spec.path}: ${kb(f.compressedBytes)} JS before interaction in ${f.scripts} file(s) (headers ${kb(f.headerBytes)})${spec.budget === null ? '' : `; ${r.withinBudget ? 'within' : 'OVER'} the ${spec.budget / 1024} KB budget`}`,
      );
      await context.close();
    }
  }
}
await browser.close();
server.close();
const out = resolve(root, values.out!);
mkdirSync(join(out, '..'), { recursive: true });
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), products, dist: distDir, budgetBytes: BUDGET, results }, null, 2));
console.log('\n| page | shop | width | JS body (compressed) | script headers | scripts |\n|---|---|---|---|---|---|');
for (const r of results)
  console.log(`| ${r.path} | ${r.shop} | ${r.width} | ${kb(r.beforeInteraction.compressedBytes)} | ${kb(r.beforeInteraction.headerBytes)} | ${r.beforeInteraction.scripts} |`);
console.log(`  ${values.out}`);
// The API's close waits for its last keep-alive connection; nothing is left to measure.
void api.close();
process.exit(0);
