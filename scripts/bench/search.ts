/**
 * Search benchmark (issue 7). Writes bench/results/search.json and a table on stdout.
 *
 * 1. Index: for 1,000, 10,000 and 100,000 products (sample catalogs, German shop), the Pagefind
 *    index built as the build does (src/integrations/search-index.ts: Node API, records streamed
 *    from the catalog index): time, peak memory (the Node process and Pagefind's own binary,
 *    each its peak RSS) and the index's size on disk (files and bytes).
 * 2. Browser: the German shop built from the 200-product sample, its /pagefind/ replaced by the
 *    10,000-product index, served compressed; in Chromium, a typical query typed into the header
 *    box: bytes fetched (transfer sizes: the island's JS after interaction, Pagefind's JS/wasm
 *    and index chunks) and the time from the end of the 300 ms debounce to the first results on
 *    screen (performance marks search:start / search:results of src/islands/search/useSearch.ts),
 *    for the first search (Pagefind loading during the debounce) and a second one.
 *
 *   node scripts/bench/search.ts [--sizes 1000,10000,100000] [--query Kombizange] [--child ...]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    query: { type: 'string', default: 'Kombizange' },
    second: { type: 'string', default: 'Gartenschlauch' },
    child: { type: 'string' },
    'browser-size': { type: 'string', default: '10000' },
  },
});
const base = join(root, '.cache/bench');
const dirOf = (n: number) => join(base, `search-${n}`);

function dirSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    files++;
    bytes += statSync(join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

/** Peak RSS (VmHWM) of the process's child processes that are still alive: Pagefind's binary. */
function childPeakRss(): number {
  let peak = 0;
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const kids = readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      for (const pid of kids) {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) * 1024);
      }
    }
  } catch {
    /* not Linux */
  }
  return peak;
}

// --- child: one index build, measured in its own process -------------------------------------
if (values.child) {
  const { buildCatalogIndex } = await import('../../src/catalog/build-index.ts');
  const { getShop } = await import('../../src/shops/index.ts');
  const n = Number(values.child);
  const shop = getShop('de');
  const dbFile = join(dirOf(n), 'de.sqlite');
  await buildCatalogIndex({ exportDir: join(dirOf(n), 'export'), shop, dbFile });
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const outDir = join(dirOf(n), 'site');
  mkdirSync(outDir, { recursive: true });
  const { buildSearchIndex } = await import('../../src/integrations/search-index.ts');
  const started = performance.now();
  let pagefindPeak = 0;
  const { records } = await buildSearchIndex({
    dbFile,
    outDir,
    language: 'de',
    countryIds: shop.countries.map((c) => c.id),
    beforeClose: () => (pagefindPeak = childPeakRss()),
  });
  const seconds = (performance.now() - started) / 1000;
  const out = { products: n, records, seconds, nodePeakRssBytes: process.resourceUsage().maxRSS * 1024, nodeRssBeforeIndexBytes: rssBefore, pagefindPeakRssBytes: pagefindPeak, size: dirSize(join(outDir, 'pagefind')) };
  writeFileSync(join(dirOf(n), 'index-result.json'), JSON.stringify(out));
  process.exit(0);
}

// --- parent -----------------------------------------------------------------------------------
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
const sizes = values.sizes!.split(',').map(Number);
const index: Record<string, unknown>[] = [];
for (const n of sizes) {
  if (!existsSync(join(dirOf(n), 'export', 'manifest.json'))) {
    console.log(`sample: ${n} products...`);
    const r = spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', String(n), '--out', join(dirOf(n), 'export')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('sample failed');
  }
  console.log(`index: ${n} products...`);
  const r = spawnSync(process.execPath, ['--max-old-space-size=1024', import.meta.filename, '--child', String(n)], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    index.push({ products: n, failed: `exit ${r.status ?? r.signal}` });
    console.log(`  failed (${r.status ?? r.signal})`);
    continue;
  }
  const res = JSON.parse(readFileSync(join(dirOf(n), 'index-result.json'), 'utf8'));
  index.push(res);
  console.log(
    `  ${res.records} records in ${res.seconds.toFixed(1)} s; peak RSS node ${mb(res.nodePeakRssBytes)} (catalog index build included; ${mb(res.nodeRssBeforeIndexBytes)} before the search index), pagefind ${mb(res.pagefindPeakRssBytes)}; index ${res.size.files} files, ${mb(res.size.bytes)}`,
  );
}

// --- browser ----------------------------------------------------------------------------------
const browserSize = Number(values['browser-size']);
let browser: Record<string, unknown> | undefined;
const bigIndex = join(dirOf(browserSize), 'site', 'pagefind');
if (existsSync(bigIndex)) {
  const { buildShops } = await import('../lib/build-shops.ts');
  const { createShopServer } = await import('../lib/shop-server.ts');
  const { chromium } = await import('playwright-core');
  const small = join(base, 'search-site-200');
  if (!existsSync(join(small, 'dist', 'de', 'search.html'))) {
    if (!existsSync(join(small, 'export', 'manifest.json'))) {
      spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', '200', '--out', join(small, 'export')], { stdio: 'inherit' });
    }
    console.log('browser: building the German shop (200-product sample)...');
    await buildShops({ shops: ['de'], exportDir: join(small, 'export'), distDir: join(small, 'dist'), catalogDir: join(small, 'index'), parallel: 1, quiet: true });
  }
  const site = join(small, 'dist', 'de');
  rmSync(join(site, 'pagefind'), { recursive: true, force: true });
  cpSync(bigIndex, join(site, 'pagefind'), { recursive: true });
  const server = createShopServer({ sites: { de: site } });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const b = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const runs = [];
  for (let run = 0; run < 3; run++) {
    const page = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://de.localhost:${port}/`, { waitUntil: 'networkidle' });
    // Every response after the page settled (workers included), with its transfer size.
    const fetched: { url: string; bytes: number }[] = [];
    page.on('requestfinished', async (req) => {
      const sizes = await req.sizes().catch(() => undefined);
      if (sizes) fetched.push({ url: req.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
    });
    const measure = async (q: string) => {
      await page.evaluate(() => performance.clearMarks());
      await page.locator('#site-search').fill('');
      await page.locator('#site-search').click();
      await page.locator('#site-search').pressSequentially(q, { delay: 60 });
      await page.waitForFunction((q) => (performance.getEntriesByName('search:results') as PerformanceMark[]).some((m) => m.detail.term === q), q, { timeout: 30_000 });
      await page.waitForTimeout(500);
      return page.evaluate((q) => {
        const start = (performance.getEntriesByName('search:start') as PerformanceMark[]).findLast((m) => m.detail === q)!;
        const end = (performance.getEntriesByName('search:results') as PerformanceMark[]).find((m) => m.detail.term === q && m.startTime >= start.startTime)!;
        return { ms: end.startTime - start.startTime, total: end.detail.total as number };
      }, q);
    };
    const first = await measure(values.query!);
    const sum = (f: (u: string) => boolean) => fetched.filter((r) => f(r.url)).reduce((n, r) => n + r.bytes, 0);
    const bytes = {
      total: sum(() => true),
      islandJs: sum((u) => u.includes('/_astro/')),
      pagefindJsWasm: sum((u) => /pagefind(-worker)?\.js|\.pagefind$|pagefind-entry/.test(u)),
      indexChunks: sum((u) => /\/pagefind\/(index|filter|fragment)\/|pf_meta/.test(u)),
      images: sum((u) => u.includes('/media/')),
      requests: fetched.length,
    };
    const second = await measure(values.second!);
    runs.push({ first, second, bytes });
    await page.close();
  }
  await b.close();
  server.close();
  const median = (xs: number[]) => [...xs].sort((a, c) => a - c)[Math.floor(xs.length / 2)]!;
  browser = {
    products: browserSize,
    query: values.query,
    secondQuery: values.second,
    runs,
    medianFirstMs: median(runs.map((r) => r.first.ms)),
    medianSecondMs: median(runs.map((r) => r.second.ms)),
  };
  const r0 = runs[0]!;
  console.log(`browser (${browserSize} products, "${values.query}", ${r0.first.total} results): first results ${(browser.medianFirstMs as number).toFixed(0)} ms after the debounce (median of 3), second query "${values.second}" ${(browser.medianSecondMs as number).toFixed(0)} ms`);
  console.log(`  bytes fetched for the first search: ${(r0.bytes.total / 1024).toFixed(1)} KB (island JS ${(r0.bytes.islandJs / 1024).toFixed(1)} KB, Pagefind JS+wasm ${(r0.bytes.pagefindJsWasm / 1024).toFixed(1)} KB, index/filter/fragments ${(r0.bytes.indexChunks / 1024).toFixed(1)} KB, images ${(r0.bytes.images / 1024).toFixed(1)} KB; ${r0.bytes.requests} requests)`);
} else {
  console.log(`browser: no ${browserSize}-product index (run with --sizes including ${browserSize}); skipped`);
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/search.json'), JSON.stringify({ date: new Date().toISOString(), index, browser }, null, 2));
console.log('bench/results/search.json written');
