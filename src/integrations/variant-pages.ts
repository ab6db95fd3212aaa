/**
 * Variant pages written from their product's template (decision 0013, step 2). Astro renders one
 * page per product with variant pages, the product's template (views/ProductView.astro with
 * `template`), at the product's URL, and caches it there; its variant pages are not Astro's routes.
 * After the pages, this writes the product's own page over the template and each of its variant
 * pages, cut from it (catalog/variant-template.ts): byte for byte what rendering each page gives.
 *
 * Right after the incremental integration (astro.config.mjs), which has made the page cache's copy
 * of each page Astro wrote a link to the site's: the product's page is unlinked before its own
 * page takes its place, so the cache keeps the template, and the next build reuses it while the
 * product's data is unchanged. The pages written from a template are kept in the cache folder too
 * (`variant-pages/`, by their site paths), and the site's files are links to them, as Astro's
 * cached pages are. A manifest in the cache folder names, per template, the template's identity
 * when its pages were written (size and mtime in the page cache, and a hash of its bytes) and its
 * variant pages; the incremental integration keeps those files where they are (`keptPages`). A
 * product's pages are written again when its template is another (Astro rendered it again), when
 * its variant pages changed, or when one of them is missing from the cache; otherwise they stand,
 * or are linked from the cache where the site folder started empty (a Netlify build restores the
 * cache folder, not the site), so a rebuild there writes only the changed products' pages.
 * Pages of variants and products that are gone are removed.
 *
 * The manifest is removed before the pages are written and saved after: a build that stops halfway
 * keeps none of them, and the next one writes every product's pages again. It holds a hash of this
 * file and of the template's cutting, so changed code writes them again too.
 *
 * VARIANT_PAGES=rendered: Astro renders every product and variant page on its own (as before).
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { type Stats, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, writevSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { catalogFile, sharedCatalog } from '../catalog/catalog.ts';
import { PRODUCT_PAGE, compileTemplate, productsWithVariantPages, templatesOn } from '../catalog/variant-template.ts';
import type { ShopCode } from '../shops/index.ts';
import { incrementalEnabled, linkOrCopy, sameFile, sameStat, statOrNone } from './incremental.ts';
import { type PageInline, scanTemplate } from './site-rules.ts';

const MANIFEST = 'variant-pages.json';
/** The cache's copy of every page written from a template (the site's files are links to them). */
const PAGES = 'variant-pages';

/** The code that decides what the written pages hold: a change to it writes every page again. */
const VERSION = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .update(readFileSync(new URL('../catalog/variant-template.ts', import.meta.url)))
  .digest('base64url')
  .slice(0, 16);

const Manifest = z.object({
  version: z.string(),
  /**
   * Per template (the product's page file): the template's identity when its pages were written
   * (its size and mtime in the page cache, and a hash of its bytes for a cache restored with other
   * mtimes), and its variant pages' files.
   */
  products: z.record(z.string(), z.object({ template: z.string(), hash: z.string(), variants: z.array(z.string()) })),
});
type Manifest = z.infer<typeof Manifest>;

/** A template's identity in the page cache: Astro writes it again (or a restored cache brings it back) with another mtime. */
const templateIdOf = (path: string): string | undefined => {
  const st = statSync(path, { bigint: true, throwIfNoEntry: false });
  return st && `${st.size}:${st.mtimeNs}`;
};

/** Writes a file from its parts in one vectored write (a page is some 60 KB: copying it into one buffer first cost a second per shop). */
function writeParts(path: string, parts: readonly Buffer[]): void {
  const fd = openSync(path, 'w');
  try {
    const total = parts.reduce((n, p) => n + p.length, 0);
    let done = writevSync(fd, parts);
    if (done < total) {
      const all = Buffer.concat(parts);
      while (done < total) done += writeSync(fd, all, done, total - done);
    }
  } finally {
    closeSync(fd);
  }
}

const hashOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

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

/**
 * `inline()`: what each page written in the last build:done holds, by its path in the site, from
 * its template (site-rules' scanTemplate): the site's policy scan (siteRules' `knownInline`) does
 * not read the 19,000 pages of 2,600 templates again (10,000 products).
 */
export function variantPages({ shop }: { shop: ShopCode }): AstroIntegration & { inline: () => ReadonlyMap<string, PageInline> } {
  let cacheDir: string;
  let started = 0;
  let inline = new Map<string, PageInline>();
  return {
    name: 'variant-pages',
    inline: () => inline,
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': () => {
        started = Date.now();
      },
      'astro:build:done': ({ dir, logger }) => {
        const t = performance.now();
        inline = new Map();
        /** Each distinct inline text hashed once (a template's style is the same on most). */
        const hashes = new Map<string, string>();
        const incremental = incrementalEnabled();
        const previous = incremental ? readManifest(cacheDir) : {};
        rmSync(join(cacheDir, MANIFEST), { force: true });
        const pagesDir = join(cacheDir, PAGES);
        // Without a manifest to say what its files are (a first build, a stopped one, other code), none is used.
        if (!Object.keys(previous).length) rmSync(pagesDir, { recursive: true, force: true });
        // One line the build script reads (scripts/lib/build-shops.ts), in either case.
        if (!templatesOn()) return logger.info('variant pages: 0 written from 0 product templates, 0 kept (VARIANT_PAGES=rendered: every page rendered by Astro)');
        const out = fileURLToPath(dir);
        const products = productsWithVariantPages(sharedCatalog(catalogFile(shop)).routes());
        const next: Manifest['products'] = {};
        const made = new Set<string>();
        const folder = (path: string) => {
          const dir = dirname(path);
          if (!made.has(dir)) mkdirSync(dir, { recursive: true }), made.add(dir);
        };
        /**
         * Puts a page in the site: `bytes` written (into the cache, incremental), or the cache's
         * file linked; false when the site's file is that file already.
         */
        const place = (file: string, bytes?: Buffer[], cachedStat?: Stats) => {
          const target = join(out, file);
          const cached = incremental ? join(pagesDir, file) : undefined;
          if (cached && bytes) {
            // A new file, not the old one written over: the site's name of the old one may be Astro's page cache's too.
            folder(cached);
            rmSync(cached, { force: true });
            writeParts(cached, bytes);
          } else if (cached && (cachedStat ? sameStat(statOrNone(target), cachedStat) : sameFile(target, cached))) return false;
          // The site's file goes first: where it is the link of the cached template, the cache keeps the template.
          folder(target);
          rmSync(target, { force: true });
          if (cached) linkOrCopy(cached, target);
          else writeParts(target, bytes!);
          return true;
        };
        let templates = 0;
        let written = 0;
        let kept = 0;
        let linked = 0;
        for (const { file, variants } of products) {
          const files = variants.map((v) => v.file);
          // The page cache's copy: the template Astro wrote in this build or an earlier one (the site's file may be a page written from it).
          const source = incremental ? join(cacheDir, 'dist', file) : join(out, file);
          const template = templateIdOf(source);
          const before = previous[file];
          // The cache's files of its pages, each looked up once (to tell that it is there and whether the site's file is it).
          const cachedStats = before && before.variants.join('\n') === files.join('\n') ? [file, ...files].map((f) => statOrNone(join(pagesDir, f))) : [];
          const same = before && cachedStats.length > 0 && cachedStats.every(Boolean);
          let bytes: Buffer | undefined;
          const unreadable = (error: unknown) => new Error(`${file}: the product's template cannot be read (decision 0013): ${(error as Error).message}`);
          const read = () => {
            try {
              return (bytes ??= readFileSync(source));
            } catch (error) {
              throw unreadable(error);
            }
          };
          // Read only when the template is not the one the pages were written from (or it came back with another mtime).
          if (same && (before.template === template || before.hash === hashOf(read()))) {
            // Its pages are in the cache: in the site already, or linked from there (a site folder that started empty).
            [file, ...files].forEach((f, i) => place(f, undefined, cachedStats[i]) && linked++);
            next[file] = { ...before, template: template! };
            kept += files.length;
            continue;
          }
          const templateBytes = read();
          let compiled: ReturnType<typeof compileTemplate>;
          try {
            compiled = compileTemplate(templateBytes);
          } catch (error) {
            throw unreadable(error);
          }
          const keys = variants.map((v) => v.key);
          const expected = [PRODUCT_PAGE, ...keys].sort().join(',');
          if ([...compiled.keys].sort().join(',') !== expected) {
            throw new Error(`${file}: the product's template has the pages ${compiled.keys.join(', ')}, the catalog ${[PRODUCT_PAGE, ...keys].join(', ')}`);
          }
          place(file, compiled.parts(PRODUCT_PAGE));
          for (const v of variants) place(v.file, compiled.parts(v.key));
          const held = scanTemplate(templateBytes, hashes);
          if (held) for (const f of [file, ...files]) inline.set(f, held);
          next[file] = { template: template!, hash: hashOf(templateBytes), variants: files };
          templates++;
          written += files.length;
        }
        // Pages of products and variants that are gone: the cache's, and the site's where this build wrote none there.
        const now = new Set(Object.entries(next).flatMap(([file, { variants }]) => [file, ...variants]));
        let removed = 0;
        for (const [file, { variants }] of Object.entries(previous)) {
          for (const f of [file, ...variants]) {
            if (now.has(f)) continue;
            rmSync(join(pagesDir, f), { force: true });
            const path = join(out, f);
            // A product page that is gone is the incremental integration's to remove (or Astro's page now).
            if (f === file || (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? started) >= started) continue;
            rmSync(path);
            removed++;
          }
        }
        // Kept for the next build only where it keeps the page cache too.
        if (incremental) writeFileSync(join(cacheDir, MANIFEST), JSON.stringify({ version: VERSION, products: next } satisfies Manifest));
        logger.info(
          `variant pages: ${written} written from ${templates} product templates, ${kept} kept (${linked} pages linked from the cache); ${removed} gone; ${products.length} products with variant pages, in ${Math.round(performance.now() - t)} ms`,
        );
      },
    },
  };
}
