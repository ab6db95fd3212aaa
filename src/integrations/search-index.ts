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
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog, catalogFile } from '../catalog/catalog.ts';
import { recordOptionsOf, searchRecords } from '../catalog/search-records.ts';
import { generateImages } from '../catalog/images.ts';
import type { ShopConfig } from '../shops/schema.ts';

/** Records sent to the Pagefind service at once (it answers each one). */
const BATCH = 200;

export async function buildSearchIndex(o: {
  dbFile: string;
  outDir: string;
  language: string;
  /** Called after the files are written, before Pagefind's process closes (the bench reads its memory). */
  beforeClose?: () => void;
}): Promise<{ records: number }> {
  const pagefind = await import('pagefind');
  const catalog = new Catalog(o.dbFile);
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
    const out = join(o.outDir, 'pagefind');
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
  return { records };
}

export function searchIndex({ shop }: { shop: ShopConfig }): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // SEARCH_INDEX=off skips the index, to measure the page build alone (npm run bench).
        if (process.env.SEARCH_INDEX === 'off') return logger.warn('SEARCH_INDEX=off: no search index built');
        const started = performance.now();
        const { records } = await buildSearchIndex({
          dbFile: catalogFile(shop.code),
          outDir: fileURLToPath(dir),
          language: shop.language,
        });
        // Result thumbnails the pages did not already ask for (normally none).
        const thumbs = await generateImages(fileURLToPath(dir));
        logger.info(`pagefind: ${records} records (${shop.language}), ${thumbs.made} thumbnails made, in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
