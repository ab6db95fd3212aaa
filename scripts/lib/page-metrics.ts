/**
 * What a page costs, measured in Chromium, in figures that do not depend on the machine's speed:
 * the one measuring helper of the budget gate (tests/e2e/performance/budgets.spec.ts) and the
 * benchmarks (scripts/bench/js-budget.ts, add-to-cart.ts, lighthouse.ts's page list). Budgets are
 * in scripts/lib/page-budgets.ts.
 *
 * - bytes are response BODY bytes as the network carried them (compressed), from Playwright's
 *   `request.sizes().responseBodySize`: CDP's `encodedDataLength` also counts the headers (the CSP
 *   header alone is 2.4 KB), which would make every file look 2 KB heavier;
 * - "before interaction": everything the page loads until the network is idle after `load`, with
 *   the fonts and the islands' first data in, and nothing clicked;
 * - requests before first paint: the document and every request its HTML makes by itself
 *   (Chromium's initiator `parser` or `preload`: stylesheets, scripts, preloads, images in and near
 *   the viewport), the most that can start before the first paint whatever the machine's speed
 *   (a request counted by its start time before `first-paint` would depend on how fast this
 *   machine paints: 6 to 36 for the same page under load); script-initiated requests are not counted;
 * - render-blocking: resources Chromium marks `renderBlockingStatus: 'blocking'`;
 * - bad images: `<img>` without both width and height attributes, and loaded raster images whose
 *   source is more than OVERSIZE x as wide as rendered x devicePixelRatio;
 * - layout shift: the sum of 'layout-shift' entries without recent input from the first byte
 *   until the page has settled (islands hydrated, fonts and fresh prices in), compared with its
 *   budget rounded to 4 decimals: subpixel moves of 0.00001 happen and are no shift anyone sees, while
 *   Lighthouse, which rounds its CLS to 3, adds up shifts this gate's faster load sees smaller (a cart
 *   amount's 0.0004 here was CLS 0.001 there);
 * - third parties before consent: requests to anything but loopback, recorded (and aborted) by
 *   `offlineRecorder` on a context without a consent cookie.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { getShop } from '../../src/shops/index.ts';
import { sessionEntries, type SessionAnswer } from '../../src/stores/session.ts';
import { SAMPLE_FIXTURES as F } from '../sample/fixtures.ts';
import { OVERSIZE, type Budget, type Needs, type Shop } from './page-budgets.ts';

interface LoadedFile {
  url: string;
  type: string;
  /** Compressed response body bytes. */
  bytes: number;
}

interface PageFigures {
  url: string;
  status: number;
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  htmlRawBytes: number;
  requestsBeforePaint: number;
  renderBlocking: string[];
  badImages: string[];
  layoutShift: number;
  /** What moved: the shifted nodes of each shift. */
  shifts: string[];
  thirdParty: string[];
  files: LoadedFile[];
  firstPaintMs: number | null;
}

/** Records every finished request of a page with its compressed body size. */
function trackRequests(page: Page): LoadedFile[] {
  const files: LoadedFile[] = [];
  const pending: Promise<void>[] = [];
  // Each URL once: on the React pages Chromium now and then asks a second time for chunks the chrome
  // and the page's island both import while both imports are under way (2026-11-25, the filled cart
  // and /account: 7.5 KB of the chrome's chunks twice in some runs, once in others). The figure is
  // the JavaScript the page needs.
  const seen = new Set<string>();
  page.on('requestfinished', (request: Request) => {
    if (seen.has(request.url())) return;
    seen.add(request.url());
    pending.push(
      request
        .sizes()
        .then((s) => void files.push({ url: request.url(), type: request.resourceType(), bytes: s.responseBodySize }))
        .catch(() => undefined),
    );
  });
  Object.defineProperty(files, 'settled', { value: () => Promise.all(pending), enumerable: false });
  return files;
}

/** Waits until every size of `trackRequests` is known. */
const settled = (files: LoadedFile[]) => (files as unknown as { settled: () => Promise<unknown> }).settled();

export const bytesOf = (files: readonly LoadedFile[], type: string) => files.filter((f) => f.type === type).reduce((n, f) => n + f.bytes, 0);

/** A wait for the page's network to be quiet (no request open) for 500 ms, as often as needed (Playwright's 'networkidle' is reached once). */
function inFlight(page: Page): () => Promise<void> {
  let open = 0;
  let last = Date.now();
  page.on('request', () => {
    open++;
    last = Date.now();
  });
  const done = () => {
    open = Math.max(0, open - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const give = Date.now() + 15_000;
    while ((open > 0 || Date.now() - last < 500) && Date.now() < give) await page.waitForTimeout(100);
  };
}

/** Scripts a page loads as they finish (compressed body bytes): for the benchmarks that slice the list at an interaction. */
export function trackScripts(page: Page): LoadedFile[] {
  const scripts: LoadedFile[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.resourceType() !== 'script') return;
    void request
      .sizes()
      .then((s) => void scripts.push({ url: request.url(), type: 'script', bytes: s.responseBodySize }))
      .catch(() => undefined);
  });
  return scripts;
}

/** Counts the requests a page's HTML makes by itself (initiator parser or preload), by CDP. */
async function countHtmlRequests(page: Page): Promise<string[]> {
  const urls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' || e.initiator.type === 'parser' || e.initiator.type === 'preload') urls.push(e.request.url);
  });
  return urls;
}

/** Nothing leaves loopback: any other request is recorded and aborted. */
export async function offlineRecorder(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(/^https?:\/\/(?![a-z]+\.localhost[:/]|127\.0\.0\.1[:/])/, (route) => {
    seen.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return seen;
}

/** The layout-shift observer, installed before the page's first byte. */
function observeShifts() {
  const w = window as unknown as { __shifts: { value: number; nodes: string[] }[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (e.hadRecentInput) continue;
      // Each moved node with where it was and where it went (x,y w×h), to find what pushed it.
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
      const nodes = (e.sources ?? []).map((s) => {
        const n = s.node;
        const name = !(n instanceof Element)
          ? (n?.nodeName ?? '?')
          : `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.classList.length ? `.${[...n.classList].join('.')}` : ''}`;
        return `${name} (${rect(s.previousRect)} → ${rect(s.currentRect)})`;
      });
      w.__shifts.push({ value: e.value, nodes });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** What `prepare` uses of a page: a Playwright page (the gate) or a Puppeteer one (the Lighthouse bench). */
export interface PreparablePage {
  goto(url: string): Promise<unknown>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

/**
 * Makes what a page type's visit needs through the shop API (from the shop's origin, as the
 * browser does) and stores it as the shop would; answers the query the page's URL needs.
 */
export async function prepare(page: PreparablePage, origin: string, shop: Shop, needs: Needs | readonly Needs[] | undefined): Promise<string> {
  let query = '';
  for (const step of typeof needs === 'string' ? [needs] : (needs ?? [])) query = await prepareOne(page, origin, shop, step);
  return query;
}

async function prepareOne(page: PreparablePage, origin: string, shop: Shop, needs: Needs): Promise<string> {
  const country = getShop(shop).countryId;
  await page.goto(`${origin}/robots.txt`);
  if (needs === 'customer') {
    const answer = await page.evaluate(
      async ({ country, locale, email }) => {
        const states = (await (await fetch(`/api/ExternalOrderApi/county/${country}`)).json()).data as { id: number }[];
        const ro = locale === 'ro_RO';
        const address = {
          label: 'Home',
          firstname: 'Erika',
          lastname: 'Muster',
          address1: ro ? 'Strada Mare' : 'Hauptstraße',
          address2: ro ? '7' : '5',
          zipcode: ro ? '400114' : '04109',
          city: ro ? 'Cluj' : 'Leipzig',
          country_id: country,
          phone: ro ? '0722123456' : '+49 341 123456',
          ...(states.length ? { state_id: states[0]!.id } : {}),
        };
        const body = { kind: 'private', firstname: 'Erika', lastname: 'Muster', email, password: 'geheim1', locale, address };
        const res = await (await fetch('/api/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
        if (res.status_code !== 200) throw new Error(`register: ${JSON.stringify(res)}`);
        return res.data;
      },
      { country, locale: shop === 'ro' ? 'ro_RO' : 'de_DE', email: `budget-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com` },
    );
    const entries = sessionEntries(answer as SessionAnswer);
    await page.evaluate((e) => {
      for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
    }, entries);
    return '';
  }
  const cartId = await page.evaluate(
    async ({ country, productId }) => {
      const product = await (await fetch(`/api/products/${productId}?country_id=${country}`)).json();
      const pse = product.data.variants.find((v: { quantity: number }) => v.quantity >= 1) ?? product.data.variants[0];
      const body = { thelia_cart_add: { product_sale_elements_id: pse.id, quantity: 1 }, country_id: country };
      const added = await (await fetch('/api/cart/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      if (added.status_code !== 200) throw new Error(`cart/add: ${JSON.stringify(added)}`);
      localStorage.setItem('cart_id', String(added.data.cartId));
      return added.data.cartId as number;
    },
    { country, productId: F.simpleProductId },
  );
  return needs === 'order' ? `?cart_id=${cartId}` : '';
}

/**
 * Loads a page and measures it. `thirdParty` is the recorder of `offlineRecorder` on the page's
 * context (its entries from this load are reported).
 */
export async function measurePage(page: Page, url: string, thirdParty: string[] = []): Promise<PageFigures> {
  await page.addInitScript(observeShifts);
  const files = trackRequests(page);
  const quiet = inFlight(page);
  const htmlRequests = await countHtmlRequests(page);
  const thirdBefore = thirdParty.length;
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response) throw new Error(`${url}: no response`);
  // Islands on client:load and client:idle, the fresh prices and the fonts: in once the network is idle.
  await quiet();
  // What waits for an idle moment (the product page's fresh data, client:idle islands) starts by
  // then even on a loaded machine; then the network is quiet again.
  await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 2000 })));
  await quiet();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await settled(files);
  const doc = await page.evaluate((oversize) => {
    const firstPaint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? null;
    const resources = performance.getEntriesByType('resource') as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
    const renderBlocking = resources.filter((r) => r.renderBlockingStatus === 'blocking').map((r) => new URL(r.name).pathname);
    const dpr = window.devicePixelRatio;
    const badImages: string[] = [];
    for (const img of document.querySelectorAll('img')) {
      const name = (img.getAttribute('src') ?? img.currentSrc).slice(0, 120);
      if (!img.hasAttribute('width') || !img.hasAttribute('height')) badImages.push(`no width/height: ${name}`);
      const shown = img.getBoundingClientRect().width;
      const src = img.currentSrc;
      if (!img.complete || !img.naturalWidth || !shown || /\.svg(\?|$)|^data:image\/svg/.test(src)) continue;
      if (img.naturalWidth > shown * dpr * oversize)
        badImages.push(`oversized: ${src.slice(0, 120)} is ${img.naturalWidth} px wide, shown at ${Math.round(shown)} px x DPR ${dpr}`);
    }
    const shifts = (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts ?? [];
    return {
      firstPaint,
      renderBlocking,
      badImages,
      layoutShift: shifts.reduce((n, s) => n + s.value, 0),
      shifts: shifts.map((s) => `${s.value.toFixed(4)} ${s.nodes.join(', ')}`),
    };
  }, OVERSIZE);
  const docFile = files.find((f) => f.url === response.url() || f.type === 'document');
  const htmlRaw = (await response.body()).length;
  const assets = files.filter((f) => f.type !== 'document');
  return {
    url,
    status: response.status(),
    jsBytes: bytesOf(assets, 'script'),
    cssBytes: bytesOf(assets, 'stylesheet'),
    htmlBytes: docFile?.bytes ?? htmlRaw,
    htmlRawBytes: htmlRaw,
    requestsBeforePaint: new Set(htmlRequests).size,
    renderBlocking: doc.renderBlocking,
    badImages: doc.badImages,
    layoutShift: doc.layoutShift,
    shifts: doc.shifts,
    thirdParty: thirdParty.slice(thirdBefore),
    files,
    firstPaintMs: doc.firstPaint,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Every budget a page's figures go over, each with the figure and the budget; empty when within. */
export function overBudget(f: PageFigures, b: Budget): string[] {
  const out: string[] = [];
  const bytes = (what: string, value: number, budgetKB: number) => {
    if (value > budgetKB * 1024) out.push(`${what} ${kb(value)} is over its budget of ${budgetKB} KB`);
  };
  bytes('JS before interaction (compressed)', f.jsBytes, b.jsKB);
  bytes('CSS before interaction (compressed)', f.cssBytes, b.cssKB);
  bytes('HTML (compressed)', f.htmlBytes, b.htmlKB);
  bytes('HTML (raw)', f.htmlRawBytes, b.htmlRawKB);
  if (f.requestsBeforePaint > b.requestsBeforePaint) out.push(`${f.requestsBeforePaint} requests before first paint, budget ${b.requestsBeforePaint}`);
  if (f.renderBlocking.length > b.renderBlocking) out.push(`${f.renderBlocking.length} render-blocking resources, budget ${b.renderBlocking}: ${f.renderBlocking.join(', ')}`);
  if (f.badImages.length > b.badImages) out.push(`${f.badImages.length} unsized or oversized images, budget ${b.badImages}: ${f.badImages.join('; ')}`);
  // Rounded to 4 decimals: a swatch moving by a subpixel (0.00001) is not a shift anyone sees; a cart amount's 0.0004 was CLS 0.001 in Lighthouse.
  if (Number(f.layoutShift.toFixed(4)) > b.layoutShift) out.push(`layout shift ${f.layoutShift.toFixed(4)}, budget ${b.layoutShift}: ${f.shifts.join('; ')}`);
  if (f.thirdParty.length > b.thirdPartyRequests)
    out.push(`${f.thirdParty.length} third-party requests before consent, budget ${b.thirdPartyRequests}: ${f.thirdParty.join(', ')}`);
  return out;
}

/** One line of figures, for logs and the bench. */
export function describe(f: PageFigures): string {
  return `JS ${kb(f.jsBytes)}, CSS ${kb(f.cssBytes)}, HTML ${kb(f.htmlBytes)} (${kb(f.htmlRawBytes)} raw), ${f.requestsBeforePaint} requests before paint, ${f.renderBlocking.length} render-blocking, ${f.badImages.length} bad images, CLS ${f.layoutShift.toFixed(4)}, ${f.thirdParty.length} third-party`;
}
