/**
 * Builds shops with `astro build`, each in its own process (SHOP picks the shop), a few at a time.
 * Reports seconds, pages and peak RSS per shop.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, freemem, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { catalogFile } from '../../src/catalog/catalog.ts';
import { Manifest } from '../../src/catalog/export-schema.ts';
import { writeMarker, writePrebuiltIndex } from '../../src/catalog/prebuilt-index.ts';
import { partRecordsOf } from '../../src/catalog/search-parts.ts';
import { PrebuiltSearch } from '../../src/integrations/search-index.ts';
import { astroCacheDir, markCacheUsed } from '../../src/integrations/incremental.ts';
import { hashCode } from '../../src/integrations/code-stamp.ts';
import { getShop, type ShopCode } from '../../src/shops/index.ts';

export interface ShopBuild {
  shop: ShopCode;
  seconds: number;
  pages: number;
  peakRssBytes: number;
  /** Peak memory of the search index's processes (Pagefind's and, with npm run build, the search child's), beside the build's. */
  searchPeakRssBytes?: number;
  /** Peak memory of the catalog index's process, which runs beside Astro's setup. */
  indexPeakRssBytes?: number;
  /** What changed since the previous catalog index (src/catalog/current-index.ts). */
  changes?: string;
  /** Keyed pages (and listing files) rendered and reused from the previous build (incremental build), with the variant pages written from their product's template or kept. */
  rendered?: number;
  reused?: number;
  /** Whether Vite's bundles of the build before were reused (src/integrations/bundle-reuse.ts): the code was unchanged. */
  bundlesReused?: boolean;
  /** Set when a first build with kept bundles failed and this is the second, which bundled (buildShop). */
  retried?: string;
  /** Seconds per phase of the build, in order. */
  phases: Record<string, number>;
}

/** Phases of a shop build, each starting at the first log line that matches (see describeBuild). */
const PHASES: [string, RegExp][] = [
  ['setup', /^/],
  ['bundle', /Building static entrypoints/],
  // The catalog index is made current beside the bundles (decision 0014): this is the wait for what is left of it.
  ['catalog index', /\[thelia-catalog\] bundles built/],
  ['pages', /generating static routes/],
  ['variant pages', /\[incremental\] pages:/],
  ['redirects, media', /\[variant-pages\] variant pages:/],
  ['sitemap, images', /\[catalog-seo\] sitemap/],
  // The search index is built beside the pages: this is the wait for what is left of it.
  ['search index', /\[catalog-seo\] images/],
  ['headers', /\[search-index\] pagefind:/],
];

/** The line the bundle reuse logs when it reuses the kept bundles (src/integrations/bundle-reuse.ts). */
const BUNDLES_REUSED = /\[bundle-reuse\] the code is unchanged since the kept bundles/;

/** "setup 6.1 s, catalog index 2.0 s, ..." */
export const describePhases = (phases: Record<string, number>) =>
  Object.entries(phases)
    .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
    .join(', ');

export interface BuildOptions {
  shops: ShopCode[];
  exportDir: string;
  distDir?: string;
  catalogDir?: string;
  /** Shop builds at once (default: defaultParallel). */
  parallel?: number;
  env?: Record<string, string>;
  quiet?: boolean;
}

const root = resolve(import.meta.dirname, '../..');

/** The files of a built site, and how many of them are pages (HTML), in one walk (26,000 pages and 14,000 other files take 0.2 s each). */
export function countSite(dir: string): { files: number; pages: number } {
  let files = 0;
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    if (entry.name.endsWith('.html')) pages++;
  }
  return { files, pages };
}

/** Settings that change what a build writes. */
const ENV_KEYS = /^(SHOP_|SEARCH_INDEX$|CATALOG_|INCREMENTAL$|EXPORT_DIR$|DIST_DIR$|VARIANT_PAGES$|PAGE_SHARDS_FROM$)/;

/**
 * A hash of everything a shop build reads: the export (names, sizes and mtimes of its files and
 * media), the code and texts (hashCode: contents of src/, messages/, public/, the Astro config,
 * the lockfile) and the settings. When it equals the last successful build's and that build's output
 * is in place, there is nothing to build.
 */
function inputsStamp(shop: ShopCode, exportDir: string, env: Record<string, string | undefined>): string {
  const h = createHash('sha256');
  h.update(
    `${shop}\n${JSON.stringify(
      Object.entries(env)
        .filter(([k]) => ENV_KEYS.test(k))
        .sort(),
    )}\n`,
  );
  const exported = existsSync(exportDir) ? readdirSync(exportDir, { withFileTypes: true, recursive: true }) : [];
  for (const f of exported
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()) {
    const st = statSync(f);
    h.update(`${relative(exportDir, f)}\n${st.size}:${st.mtimeMs}\n`);
  }
  hashCode(h, root);
  return h.digest('hex');
}

/** Node's compile cache of the build's processes (kept on Netlify by netlify/plugins/build-cache). */
export const COMPILE_CACHE = '.cache/node-compile-cache';

/** Node's arguments that preload scripts/lib/child-preload.ts into a child build. */
export const CHILD_PRELOAD = ['--import', join(root, 'scripts/lib/child-preload.ts')];

/** What scripts/lib/index-child.ts prints last. */
const IndexChildLine = z.object({ rebuilt: z.boolean(), changes: z.string() });

/** What scripts/lib/search-child.ts prints last: the search marker's fields without `ok` and `ms`. */
const SearchChildLine = PrebuiltSearch.options[0].omit({ ok: true, ms: true });

/** Runs one of this folder's child scripts; gives its exit code, its last line of stdout, parsed, and the last of stderr. */
function runChild<T>(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  line: z.ZodType<T>,
  onSpawn: (kill: () => void) => void,
): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...CHILD_PRELOAD, join(root, 'scripts/lib', script), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn(() => void (child.exitCode === null && child.kill()));
    let last = '';
    let error = '';
    eachLine(child.stdout, (l) => {
      if (l) last = l;
    });
    eachLine(child.stderr, (l) => {
      error = `${error}${l}\n`.slice(-2_000);
    });
    child.on('error', (e) => done({ ok: false, reason: e.message }));
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(last);
      } catch {
        json = undefined;
      }
      const parsed = line.safeParse(json);
      done(code === 0 && parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: `${script} ended with ${code}: ${error.trim().split('\n').at(-1) ?? ''}` });
    });
  });
}

/**
 * Starts the shop's catalog index in a process of its own, beside Astro's setup, and writes its
 * outcome to a marker the build waits for (src/catalog/prebuilt-index.ts, current-index.ts) after
 * Vite's bundles. On a 2-core machine the index (5-8 s at 10,000 products) then costs what is left
 * of it after Astro's setup and bundles (decision 0014), not its whole time before them.
 *
 * With `search`, the search index follows in a process of its own as soon as the catalog index
 * is written, into the search cache folder, and its outcome goes to `searchMarker`
 * (src/integrations/search-index.ts, SEARCH_PREBUILT): Pagefind then works beside Astro's setup,
 * bundling and rendering instead of from the pages on. A failed catalog index fails it too.
 */
export function indexBeside(
  shop: ShopCode,
  env: Record<string, string | undefined>,
  rssFile: string,
  search?: { language: string; partRecords: number; cacheDir: string; siteDir?: string },
): { marker: string; searchMarker: string | undefined; stop: () => void; peakRssBytes: () => number | undefined; settled: Promise<void> } {
  const marker = join(dirname(rssFile), 'catalog-index.json');
  const searchMarker = search ? join(dirname(rssFile), 'search-index.json') : undefined;
  const indexRss = join(dirname(rssFile), 'index-rss');
  const started = performance.now();
  const dbFile = catalogFile(shop, env.CATALOG_DIR, root);
  const running: (() => void)[] = [];
  let stopped = false;
  const work = (async () => {
    const index = await runChild('index-child.ts', [env.EXPORT_DIR ?? 'export', shop, dbFile], { ...env, RSS_REPORT: indexRss }, IndexChildLine, (kill) => running.push(kill));
    writePrebuiltIndex(
      marker,
      index.ok ? { ok: true, ...index.value, ms: performance.now() - started } : { ok: false, reason: index.reason.replace('index-child.ts', 'the index child') },
    );
    if (!search || !searchMarker) return;
    if (!index.ok || stopped)
      return writeMarker<PrebuiltSearch>(searchMarker, { ok: false, reason: stopped ? 'the build stopped' : 'the catalog index was not built beside the build' });
    const built = await runChild(
      'search-child.ts',
      [dbFile, search.language, String(search.partRecords), search.cacheDir, ...(search.siteDir ? [search.siteDir] : [])],
      env,
      SearchChildLine,
      (kill) => running.push(kill),
    );
    writeMarker<PrebuiltSearch>(
      searchMarker,
      built.ok ? { ok: true, ...built.value, ms: performance.now() - started } : { ok: false, reason: built.reason.replace('search-child.ts', 'the search child') },
    );
  })();
  return {
    marker,
    searchMarker,
    // When the work beside the build has ended, its last marker written (a failure of it is not
    // caught here, as before).
    settled: work.then(() => undefined),
    stop: () => {
      stopped = true;
      for (const kill of running) kill();
    },
    peakRssBytes: () => (existsSync(indexRss) ? Number(readFileSync(indexRss, 'utf8')) : undefined),
  };
}

/**
 * Calls onLine with each line of a child's stream: decoded as UTF-8 across chunk boundaries (a
 * "├─" split between two chunks stays one character) and with the last line even without its
 * newline. Each stream has its own partial line, so stdout and stderr never run into each other.
 */
export function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (d: string) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    if (partial) onLine(partial);
    partial = '';
  });
}

/** The terminal colour codes (ESC) of the build log. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they start with ESC
const ANSI = /\x1b\[[0-9;]*m/g;

/** A shop build that failed, and whether it was rendering with the kept bundles of the build before. */
class ShopBuildError extends Error {
  readonly bundlesReused: boolean;
  /** What changed in the catalog, when the build got that far (the build run again finds the index current). */
  readonly changes: string | undefined;
  constructor(message: string, bundlesReused: boolean, changes: string | undefined) {
    super(message);
    this.bundlesReused = bundlesReused;
    this.changes = changes;
  }
}

/**
 * A shop build; one that fails while it renders with kept bundles (src/integrations/bundle-reuse.ts)
 * is run again at once. The failed build removed the kept state, so the second bundles the code:
 * a broken bundle in the cache costs the editor a longer build, not a failed one.
 */
async function buildShop(shop: ShopCode, o: BuildOptions): Promise<ShopBuild> {
  try {
    return await buildOne(shop, o);
  } catch (error) {
    if (!(error instanceof ShopBuildError && error.bundlesReused)) throw error;
    // Astro prints the error's message, then "Stack trace:".
    const lines = error.message.split('\n').map((l) => l.replace(ANSI, '').trim());
    const trace = lines.indexOf('Stack trace:');
    const reason = (trace > 0 ? lines[trace - 1] : lines.find((l) => /error/i.test(l))) ?? lines[0]!;
    console.warn(`[${shop}] the build with the kept bundles failed (${reason}): building again, bundling the code`);
    const second = await buildOne(shop, o);
    return { ...second, changes: error.changes ?? second.changes, retried: reason };
  }
}

function buildOne(shop: ShopCode, o: BuildOptions): Promise<ShopBuild> {
  const distDir = resolve(o.distDir ?? 'dist');
  const started = performance.now();
  const env: Record<string, string | undefined> = {
    // Node keeps the code it compiled of the build's modules (Astro, Vite, the index's) for the next
    // build's processes: their start is 0.2-0.4 s shorter. Node checks each entry against its source.
    NODE_COMPILE_CACHE: join(root, COMPILE_CACHE),
    ...process.env,
    ...o.env,
    EXPORT_DIR: resolve(o.exportDir),
    DIST_DIR: distDir,
    ...(o.catalogDir ? { CATALOG_DIR: resolve(o.catalogDir) } : {}),
  };
  const cacheDir = join(root, astroCacheDir(shop, distDir));
  const stampFile = join(cacheDir, 'build-inputs');
  const stamp = inputsStamp(shop, o.exportDir, env);
  const out = join(distDir, shop);
  if (env.INCREMENTAL !== 'off' && existsSync(stampFile) && existsSync(join(out, 'index.html')) && !existsSync(join(cacheDir, 'incremental-build.unfinished'))) {
    const [hash, files] = readFileSync(stampFile, 'utf8').split('\n');
    const site = hash === stamp ? countSite(out) : undefined;
    if (site && Number(files) === site.files) {
      markCacheUsed(cacheDir); // its pages stand: the cache is in use although Astro is not started
      const seconds = (performance.now() - started) / 1000;
      const { pages } = site;
      if (!o.quiet) console.log(`[${shop}] nothing changed since the last build (export, code and settings): ${out} stands`);
      return Promise.resolve({
        shop,
        seconds,
        pages,
        peakRssBytes: process.memoryUsage.rss(),
        changes: 'nothing changed since the last build (export, code and settings)',
        rendered: 0,
        reused: pages,
        phases: { check: seconds },
      });
    }
  }
  rmSync(stampFile, { force: true });
  // The build's peak memory and the markers of the work beside it, in a folder of its own.
  const rssFile = join(mkdtempSync(join(tmpdir(), 'rss-')), 'rss');
  // The search index beside the build needs its cache folder (incremental builds) and the index.
  const searchBeside = env.INCREMENTAL !== 'off' && env.SEARCH_INDEX !== 'off';
  const indexer = indexBeside(
    shop,
    env,
    rssFile,
    searchBeside ? { language: getShop(shop).language, partRecords: partRecordsOf(env.SEARCH_PART_RECORDS, shop), cacheDir: join(cacheDir, 'pagefind'), siteDir: out } : undefined,
  );
  const child = spawn(process.execPath, [...CHILD_PRELOAD, join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env: {
      ...env,
      SHOP: shop,
      RSS_REPORT: rssFile,
      CATALOG_PREBUILT: indexer.marker,
      SEARCH_PREBUILT: indexer.searchMarker,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** The log's last lines, for the error of a failed build. */
  const tail: string[] = [];
  const marks: [string, number][] = [['setup', started]];
  let changes: string | undefined;
  let rendered: number | undefined;
  let reused: number | undefined;
  let searchPeakRssBytes: number | undefined;
  let bundlesReused = false;
  const onLine = (line: string) => {
    if (tail.push(line) > 200) tail.shift();
    const plain = line.replace(ANSI, '');
    const next = PHASES[marks.length];
    if (next?.[1].test(plain)) marks.push([next[0], performance.now()]);
    const c = /\[thelia-catalog\] changes: (.*)$/.exec(plain);
    if (c) changes = c[1];
    const p = /\[incremental\] pages: (\d+) of (\d+) keyed pages and files rendered, (\d+) reused/.exec(plain);
    if (p) (rendered = Number(p[1])), (reused = Number(p[3]));
    // Pages written from their product's template (decision 0013): rendered when written, else reused.
    const v = /\[variant-pages\] variant pages: (\d+) written from \d+ product templates, (\d+) kept/.exec(plain);
    if (v) (rendered = (rendered ?? 0) + Number(v[1])), (reused = (reused ?? 0) + Number(v[2]));
    const s = /\[search-index\] pagefind: .*(?:Pagefind|search processes) peak (\d+) MB/.exec(plain);
    if (s) searchPeakRssBytes = Number(s[1]) * 2 ** 20;
    if (BUNDLES_REUSED.test(plain)) bundlesReused = true;
    // Astro prints a line per page: left out of the terminal (26,000 of them per shop).
    if (!o.quiet && !/[├└]─/.test(plain)) process.stdout.write(`[${shop}] ${line}\n`);
  };
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': the last lines of the log (the pages and phases) may come after the exit.
    child.on('close', (code) => {
      // A build that stopped before it waited for the index: the index has no reader.
      indexer.stop();
      const peakRssBytes = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : 0;
      const indexPeakRssBytes = indexer.peakRssBytes();
      // The folder of the build's reports and markers (rssFile's) is removed once the index
      // beside it has written its last marker.
      void indexer.settled.then(() => rmSync(dirname(rssFile), { recursive: true, force: true }));
      if (code !== 0) return reject(new ShopBuildError(`The ${shop} shop did not build (exit ${code}).\n${tail.join('\n')}`, bundlesReused, changes));
      const ended = performance.now();
      const phases: Record<string, number> = {};
      marks.forEach(([name, at], i) => (phases[name] = ((marks[i + 1]?.[1] ?? ended) - at) / 1000));
      mkdirSync(cacheDir, { recursive: true });
      const site = countSite(out);
      writeFileSync(stampFile, `${stamp}\n${site.files}`);
      resolvePromise({
        shop,
        seconds: (ended - started) / 1000,
        pages: site.pages,
        peakRssBytes,
        changes,
        rendered,
        reused,
        bundlesReused,
        searchPeakRssBytes,
        indexPeakRssBytes,
        phases,
      });
    });
  });
}

/**
 * How many shops are built at once. Astro writes a shop's server bundle under its output folder
 * when that lies in the project, else into the project's `.astro/.prerender/`, the same folder for
 * every shop (and removes it after the pages): shops built into a folder outside the project
 * are built one at a time, or one would remove or replace the bundle another is rendering with.
 */
export function shopsAtOnce(distDir: string, requested = 2): number {
  const inProject = !relative(root, resolve(distDir)).startsWith('..');
  return inProject ? Math.max(1, requested) : 1;
}

/** What one shop build holds at its peak, its search index's processes beside it, by its products (measured: 1.65 GB at 10,000, 5.7 GB at 100,000; README, Benchmarks). */
export const peakBytesPerShop = (products: number) => 1.2 * 2 ** 30 + products * 50 * 2 ** 10;

/**
 * How many shops are built at once when not told: one more than the cores, as many as the free
 * memory holds (peakBytesPerShop), at least one. A shop build keeps about 1.3 cores busy: it waits
 * for the disk, and its catalog index and search index work beside Astro in bursts. On this 2-core
 * machine the three shops of 10,000 products built side by side in 135-142 s, against 161-162 s two
 * at a time then the third (2026-11-28, alternating).
 */
export function defaultParallel(shops: number, products: number, machine = { cores: availableParallelism(), freeBytes: freemem() }): number {
  const byMemory = Math.floor(machine.freeBytes / peakBytesPerShop(products));
  return Math.max(1, Math.min(shops, machine.cores + 1, byMemory));
}

/** The export's product count, from its manifest (0 when it does not say). */
function productsOf(exportDir: string): number {
  try {
    return Manifest.safeParse(JSON.parse(readFileSync(join(exportDir, 'manifest.json'), 'utf8'))).data?.counts.products ?? 0;
  } catch {
    return 0; // not JSON: the catalog index says what is wrong with it
  }
}

export async function buildShops(o: BuildOptions): Promise<ShopBuild[]> {
  if (!existsSync(join(o.exportDir, 'manifest.json'))) {
    throw new Error(`No export at ${o.exportDir}. Make one with "npm run sample -- --products 1000" or "npm run export -- --db mysql://...".`);
  }
  const queue = [...o.shops];
  const results: ShopBuild[] = [];
  const worker = async () => {
    for (let shop = queue.shift(); shop; shop = queue.shift()) results.push(await buildShop(shop, o));
  };
  const parallel = o.parallel ?? defaultParallel(o.shops.length, productsOf(o.exportDir));
  await Promise.all(Array.from({ length: shopsAtOnce(o.distDir ?? 'dist', parallel) }, worker));
  return o.shops.map((s) => results.find((r) => r.shop === s)!);
}
