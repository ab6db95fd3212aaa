/**
 * After a shop is built: its search index (issue 7), written to `<outDir>/pagefind/`.
 *
 * Pagefind's Node API with custom records streamed from the catalog index
 * (src/catalog/search-records.ts), not its HTML crawl: the crawl keeps every page in memory and
 * runs out of it above about 30,000 pages, and the pages carry chrome that is no search text.
 * The language is forced to the shop's (de or ro), so Pagefind's German or Romanian stemmer
 * applies; Pagefind (>= 1.5) folds diacritics itself, so "surub" finds "șurub".
 */
import type { AstroIntegration } from 'astro';
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog, catalogFile } from '../catalog/catalog.ts';
import { recordOptionsOf, searchRecords } from '../catalog/search-records.ts';
import { generateImages } from '../catalog/images.ts';
import type { ShopConfig } from '../shops/schema.ts';
import { incrementalEnabled } from './incremental.ts';

/** Records sent to the Pagefind service at once (it answers each one). */
const BATCH = 200;

export async function buildSearchIndex(o: {
  dbFile: string;
  outDir: string;
  language: string;
  /** Called after the files are written, before Pagefind's process closes (the bench reads its memory). */
  beforeClose?: () => void;
  /**
   * A folder that keeps the last index written with the hash of its records: when the records are
   * the same (an incremental build after a change no search result shows), the index is linked
   * from there instead of being built again.
   */
  cacheDir?: string;
  /** Part of the cached index's key besides the records (the lockfile: Pagefind's version). */
  salt?: string;
}): Promise<{ records: number; reused: boolean }> {
  const catalog = new Catalog(o.dbFile);
  const out = join(o.outDir, 'pagefind');
  let recordsHash: string | undefined;
  if (o.cacheDir) {
    const hash = createHash('sha256').update(`${o.language}\n${o.salt ?? ''}\n`);
    let n = 0;
    for (const record of searchRecords(o.dbFile, recordOptionsOf(catalog, o.language))) hash.update(`${JSON.stringify(record)}\n`), n++;
    recordsHash = hash.digest('hex');
    const cached = join(o.cacheDir, recordsHash);
    if (existsSync(join(cached, 'pagefind-entry.json'))) {
      rmSync(out, { recursive: true, force: true });
      linkTree(cached, out);
      return { records: n, reused: true };
    }
  }
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: o.language });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  let records = 0;
  try {
    const options = recordOptionsOf(catalog, o.language);
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
    rmSync(out, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    o.beforeClose?.();
    // The site uses its own UI (src/islands/search/): Pagefind's ready-made UIs are not shipped.
    for (const f of readdirSync(out)) if (/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(f)) rmSync(join(out, f));
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
  if (o.cacheDir && recordsHash) {
    // Only the latest index is kept.
    rmSync(o.cacheDir, { recursive: true, force: true });
    mkdirSync(o.cacheDir, { recursive: true });
    cpSync(out, join(o.cacheDir, recordsHash), { recursive: true });
  }
  return { records, reused: false };
}

/** Hard-links every file of a folder tree into another (copies where links fail). */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) linkTree(a, b);
    else {
      try {
        linkSync(a, b);
      } catch {
        copyFileSync(a, b);
      }
    }
  }
}

export function searchIndex({ shop }: { shop: ShopConfig }): AstroIntegration {
  let cacheDir: string | undefined;
  let salt = '';
  return {
    name: 'search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        // Kept for the next incremental build only; INCREMENTAL=off builds it every time.
        cacheDir = incrementalEnabled() ? join(fileURLToPath(config.cacheDir), 'pagefind') : undefined;
        const lock = join(fileURLToPath(config.root), 'package-lock.json');
        salt = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '';
      },
      'astro:build:done': async ({ dir, logger }) => {
        // SEARCH_INDEX=off skips the index, to measure the page build alone (npm run bench).
        if (process.env.SEARCH_INDEX === 'off') return logger.warn('SEARCH_INDEX=off: no search index built');
        const started = performance.now();
        const { records, reused } = await buildSearchIndex({
          dbFile: catalogFile(shop.code),
          outDir: fileURLToPath(dir),
          language: shop.language,
          cacheDir,
          salt,
        });
        // Result thumbnails the pages did not already ask for (normally none).
        const thumbs = await generateImages(fileURLToPath(dir));
        logger.info(
          `pagefind: ${records} records (${shop.language})${reused ? ', unchanged: the previous index reused' : ''}, ${thumbs.made} thumbnails made, in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
