/**
 * A big shop's product and variant pages into shard folders (src/catalog/shards.ts), after the
 * pages are written and before the sitemap, the search index and the site's rules: Netlify takes
 * at most 54,000 files in one folder, and a 100,000-product shop has 260,000 pages at its root.
 *
 * Astro renders (and the incremental integration caches) every page at its flat URL; this moves
 * each product and variant page to its shard by renaming it, so the page cache's link to it stays
 * the same file. The next build first moves them back to their flat URLs (pagesOutOfShards, before
 * the incremental integration), where it finds them in place, and this moves them again (renames:
 * no page is copied or written).
 *
 * Pagefind's fragments need no shards: a search index has at most 20,000 records per part
 * (decision 0019, src/catalog/search-parts.ts), so at most that many fragments in a folder.
 *
 * PAGE_SHARDS_FROM sets the number of product and variant pages from which the shop is sharded
 * (SHARD_FROM by default; the tests shard a small shop with 1).
 */
import type { AstroIntegration } from 'astro';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalog, catalogFile, sharedCatalog } from '../catalog/catalog.ts';
import { pageFileOf } from '../catalog/urls.ts';
import { PRODUCT_MAP_FOLDER, SHARD_FOLDER, SHARD_FROM, productMapFileOf, shardFileOf } from '../catalog/shards.ts';
import type { ShopCode } from '../shops/index.ts';
import { incrementalEnabled } from './incremental.ts';

/** The number of product and variant pages from which a shop's pages go into shards. */
export function shardFrom(env: Record<string, string | undefined>): number {
  const raw = env.PAGE_SHARDS_FROM;
  if (raw === undefined || raw === '') return SHARD_FROM;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`PAGE_SHARDS_FROM must be a whole number from 1 on, got ${JSON.stringify(raw)}`);
  return n;
}

/** Whether a shop's product and variant pages go into shards. */
export const pagesInShards = (catalog: Catalog, from = shardFrom(process.env)): boolean => catalog.countRoutes(['product', 'variant']) >= from;

/** Where a product's or variant's page file (`akku.html`) lies once the shop is in shards (movePagesToShards): at the root it goes into its shard, in a folder it stays. */
export const pageFileInShards = (file: string): string => (file.includes('/') ? file : shardFileOf(file));

/** A shop's product and variant pages (catalog URLs like `/akku.html`). */
const productPages = (catalog: Catalog): string[] =>
  catalog
    .routes()
    .filter((r) => r.kind === 'product' || r.kind === 'variant')
    .map((r) => r.path);

/**
 * Moves the root-level pages of `paths` (catalog URLs like `/akku.html`) to their shards in `out`;
 * pages in a folder stay where they are. Returns how many were moved.
 */
export function movePagesToShards(out: string, paths: readonly string[]): number {
  rmSync(join(out, SHARD_FOLDER), { recursive: true, force: true });
  // The page's file as Astro writes it (build.format 'file'); pages in a folder stay.
  const names = paths.map(pageFileOf).filter((name) => !name.includes('/'));
  return moveInto(out, names, pageFileInShards);
}

/**
 * Moves a sharded site's product and variant pages back to the site's root (the inverse of
 * movePagesToShards) and removes the shard folder. Returns how many were moved.
 */
export function movePagesBack(out: string): number {
  const dir = join(out, SHARD_FOLDER);
  if (!existsSync(dir)) return 0;
  let moved = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || existsSync(join(out, entry.name))) continue;
    renameSync(join(entry.parentPath, entry.name), join(out, entry.name));
    moved++;
  }
  rmSync(dir, { recursive: true, force: true });
  return moved;
}

/** Renames each existing file of `files` (site paths) in `out` to `to(file)`, making its folder. */
function moveInto(out: string, files: readonly string[], to: (file: string) => string): number {
  const made = new Set<string>();
  let moved = 0;
  for (const file of files) {
    if (!existsSync(join(out, file))) continue;
    const target = join(out, to(file));
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    renameSync(join(out, file), target);
    moved++;
  }
  return moved;
}

/** Writes the `/product/{id}` maps of a sharded shop (its `_redirects` has no rule per product). Returns how many files. */
export function writeProductMaps(out: string, products: readonly { id: number; url: string }[]): number {
  rmSync(join(out, PRODUCT_MAP_FOLDER), { recursive: true, force: true });
  const maps = new Map<string, Record<string, string>>();
  for (const { id, url } of products) {
    const file = productMapFileOf(id);
    const map = maps.get(file) ?? {};
    map[id] = url;
    maps.set(file, map);
  }
  mkdirSync(join(out, PRODUCT_MAP_FOLDER), { recursive: true });
  for (const [file, map] of maps) writeFileSync(join(out, file), JSON.stringify(map));
  return maps.size;
}

/** Whether the built site in `out` is sharded (the page-shards integration ran before the caller). */
export const isSharded = (out: string): boolean => existsSync(join(out, SHARD_FOLDER));

/**
 * Before the incremental integration looks at the site (first in astro.config.mjs): the last
 * build's sharded pages back at their flat URLs, where Astro renders and caches them. The
 * incremental integration then finds each cached page in place, and each page written from a
 * template (decision 0013) where it keeps it, so a rebuild writes only the pages that changed;
 * pageShards moves them into their shards again. Renames only: no page is copied or written.
 */
export function pagesOutOfShards(): AstroIntegration {
  let out: string;
  return {
    name: 'page-shards-back',
    hooks: {
      'astro:config:done': ({ config }) => {
        out = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ logger }) => {
        // A build without the page cache starts from an empty site.
        if (!incrementalEnabled()) return;
        const started = performance.now();
        const moved = movePagesBack(out);
        if (moved) logger.info(`${moved} product and variant pages back from /${SHARD_FOLDER}/ in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}

export function pageShards({ shop }: { shop: ShopCode }): AstroIntegration {
  let from = SHARD_FROM;
  return {
    name: 'page-shards',
    hooks: {
      // Read before the pages are rendered: a wrong setting stops the build at once, not after it.
      'astro:config:done': () => {
        from = shardFrom(process.env);
      },
      'astro:build:done': ({ dir, logger }) => {
        const catalog = sharedCatalog(catalogFile(shop));
        if (!pagesInShards(catalog, from)) return;
        const pages = productPages(catalog);
        const started = performance.now();
        const out = fileURLToPath(dir);
        const moved = movePagesToShards(out, pages);
        const maps = writeProductMaps(out, catalog.productUrls());
        logger.info(
          `page shards: ${moved} product and variant pages in /${SHARD_FOLDER}/ (from ${from} on), /product/{id} in ${maps} maps in /${PRODUCT_MAP_FOLDER}/, in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
