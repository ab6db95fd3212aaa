/**
 * Builds shops with `astro build`, each in its own process (SHOP picks the shop), a few at a time.
 * Reports seconds, pages and peak RSS per shop.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { catalogFile } from '../../src/catalog/catalog.ts';
import { writePrebuiltIndex } from '../../src/catalog/prebuilt-index.ts';
import { astroCacheDir } from '../../src/integrations/incremental.ts';
import type { ShopCode } from '../../src/shops/index.ts';

export interface ShopBuild {
  shop: ShopCode;
  seconds: number;
  pages: number;
  peakRssBytes: number;
  /** Peak memory of Pagefind's own process (the search index), which runs beside the build's. */
  searchPeakRssBytes?: number;
  /** Peak memory of the catalog index's process, which runs beside Astro's setup. */
  indexPeakRssBytes?: number;
  /** What the catalog loader found changed since the previous index. */
  changes?: string;
  /** Keyed pages (and listing files) rendered and reused from the previous build (incremental build). */
  rendered?: number;
  reused?: number;
  /** Seconds per phase of the build, in order. */
  phases: Record<string, number>;
}

/** Phases of a shop build, each starting at the first log line that matches (see describeBuild). */
const PHASES: [string, RegExp][] = [
  ['setup', /^/],
  ['catalog index', /\[content\] Syncing content/],
  ['bundle', /Building static entrypoints/],
  ['pages', /generating static routes/],
  ['redirects, media', /\[incremental\] pages:/],
  ['sitemap, images', /\[catalog-seo\] sitemap/],
  // The search index is built beside the pages: this is the wait for what is left of it.
  ['search index', /\[catalog-seo\] images/],
  ['headers', /\[search-index\] pagefind:/],
];

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
  parallel?: number;
  env?: Record<string, string>;
  quiet?: boolean;
}

const root = resolve(import.meta.dirname, '../..');

export function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.html')) n++;
  return n;
}

/** Settings that change what a build writes. */
const ENV_KEYS = /^(SHOP_|SEARCH_INDEX$|CATALOG_|INCREMENTAL$|EXPORT_DIR$|DIST_DIR$)/;

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}

/**
 * A hash of everything a shop build reads: the export (names, sizes and mtimes of its files and
 * media), the code and texts (contents of src/, messages/, public/, the Astro config, the
 * lockfile) and the settings. When it equals the last successful build's and that build's output
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
  const walk = (dir: string, contents: boolean) => {
    if (!existsSync(dir)) return;
    const entries = readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((f) => !f.includes(`${join('src', 'i18n', 'generated')}`))
      .sort();
    for (const f of entries) {
      h.update(`${relative(dir, f)}\n`);
      if (contents) h.update(readFileSync(f));
      else {
        const st = statSync(f);
        h.update(`${st.size}:${st.mtimeMs}\n`);
      }
    }
  };
  walk(exportDir, false);
  for (const d of ['src', 'messages', 'public', 'project.inlang']) walk(join(root, d), true);
  for (const f of ['astro.config.mjs', 'package-lock.json', 'tsconfig.json']) if (existsSync(join(root, f))) h.update(readFileSync(join(root, f)));
  return h.digest('hex');
}

/** Node's arguments that preload scripts/lib/child-preload.ts into a child build. */
export const CHILD_PRELOAD = ['--import', join(root, 'scripts/lib/child-preload.ts')];

/** What scripts/lib/index-child.ts prints last. */
const IndexChildLine = z.object({ rebuilt: z.boolean(), changes: z.string() });

/**
 * Starts the shop's catalog index in a process of its own, beside Astro's setup, and writes its
 * outcome to a marker the build's loader waits for (src/catalog/prebuilt-index.ts). On a 2-core
 * machine the index (5-8 s at 10,000 products) then costs the wait after Astro's setup
 * (about 4 s), not both one after the other.
 */
export function indexBeside(
  shop: ShopCode,
  env: Record<string, string | undefined>,
  rssFile: string,
): { marker: string; stop: () => void; peakRssBytes: () => number | undefined } {
  const marker = join(dirname(rssFile), 'catalog-index.json');
  const indexRss = join(dirname(rssFile), 'index-rss');
  const started = performance.now();
  const child = spawn(process.execPath, [...CHILD_PRELOAD, join(root, 'scripts/lib/index-child.ts'), env.EXPORT_DIR ?? 'export', shop, catalogFile(shop, env.CATALOG_DIR, root)], {
    cwd: root,
    env: { ...env, RSS_REPORT: indexRss },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let last = '';
  let error = '';
  eachLine(child.stdout, (line) => {
    if (line) last = line;
  });
  eachLine(child.stderr, (line) => {
    error = `${error}${line}\n`.slice(-2_000);
  });
  child.on('error', (e) => writePrebuiltIndex(marker, { ok: false, reason: e.message }));
  child.on('close', (code) => {
    let line: unknown;
    try {
      line = JSON.parse(last);
    } catch {
      line = undefined;
    }
    const result = IndexChildLine.safeParse(line);
    writePrebuiltIndex(
      marker,
      code === 0 && result.success
        ? { ok: true, ...result.data, ms: performance.now() - started }
        : { ok: false, reason: `the index child ended with ${code}: ${error.trim().split('\n').at(-1) ?? ''}` },
    );
  });
  return {
    marker,
    stop: () => void (child.exitCode === null && child.kill()),
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

function buildOne(shop: ShopCode, o: BuildOptions): Promise<ShopBuild> {
  const rssFile = join(mkdtempSync(join(tmpdir(), 'rss-')), 'rss');
  const distDir = resolve(o.distDir ?? 'dist');
  const started = performance.now();
  const env: Record<string, string | undefined> = {
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
    if (hash === stamp && Number(files) === countFiles(out)) {
      const seconds = (performance.now() - started) / 1000;
      const pages = countPages(out);
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
  const indexer = indexBeside(shop, env, rssFile);
  const child = spawn(process.execPath, [...CHILD_PRELOAD, join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env: {
      ...env,
      SHOP: shop,
      RSS_REPORT: rssFile,
      CATALOG_PREBUILT: indexer.marker,
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
  const onLine = (line: string) => {
    if (tail.push(line) > 200) tail.shift();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colour codes (ESC) of the build log
    const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
    const next = PHASES[marks.length];
    if (next?.[1].test(plain)) marks.push([next[0], performance.now()]);
    const c = /\[thelia-catalog\] changes: (.*)$/.exec(plain);
    if (c) changes = c[1];
    const p = /\[incremental\] pages: (\d+) of (\d+) keyed pages and files rendered, (\d+) reused/.exec(plain);
    if (p) (rendered = Number(p[1])), (reused = Number(p[3]));
    const s = /\[search-index\] pagefind: .*Pagefind peak (\d+) MB/.exec(plain);
    if (s) searchPeakRssBytes = Number(s[1]) * 2 ** 20;
    // Astro prints a line per page: left out of the terminal (26,000 of them per shop).
    if (!o.quiet && !/[├└]─/.test(plain)) process.stdout.write(`[${shop}] ${line}\n`);
  };
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': the last lines of the log (the pages and phases) may come after the exit.
    child.on('close', (code) => {
      // A build that stopped before its loader waited for the index: the index has no reader.
      indexer.stop();
      if (code !== 0) return reject(new Error(`The ${shop} shop did not build (exit ${code}).\n${tail.join('\n')}`));
      const ended = performance.now();
      const phases: Record<string, number> = {};
      marks.forEach(([name, at], i) => (phases[name] = ((marks[i + 1]?.[1] ?? ended) - at) / 1000));
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(stampFile, `${stamp}\n${countFiles(out)}`);
      resolvePromise({
        shop,
        seconds: (ended - started) / 1000,
        pages: countPages(join(distDir, shop)),
        peakRssBytes: existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : 0,
        changes,
        rendered,
        reused,
        searchPeakRssBytes,
        indexPeakRssBytes: indexer.peakRssBytes(),
        phases,
      });
    });
  });
}

export async function buildShops(o: BuildOptions): Promise<ShopBuild[]> {
  if (!existsSync(join(o.exportDir, 'manifest.json'))) {
    throw new Error(`No export at ${o.exportDir}. Make one with "npm run sample -- --products 1000" or "npm run export -- --db mysql://...".`);
  }
  const queue = [...o.shops];
  const results: ShopBuild[] = [];
  const worker = async () => {
    for (let shop = queue.shift(); shop; shop = queue.shift()) results.push(await buildOne(shop, o));
  };
  await Promise.all(Array.from({ length: Math.max(1, o.parallel ?? 2) }, worker));
  return o.shops.map((s) => results.find((r) => r.shop === s)!);
}
