/**
 * Variant pages written from their product's template (decision 0013, step 2). Astro renders one
 * page per product with variant pages, the product's template (views/ProductView.astro with
 * `template`), at the product's URL, and caches it there; its variant pages are not Astro's routes.
 * After the pages, this writes the product's own page over the template and each of its variant
 * pages, cut from it (catalog/variant-template.ts): byte for byte what rendering each page gives.
 *
 * Right after the incremental integration (astro.config.mjs), which has made the page cache's copy
 * of each page Astro wrote a link to the site's: the product's page is unlinked before it is
 * written, so the cache keeps the template, and the next build reuses it while the product's data
 * is unchanged. Then the pages written from it stand: a manifest in the cache folder names, per
 * template, the product page written from it (its inode and mtime) and its variant pages, and the
 * incremental integration keeps those files (`keptPages`). A product is written again when its
 * page is not the one the manifest names (Astro rendered its template again, or the cached template
 * was linked in: a site folder that started empty), when its variant pages changed, or when one is
 * missing. Pages of variants and products that are gone are removed.
 *
 * The manifest is removed before the pages are written and saved after: a build that stops halfway
 * keeps none of them, and the next one writes every product's pages again. It holds a hash of this
 * file and of the template's cutting, so changed code writes them again too.
 *
 * VARIANT_PAGES=rendered: Astro renders every product and variant page on its own (as before).
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Catalog, catalogFile } from '../catalog/catalog.ts';
import { PRODUCT_PAGE, compileTemplate, productsWithVariantPages, templatesOn } from '../catalog/variant-template.ts';
import type { ShopCode } from '../shops/index.ts';
import { incrementalEnabled } from './incremental.ts';

const MANIFEST = 'variant-pages.json';

/** The code that decides what the written pages hold: a change to it writes every page again. */
const VERSION = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .update(readFileSync(new URL('../catalog/variant-template.ts', import.meta.url)))
  .digest('base64url')
  .slice(0, 16);

const Manifest = z.object({
  version: z.string(),
  /** Per template (the product's page file): the product page written from it, and its variant pages' files. */
  products: z.record(z.string(), z.object({ page: z.string(), variants: z.array(z.string()) })),
});
type Manifest = z.infer<typeof Manifest>;

/** A file's identity: a page written again (or a link put in its place) is another. */
const identityOf = (path: string): string | undefined => {
  const st = statSync(path, { bigint: true, throwIfNoEntry: false });
  return st && `${st.ino}:${st.mtimeNs}`;
};

function readManifest(cacheDir: string): Manifest['products'] {
  const file = join(cacheDir, MANIFEST);
  if (!existsSync(file)) return {};
  try {
    const manifest = Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return manifest.success && manifest.data.version === VERSION ? manifest.data.products : {};
  } catch {
    return {};
  }
}

/**
 * The pages written from templates that the next build keeps where they are (the incremental
 * integration's `keep`): the product and variant pages of the last build's manifest, none when
 * the pages are rendered by Astro.
 */
export function keptPages(cacheDir: string): Set<string> {
  const kept = new Set<string>();
  if (!templatesOn()) return kept;
  for (const [file, { variants }] of Object.entries(readManifest(cacheDir))) {
    kept.add(file);
    for (const v of variants) kept.add(v);
  }
  return kept;
}

export function variantPages({ shop }: { shop: ShopCode }): AstroIntegration {
  let cacheDir: string;
  let started = 0;
  return {
    name: 'variant-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': () => {
        started = Date.now();
      },
      'astro:build:done': ({ dir, logger }) => {
        const t = performance.now();
        const incremental = incrementalEnabled();
        const previous = incremental ? readManifest(cacheDir) : {};
        rmSync(join(cacheDir, MANIFEST), { force: true });
        // One line the build script reads (scripts/lib/build-shops.ts), in either case.
        if (!templatesOn()) return logger.info('variant pages: 0 written from 0 product templates, 0 kept (VARIANT_PAGES=rendered: every page rendered by Astro)');
        const out = fileURLToPath(dir);
        const products = productsWithVariantPages(new Catalog(catalogFile(shop)).routes());
        const next: Manifest['products'] = {};
        const made = new Set<string>();
        let templates = 0;
        let written = 0;
        let kept = 0;
        for (const { file, variants } of products) {
          const path = join(out, file);
          const files = variants.map((v) => v.file);
          const before = previous[file];
          if (before && before.page === identityOf(path) && before.variants.join('\n') === files.join('\n') && files.every((f) => existsSync(join(out, f)))) {
            next[file] = before;
            kept += files.length;
            continue;
          }
          let template: ReturnType<typeof compileTemplate>;
          try {
            // The page cache's copy: the template Astro wrote in this build or an earlier one (the site's file may be a page written from it).
            template = compileTemplate(readFileSync(incremental ? join(cacheDir, 'dist', file) : path));
          } catch (error) {
            throw new Error(`${file}: the product's template cannot be read (decision 0013): ${(error as Error).message}`);
          }
          const keys = variants.map((v) => v.key);
          const expected = [PRODUCT_PAGE, ...keys].sort().join(',');
          if ([...template.keys].sort().join(',') !== expected) {
            throw new Error(`${file}: the product's template has the pages ${template.keys.join(', ')}, the catalog ${[PRODUCT_PAGE, ...keys].join(', ')}`);
          }
          // The page cache's copy of the template is this file's link: written anew, the cache keeps the template.
          unlinkSync(path);
          writeFileSync(path, template.page(PRODUCT_PAGE));
          for (const v of variants) {
            const target = join(out, v.file);
            const folder = dirname(target);
            if (!made.has(folder)) mkdirSync(folder, { recursive: true }), made.add(folder);
            writeFileSync(target, template.page(v.key));
          }
          next[file] = { page: identityOf(path)!, variants: files };
          templates++;
          written += files.length;
        }
        // Variant pages of products and variants that are gone; not a page this build wrote there.
        const now = new Set(Object.entries(next).flatMap(([file, { variants }]) => [file, ...variants]));
        let removed = 0;
        for (const { variants } of Object.values(previous)) {
          for (const v of variants) {
            const path = join(out, v);
            if (now.has(v) || (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? started) >= started) continue;
            rmSync(path);
            removed++;
          }
        }
        // Kept for the next build only where it keeps the page cache too.
        if (incremental) writeFileSync(join(cacheDir, MANIFEST), JSON.stringify({ version: VERSION, products: next } satisfies Manifest));
        logger.info(
          `variant pages: ${written} written from ${templates} product templates, ${kept} kept; ${removed} gone; ${products.length} products with variant pages, in ${Math.round(performance.now() - t)} ms`,
        );
      },
    },
  };
}
