/**
 * Decision 0014: the catalog index is made current beside Vite's bundles, and the pages wait for
 * it after them. An `astro build` whose index (built beside it, CATALOG_PREBUILT) comes only after
 * the bundles must still build every page from it: Astro's page generation starts after the wait.
 * If it started before, the pages would open an index that is not there yet and the build would fail.
 * The build runs with the test's NODE_ENV=test, under which Astro also starts a server during the
 * build (its `astro:server:setup` hook): the wait must still come after the bundles, not there.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachLine } from '../../scripts/lib/build-shops.ts';
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { writePrebuiltIndex } from '../../src/catalog/prebuilt-index.ts';
import { getShop } from '../../src/shops/index.ts';
import { root, sampleSite } from './sample-site.ts';

const site = sampleSite('test-index-order', 12);

describe('the catalog index that comes after the bundles', () => {
  it('is waited for before any page is generated, and every page is built from it', async () => {
    site.reset(['late']);
    const distDir = join(site.base, 'late-dist');
    const dbFile = join(site.base, 'late-index', 'de.sqlite');
    const marker = join(site.base, 'catalog-index.json');
    const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: root,
      env: {
        ...process.env,
        SHOP: 'de',
        EXPORT_DIR: site.exportDir,
        DIST_DIR: distDir,
        CATALOG_DIR: join(site.base, 'late-index'),
        CATALOG_PREBUILT: marker,
        INCREMENTAL: 'off',
        SEARCH_INDEX: 'off',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    let indexed: Promise<void> | undefined;
    const onLine = (line: string) => {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colour codes (ESC) of the build log
      const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
      log.push(plain);
      // The bundles are built and no index exists yet: only now is it made, as a slow index child would.
      if (plain.includes('bundles built: waiting for the catalog index') && !indexed) {
        indexed = (async () => {
          try {
            expect(existsSync(dbFile)).toBe(false);
            await new Promise((r) => setTimeout(r, 500));
            await buildCatalogIndex({ exportDir: site.exportDir, shop: getShop('de'), dbFile });
            writePrebuiltIndex(marker, { ok: true, rebuilt: true, ms: 1, changes: 'no previous index to compare with' });
          } catch (error) {
            // The build must not wait half an hour for a marker that will not come: the test fails below.
            writePrebuiltIndex(marker, { ok: false, reason: String(error) });
            throw error;
          }
        })();
      }
    };
    eachLine(child.stdout, onLine);
    eachLine(child.stderr, onLine);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    await indexed;
    expect(code, log.slice(-30).join('\n')).toBe(0);
    const at = (pattern: RegExp) => log.findIndex((l) => pattern.test(l));
    const waiting = at(/bundles built: waiting for the catalog index/);
    const came = at(/the catalog index came \d+ ms after the bundles/);
    const generating = at(/generating static routes/);
    expect(waiting).toBeGreaterThan(at(/Building static entrypoints/));
    expect(came).toBeGreaterThan(waiting);
    expect(generating).toBeGreaterThan(came);
    expect(log.some((l) => l.endsWith('[thelia-catalog] changes: no previous index to compare with'))).toBe(true);
    // Every page of the catalog is there, read from the index that came late.
    const routes = new Catalog(dbFile).routes();
    expect(routes.length).toBeGreaterThan(12);
    expect(routes.filter((r) => !existsSync(join(distDir, 'de', r.path)))).toEqual([]);
  }, 300_000);
});
