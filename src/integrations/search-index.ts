/**
 * A shop's search index (issue 7), written to `<outDir>/pagefind/`. It is built from the catalog
 * index, not from the pages, so it starts when the pages start (Pagefind's own process works
 * beside Astro's rendering) and the build waits for it at the end.
 *
 * Pagefind's Node API with custom records streamed from the catalog index
 * (src/catalog/search-records.ts), not its HTML crawl: the crawl keeps every page in memory and
 * runs out of it above about 30,000 pages, and the pages carry chrome that is no search text.
 * The language is forced to the shop's (de or ro), so Pagefind's German or Romanian stemmer
 * applies; Pagefind (>= 1.5) folds diacritics itself, so "surub" finds "șurub".
 */
import type { AstroIntegration } from 'astro';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog, catalogFile } from '../catalog/catalog.ts';
import { recordOptionsOf, searchRecords } from '../catalog/search-records.ts';
import { generateImages } from '../catalog/images.ts';
import type { ShopConfig } from '../shops/schema.ts';
import { incrementalEnabled, linkOrCopy } from './incremental.ts';
import { isSharded, moveFragmentsToShards } from './page-shards.ts';

/** Records sent to the Pagefind service at once (it answers each one). */
const BATCH = 200;

export async function buildSearchIndex(o: {
  dbFile: string;
  outDir: string;
  language: string;
  /**
   * A folder that keeps the last index written with the hash of its records: when the records are
   * the same (an incremental build after a change no search result shows), the index is linked
   * from there instead of being built again.
   */
  cacheDir?: string;
  /** Part of the cached index's key besides the records (the lockfile: Pagefind's version). */
  salt?: string;
}): Promise<{ records: number; reused: boolean; peakRssBytes: number }> {
  const options = recordOptionsOf(new Catalog(o.dbFile), o.language);
  const out = join(o.outDir, 'pagefind');
  let cached: string | undefined;
  if (o.cacheDir) {
    const hash = createHash('sha256').update(`${o.language}\n${o.salt ?? ''}\n`);
    let n = 0;
    for (const record of searchRecords(o.dbFile, options)) hash.update(`${JSON.stringify(record)}\n`), n++;
    cached = join(o.cacheDir, hash.digest('hex'));
    if (existsSync(join(cached, 'pagefind-entry.json'))) {
      rmSync(out, { recursive: true, force: true });
      linkTree(cached, out);
      return { records: n, reused: true, peakRssBytes: 0 };
    }
  }
  // Written where it is kept (the cache folder) and linked into the site, or into the site itself.
  const target = cached ? `${cached}.partial` : out;
  rmSync(target, { recursive: true, force: true });
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: o.language });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  let records = 0;
  let peakRssBytes = 0;
  try {
    let batch: Promise<{ errors: string[] }>[] = [];
    const flush = async () => {
      for (const r of await Promise.all(batch)) if (r.errors.length) throw new Error(`search index: ${r.errors.join('; ')}`);
      batch = [];
    };
    for (const record of searchRecords(o.dbFile, options)) {
      batch.push(index.addCustomRecord(record));
      records++;
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    const written = await index.writeFiles({ outputPath: target });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    peakRssBytes = childPeakRss();
    // The site uses its own UI (src/islands/search/): Pagefind's ready-made UIs are not shipped.
    for (const f of readdirSync(target)) if (/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(f)) rmSync(join(target, f));
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
  if (o.cacheDir && cached) {
    // Only the latest index is kept.
    for (const e of readdirSync(o.cacheDir)) if (join(o.cacheDir, e) !== target) rmSync(join(o.cacheDir, e), { recursive: true, force: true });
    renameSync(target, cached);
    rmSync(out, { recursive: true, force: true });
    linkTree(cached, out);
  }
  return { records, reused: false, peakRssBytes };
}

/**
 * The peak memory (VmHWM) of this process's child processes, read from /proc (Linux; 0 elsewhere):
 * Pagefind's indexing process, which a Node process's own maxRSS does not include.
 */
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
    // not Linux
  }
  return peak;
}

/** Hard-links every file of a folder tree into another (copies where links fail). */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) linkTree(a, b);
    else linkOrCopy(a, b);
  }
}

export function searchIndex({ shop }: { shop: ShopConfig }): AstroIntegration {
  let cacheDir: string | undefined;
  let salt = '';
  let outDir = '';
  /** The index being built while the pages render (it reads the catalog index, not the pages). */
  let pending: Promise<{ records: number; reused: boolean; peakRssBytes: number; ms: number } | { error: unknown }> | undefined;
  return {
    name: 'search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        // Kept for the next incremental build only; INCREMENTAL=off builds it every time.
        cacheDir = incrementalEnabled() ? join(fileURLToPath(config.cacheDir), 'pagefind') : undefined;
        const lock = join(fileURLToPath(config.root), 'package-lock.json');
        salt = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '';
      },
      // After the catalog is loaded and the output folder emptied (the incremental integration
      // comes first), before the pages: Pagefind works in its own process beside the rendering.
      'astro:build:start': () => {
        // SEARCH_INDEX=off skips the index, to measure the page build alone (npm run bench).
        if (process.env.SEARCH_INDEX === 'off') return;
        const started = performance.now();
        pending = buildSearchIndex({ dbFile: catalogFile(shop.code), outDir, language: shop.language, cacheDir, salt }).then(
          (r) => ({ ...r, ms: performance.now() - started }),
          (error: unknown) => ({ error }),
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!pending) return logger.warn('SEARCH_INDEX=off: no search index built');
        const started = performance.now();
        const result = await pending;
        if ('error' in result) throw result.error;
        const out = fileURLToPath(dir);
        // A sharded shop (decision 0010): one fragment per product would be 100,000 files in one folder.
        const sharded = isSharded(out) ? moveFragmentsToShards(out) : 0;
        // Result thumbnails the pages did not already ask for (normally none).
        const thumbs = await generateImages(out);
        logger.info(
          `pagefind: ${result.records} records (${shop.language})${result.reused ? ', unchanged: the previous index reused' : ''} in ${Math.round(result.ms)} ms beside the pages (${Math.round(performance.now() - started)} ms after them), Pagefind peak ${Math.round(result.peakRssBytes / 2 ** 20)} MB, ${thumbs.made} thumbnails made${sharded ? `, ${sharded} fragments in shards` : ''}`,
        );
      },
    },
  };
}
