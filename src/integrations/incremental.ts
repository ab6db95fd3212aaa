/**
 * Incremental builds (Astro's `experimental.incrementalBuild`). Astro keeps a copy of every page
 * that has a `cacheKey` under `<cacheDir>/dist/` and a manifest (`incremental-build.json`: per
 * route file its code hash, per path its key and output file); a page whose key and code are
 * unchanged is not rendered again. The catalog pages' keys come from the catalog index
 * (src/catalog/page-keys.ts).
 *
 * Astro would empty the output folder and copy every reused page back from its cache (26,000
 * files and 1.6 GB per shop at 10,000 products). This integration empties the folder itself
 * (`vite.build.emptyOutDir` is off) and hard-links the cached pages into it before the pages are
 * generated, so Astro finds them in place; after the build it removes the links of pages that are
 * gone (a deleted product) and reports how many pages were rendered and reused.
 *
 * A build that fails halfway may have written pages through such links into the cache while the
 * manifest still holds the old keys: a marker file set at the start and removed at the end makes
 * the next build drop the cache and render everything.
 *
 * INCREMENTAL=off (what the equality test compares against) renders every page.
 */
import type { AstroIntegration } from 'astro';
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MANIFEST = 'incremental-build.json';
const MARKER = 'incremental-build.unfinished';

interface Manifest {
  routes: Record<string, { paths: Record<string, { cacheKey: string; outputFile: string }> }>;
}

function outputFiles(file: URL): Set<string> {
  const files = new Set<string>();
  if (!existsSync(file)) return files;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    for (const route of Object.values(manifest.routes ?? {})) for (const p of Object.values(route.paths ?? {})) files.add(p.outputFile);
  } catch {
    // unreadable: nothing to reuse
  }
  return files;
}

export const incrementalEnabled = () => process.env.INCREMENTAL !== 'off';

/**
 * Astro's cache folder of a shop build: per shop and output folder, so builds can run side by side
 * (three shops; tests beside a developer's build) without reading each other's content store or
 * page cache.
 */
export const astroCacheDir = (shop: string, distDir: string) => `./node_modules/.astro/${shop}-${createHash('sha1').update(resolve(distDir)).digest('hex').slice(0, 8)}`;

export function incremental(): AstroIntegration {
  let outDir: URL;
  let cacheDir: URL;
  let linked = new Set<string>();
  let started = 0;
  return {
    name: 'incremental',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        cacheDir = config.cacheDir;
      },
      'astro:build:start': ({ logger }) => {
        started = Date.now();
        const out = fileURLToPath(outDir);
        const manifest = new URL(MANIFEST, cacheDir);
        const marker = new URL(MARKER, cacheDir);
        const cachedDist = new URL('dist/', cacheDir);
        if (!incrementalEnabled() || existsSync(marker)) {
          if (existsSync(marker)) logger.warn('the previous build did not finish: its page cache is dropped, every page is rendered');
          rmSync(manifest, { force: true });
          rmSync(cachedDist, { recursive: true, force: true });
        }
        // The output folder starts empty, as with Astro's own emptyOutDir.
        mkdirSync(out, { recursive: true });
        for (const entry of readdirSync(out)) rmSync(`${out}/${entry}`, { recursive: true, force: true });
        linked = new Set();
        const t = performance.now();
        const dirs = new Set<string>();
        for (const file of outputFiles(manifest)) {
          const from = fileURLToPath(new URL(file, cachedDist));
          const to = fileURLToPath(new URL(file, outDir));
          if (!existsSync(from)) continue;
          const dir = dirname(to);
          if (!dirs.has(dir)) mkdirSync(dir, { recursive: true }), dirs.add(dir);
          try {
            linkSync(from, to);
          } catch {
            copyFileSync(from, to);
          }
          linked.add(file);
        }
        mkdirSync(cacheDir, { recursive: true });
        writeFileSync(marker, new Date().toISOString());
        if (linked.size) logger.info(`${linked.size} cached pages linked into ${out} in ${Math.round(performance.now() - t)} ms`);
      },
      'astro:build:done': ({ logger, pages }) => {
        const now = outputFiles(new URL(MANIFEST, cacheDir));
        let removed = 0;
        let reused = 0;
        for (const file of linked) {
          const path = fileURLToPath(new URL(file, outDir));
          if (!now.has(file)) {
            rmSync(path, { force: true });
            removed++;
          } else if (statSync(path).mtimeMs < started) reused++;
        }
        rmSync(new URL(MARKER, cacheDir), { force: true });
        // One line the build script reads (scripts/lib/build-shops.ts).
        logger.info(`pages: ${now.size - reused} of ${now.size} keyed pages and files rendered, ${reused} reused; ${pages.length} pages in all; ${removed} gone`);
      },
    },
  };
}
