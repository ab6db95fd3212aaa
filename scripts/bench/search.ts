/**
 * Search benchmark (issue 7). Writes bench/results/search.json and a table on stdout.
 *
 * 1. Index: for 1,000, 10,000 and 100,000 products (sample catalogs, German shop), the Pagefind
 *    index built as the build does (src/integrations/search-index.ts: Node API, records streamed
 *    from the catalog index): time, peak memory (the Node process and Pagefind's own binary,
 *    each its peak RSS) and the index's size on disk (files and bytes).
 * 2. Browser: the German shop built from the 200-product sample (rebuilt when src/ changed), its
 *    /pagefind/ and /search-prices/ replaced by the 10,000-product index and its price sheets, served compressed. In Chromium, each of
 *    several typical queries is typed (60 ms a key, right after clicking into the header box) in
 *    a fresh context (empty HTTP cache: the first search of a first visit), then the next query
 *    in the same page (Pagefind loaded). Reported: median and worst time from the end of the
 *    300 ms debounce to the first results on screen (marks search:start / search:results of
 *    src/islands/search/useSearch.ts); where the time goes (marks of src/islands/search/engine.ts:
 *    Pagefind ready, search done with Pagefind's own timings for chunk loading and the wasm
 *    search, first results' fragments fetched, render), each also as the time it ended relative
 *    to the end of the debounce (negative: during the pause); bytes fetched from the click into
 *    the box to the results (transfer sizes: island JS, Pagefind JS/wasm/meta, index, filter and
 *    fragment files, images); the load average before and after (the figures depend on it).
 *
 *   node scripts/bench/search.ts [--sizes 1000,10000,100000 | none] [--browser-size 10000]
 *     [--queries Kombizange,Gartenschlauch,...] [--rounds 2] [--child ...]
 *   --sizes none: no index build, the browser part on the cached index (index figures of the last
 *   run kept in the JSON with their date).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { SEARCH_PRICES_FOLDER } from '../../src/catalog/search-prices.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    queries: { type: 'string', default: 'Kombizange,Gartenschlauch,Winkelschleifer,Rasenmäher,Holzschrauben,Hochdruckreiniger' },
    rounds: { type: 'string', default: '2' },
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
  const { buildSearchIndex, writePriceSheets } = await import('../../src/integrations/search-index.ts');
  const started = performance.now();
  const { records, peakRssBytes: pagefindPeak, ids, prices } = await buildSearchIndex({ dbFile, outDir, language: 'de' });
  const seconds = (performance.now() - started) / 1000;
  // The results' prices, keyed by this index's result ids (decision 0015): swapped in with it.
  writePriceSheets(prices, ids, outDir);
  const out = {
    products: n,
    records,
    seconds,
    nodePeakRssBytes: process.resourceUsage().maxRSS * 1024,
    nodeRssBeforeIndexBytes: rssBefore,
    pagefindPeakRssBytes: pagefindPeak,
    size: dirSize(join(outDir, 'pagefind')),
  };
  writeFileSync(join(dirOf(n), 'index-result.json'), JSON.stringify(out));
  process.exit(0);
}

// --- parent -----------------------------------------------------------------------------------
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
const sizes = values
  .sizes!.split(',')
  .filter((x) => x && x !== 'none')
  .map(Number);
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
const queries = values
  .queries!.split(',')
  .map((q) => q.trim())
  .filter(Boolean);
let browser: Record<string, unknown> | undefined;
const bigIndex = join(dirOf(browserSize), 'site', 'pagefind');
const bigPrices = join(dirOf(browserSize), 'site', SEARCH_PRICES_FOLDER);

/** The newest modification time of the files under `dir` (ms). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) t = Math.max(t, statSync(join(e.parentPath, e.name)).mtimeMs);
  return t;
}

interface Run {
  query: string;
  /** Results after the debounce (the 10,000-product index: capped hits, as the box shows the count). */
  total: number;
  /** Debounce end (search:start) to the first results rendered (search:results). */
  ms: number;
  /** Each phase: when it ended, in ms relative to the end of the debounce (negative: during the pause). */
  at: { pagefindReady?: number; searched?: number; fragments?: number; rendered: number };
  /** Pagefind's own timings of the search that served the results: chunk loading and the wasm search. */
  chunksMs?: number;
  wasmMs?: number;
  /** The whole search inside Pagefind's worker (chunks + wasm + preparing the hits). */
  workerMs?: number;
  /** Breakdown of the time after the debounce: waiting for Pagefind/the search, the fragments, rendering. */
  after: { search: number; fragments: number; render: number };
  /** Transfer sizes from the focus of the box to the results (cold runs only). */
  bytes?: Record<string, number>;
}

if (existsSync(bigIndex)) {
  const { buildShops } = await import('../lib/build-shops.ts');
  const { createShopServer } = await import('../lib/shop-server.ts');
  const { chromium } = await import('playwright-core');
  const small = join(base, 'search-site-200');
  const shell = join(small, 'dist', 'de', 'search.html');
  // Rebuilt when the source changed since (the island's code is what is measured).
  if (!existsSync(shell) || newest(join(root, 'src')) > statSync(shell).mtimeMs) {
    if (!existsSync(join(small, 'export', 'manifest.json'))) {
      spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', '200', '--out', join(small, 'export')], { stdio: 'inherit' });
    }
    console.log('browser: building the German shop (200-product sample)...');
    await buildShops({ shops: ['de'], exportDir: join(small, 'export'), distDir: join(small, 'dist'), catalogDir: join(small, 'index'), parallel: 1, quiet: true });
  }
  const site = join(small, 'dist', 'de');
  rmSync(join(site, 'pagefind'), { recursive: true, force: true });
  cpSync(bigIndex, join(site, 'pagefind'), { recursive: true });
  rmSync(join(site, SEARCH_PRICES_FOLDER), { recursive: true, force: true });
  cpSync(bigPrices, join(site, SEARCH_PRICES_FOLDER), { recursive: true });
  const server = createShopServer({ sites: { de: site } });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  const loadBefore = load();

  /** Types `q` into the box as a shopper does (60 ms a key) and reads the marks of that search. */
  const measure = async (page: import('playwright-core').Page, q: string): Promise<Run> => {
    await page.evaluate(() => performance.clearMarks());
    await page.locator('#site-search').fill('');
    await page.locator('#site-search').click();
    await page.locator('#site-search').pressSequentially(q, { delay: 60 });
    await page.waitForFunction((q) => (performance.getEntriesByName('search:results') as PerformanceMark[]).some((m) => m.detail.term === q), q, { timeout: 30_000 });
    await page.waitForTimeout(300);
    return page.evaluate((q) => {
      const marks = (name: string) => performance.getEntriesByName(name) as PerformanceMark[];
      const start = marks('search:start').findLast((m) => m.detail === q)!;
      const end = marks('search:results').find((m) => m.detail.term === q && m.startTime >= start.startTime)!;
      const ofTerm = (name: string) => marks(name).findLast((m) => m.detail?.term === q && m.startTime <= end.startTime);
      const searched = ofTerm('search:searched');
      const fragments = ofTerm('search:fragments');
      const ready = marks('search:ready')[0];
      const rel = (m?: PerformanceMark) => (m ? m.startTime - start.startTime : undefined);
      const atSearched = Math.max(0, rel(searched) ?? 0);
      const atFragments = Math.max(atSearched, rel(fragments) ?? 0);
      const ms = end.startTime - start.startTime;
      return {
        query: q,
        total: end.detail.total as number,
        ms,
        at: { pagefindReady: rel(ready), searched: rel(searched), fragments: rel(fragments), rendered: ms },
        chunksMs: searched?.detail.chunksMs,
        wasmMs: searched?.detail.wasmMs,
        workerMs: searched?.detail.workerMs,
        after: { search: atSearched, fragments: atFragments - atSearched, render: ms - atFragments },
      };
    }, q);
  };

  const cold: Run[] = [];
  const warm: Run[] = [];
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    for (const [i, q] of queries.entries()) {
      // A new context each time: an empty HTTP cache, the first search of a first visit.
      const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`http://de.localhost:${port}/`, { waitUntil: 'networkidle' });
      const fetched: { url: string; bytes: number }[] = [];
      page.on('requestfinished', async (req) => {
        const sizes = await req.sizes().catch(() => undefined);
        if (sizes) fetched.push({ url: req.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
      });
      const run = await measure(page, q);
      const sum = (f: (u: string) => boolean) => fetched.filter((r) => f(r.url)).reduce((n, r) => n + r.bytes, 0);
      run.bytes = {
        total: sum(() => true),
        islandJs: sum((u) => u.includes('/_astro/')),
        pagefindJsWasm: sum((u) => /pagefind(-worker)?\.js|\.pagefind$|pagefind-entry|pf_meta/.test(u)),
        indexChunks: sum((u) => /\/pagefind\/index\//.test(u)),
        filterChunks: sum((u) => /\/pagefind\/filter\//.test(u)),
        fragments: sum((u) => /\/pagefind\/fragment\//.test(u)),
        priceSheets: sum((u) => u.includes(`/${SEARCH_PRICES_FOLDER}/`)),
        images: sum((u) => u.includes('/media/')),
        requests: fetched.length,
      };
      cold.push(run);
      // The next query in the same page: Pagefind loaded, other chunks.
      warm.push(await measure(page, queries[(i + 1) % queries.length]!));
      await context.close();
    }
  }
  const loadAfter = load();
  await b.close();
  server.close();
  const sorted = (xs: number[]) => [...xs].sort((a, c) => a - c);
  const median = (xs: number[]) => {
    const s = sorted(xs);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const stats = (runs: Run[]) => ({
    n: runs.length,
    medianMs: median(runs.map((r) => r.ms)),
    worstMs: Math.max(...runs.map((r) => r.ms)),
    medianAfter: { search: median(runs.map((r) => r.after.search)), fragments: median(runs.map((r) => r.after.fragments)), render: median(runs.map((r) => r.after.render)) },
    medianAt: {
      pagefindReady: median(runs.map((r) => r.at.pagefindReady ?? NaN).filter((x) => !Number.isNaN(x))),
      searched: median(runs.map((r) => r.at.searched ?? NaN).filter((x) => !Number.isNaN(x))),
      fragments: median(runs.map((r) => r.at.fragments ?? NaN).filter((x) => !Number.isNaN(x))),
    },
    medianChunksMs: median(runs.map((r) => r.chunksMs ?? 0)),
    medianWasmMs: median(runs.map((r) => r.wasmMs ?? 0)),
    medianWorkerMs: median(runs.map((r) => r.workerMs ?? 0)),
  });
  const bytesMedian = Object.fromEntries(Object.keys(cold[0]!.bytes!).map((k) => [k, median(cold.map((r) => r.bytes![k]!))]));
  browser = {
    products: browserSize,
    queries,
    rounds,
    cpus: availableParallelism(),
    loadAvg: { before: loadBefore, after: loadAfter },
    first: stats(cold),
    next: stats(warm),
    bytesFirstSearchMedian: bytesMedian,
    cold,
    warm,
  };
  const f = browser.first as ReturnType<typeof stats>;
  const w = browser.next as ReturnType<typeof stats>;
  const n0 = (x: number) => x.toFixed(0);
  console.log(`browser (${browserSize} products; ${queries.length} queries × ${rounds}; load ${loadBefore.join(' ')} → ${loadAfter.join(' ')} on ${availableParallelism()} cores)`);
  console.log(`  first search of a visit: median ${n0(f.medianMs)} ms, worst ${n0(f.worstMs)} ms after the debounce`);
  console.log(
    `    after the debounce: search ${n0(f.medianAfter.search)} ms (in Pagefind's worker ${n0(f.medianWorkerMs)} ms: chunks ${n0(f.medianChunksMs)} ms, wasm ${n0(f.medianWasmMs)} ms), fragments ${n0(f.medianAfter.fragments)} ms, render ${n0(f.medianAfter.render)} ms`,
  );
  console.log(
    `    ends relative to the debounce end: Pagefind ready ${n0(f.medianAt.pagefindReady)} ms, search ${n0(f.medianAt.searched)} ms, fragments ${n0(f.medianAt.fragments)} ms`,
  );
  console.log(
    `  next search in the same page: median ${n0(w.medianMs)} ms, worst ${n0(w.worstMs)} ms (search ${n0(w.medianAfter.search)}, fragments ${n0(w.medianAfter.fragments)}, render ${n0(w.medianAfter.render)})`,
  );
  const kb = (k: string) => `${((bytesMedian[k] ?? 0) / 1024).toFixed(1)} KB`;
  console.log(
    `  bytes from the focus to the first results (median): ${kb('total')} (island JS ${kb('islandJs')}, Pagefind JS+wasm+meta ${kb('pagefindJsWasm')}, index chunks ${kb('indexChunks')}, filter chunks ${kb('filterChunks')}, fragments ${kb('fragments')}, price sheets ${kb('priceSheets')}, images ${kb('images')}; ${bytesMedian.requests} requests)`,
  );
} else {
  console.log(`browser: no ${browserSize}-product index (run with --sizes including ${browserSize}); skipped`);
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
// With --sizes none the index figures of the last run are kept (with their date).
const out = join(root, 'bench/results/search.json');
const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { date?: string; indexDate?: string; index?: unknown[] }) : undefined;
const keepIndex = !index.length && previous?.index?.length;
writeFileSync(
  out,
  JSON.stringify(
    { date: new Date().toISOString(), indexDate: keepIndex ? (previous.indexDate ?? previous.date) : new Date().toISOString(), index: keepIndex ? previous.index : index, browser },
    null,
    2,
  ),
);
console.log('bench/results/search.json written');
