/**
 * The catalog index built beside Astro's setup (src/catalog/prebuilt-index.ts): npm run build starts
 * it in its own process, the build waits for its marker (current-index.ts) and reuses the index
 * with its changes; a failed pre-build leaves the build to make the index itself. The wait comes
 * after Vite's bundles, before the pages (src/integrations/catalog-index.ts, decision 0014). The
 * search index follows it the same way (src/integrations/search-index.ts, SEARCH_PREBUILT).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexBeside } from '../../../scripts/lib/build-shops.ts';
import { buildCatalogIndex, indexSignature } from '../../../src/catalog/build-index.ts';
import { catalogFile } from '../../../src/catalog/catalog.ts';
import { makeIndexCurrent } from '../../../src/catalog/current-index.ts';
import { catalogIndex } from '../../../src/integrations/catalog-index.ts';
import { waitForMarker, waitForPrebuiltIndex, writeMarker, writePrebuiltIndex } from '../../../src/catalog/prebuilt-index.ts';
import { PrebuiltSearch, searchIndex, searchIndexInCache } from '../../../src/integrations/search-index.ts';
import { SEARCH_PRICES_FOLDER } from '../../../src/catalog/search-prices.ts';
import { PART_RECORDS, PARTS_FILE, parseParts, partCount } from '../../../src/catalog/search-parts.ts';
import { getShop } from '../../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../../fixtures/mini-export.ts';

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('the marker', () => {
  it('is waited for: written later, it is read whole', async () => {
    const marker = join(tmp('marker-'), 'catalog-index.json');
    setTimeout(() => writePrebuiltIndex(marker, { ok: true, rebuilt: true, ms: 5400, changes: '1 product (1 changed)' }), 150);
    expect(await waitForPrebuiltIndex(marker, { pollMs: 10 })).toEqual({ ok: true, rebuilt: true, ms: 5400, changes: '1 product (1 changed)' });
    expect(readdirSync(join(marker, '..'))).toEqual(['catalog-index.json']);
  });

  it('not coming in time, or not a marker, is a failed pre-build', async () => {
    const dir = tmp('marker-');
    expect(await waitForPrebuiltIndex(join(dir, 'none.json'), { timeoutMs: 60, pollMs: 10 })).toMatchObject({ ok: false, reason: expect.stringMatching(/no word/) });
    writeFileSync(join(dir, 'bad.json'), '{"ok": true}');
    expect(await waitForPrebuiltIndex(join(dir, 'bad.json'))).toMatchObject({ ok: false, reason: expect.stringMatching(/not a pre-built index/) });
    writeFileSync(join(dir, 'cut.json'), '{"ok": tr');
    expect(await waitForPrebuiltIndex(join(dir, 'cut.json'))).toMatchObject({ ok: false });
  });
});

describe('the index child of npm run build', () => {
  it('builds the index and says what changed; a broken export gives a failed marker with the reason', async () => {
    const exportDir = await writeMiniExport();
    const catalogDir = tmp('catalog-');
    const rssFile = join(tmp('rss-'), 'rss');
    const env = { ...process.env, EXPORT_DIR: exportDir, CATALOG_DIR: catalogDir };
    const indexer = indexBeside('de', env, rssFile);
    const done = await waitForPrebuiltIndex(indexer.marker, { timeoutMs: 60_000 });
    expect(done).toMatchObject({ ok: true, rebuilt: true, changes: expect.stringMatching(/^no previous index to compare with: \d+ pages to render$/) });
    expect(existsSync(join(catalogDir, 'de.sqlite'))).toBe(true);
    // Its peak memory, for the build's report.
    expect(indexer.peakRssBytes()).toBeGreaterThan(20 * 2 ** 20);

    const broken = indexBeside('de', { ...env, EXPORT_DIR: tmp('no-export-') }, join(tmp('rss-'), 'rss')).marker;
    expect(await waitForPrebuiltIndex(broken, { timeoutMs: 60_000 })).toMatchObject({ ok: false, reason: expect.stringMatching(/ended with 1: .*manifest/i) });
  }, 90_000);

  it('with search, builds the search index right after it into the cache folder; no catalog index, no search index', async () => {
    const exportDir = await writeMiniExport();
    const catalogDir = tmp('catalog-');
    const cacheDir = join(tmp('cache-'), 'pagefind');
    const env = { ...process.env, EXPORT_DIR: exportDir, CATALOG_DIR: catalogDir };
    // Parts of 2 records: the child writes the index in parts (decision 0019) with the part size it is given.
    const indexer = indexBeside('de', env, join(tmp('rss-'), 'rss'), { language: 'de', partRecords: 2, cacheDir });
    const search = await waitForMarker(indexer.searchMarker!, PrebuiltSearch, 'search index', { timeoutMs: 60_000 });
    if (!search.ok) throw new Error(search.reason);
    expect(search).toMatchObject({ reused: false, signature: indexSignature(join(catalogDir, 'de.sqlite')) });
    expect(search.records).toBeGreaterThan(0);
    expect(search.dir.startsWith(cacheDir)).toBe(true);
    expect(existsSync(join(search.dir, 'pagefind-entry.json'))).toBe(true);
    const parts = parseParts(JSON.parse(readFileSync(join(search.dir, PARTS_FILE), 'utf8')));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.length).toBeLessThanOrEqual(partCount(search.records, 2) - 1);
    for (const part of parts) expect(existsSync(join(search.dir, part.slice('/pagefind/'.length), 'pagefind-entry.json')), part).toBe(true);
    // The catalog index's marker came first (the build does not wait for the search index to read the catalog).
    expect(await waitForPrebuiltIndex(indexer.marker, { timeoutMs: 1 })).toMatchObject({ ok: true });
    expect(search.site).toBeUndefined();

    // Given the site's folder (npm run build), it links the index and the price sheets into it, beside the pages.
    const siteDir = tmp('site-');
    const linking = indexBeside('de', env, join(tmp('rss-'), 'rss'), { language: 'de', partRecords: 2, cacheDir, siteDir });
    const linked = await waitForMarker(linking.searchMarker!, PrebuiltSearch, 'search index', { timeoutMs: 60_000 });
    if (!linked.ok) throw new Error(linked.reason);
    expect(linked).toMatchObject({ reused: true, site: { dir: siteDir, linked: linked.site!.sheets } });
    expect(linked.site!.sheets).toBeGreaterThan(0);
    const sameFile = (a: string, b: string) => statSync(a).ino === statSync(b).ino;
    expect(sameFile(join(siteDir, 'pagefind', 'pagefind-entry.json'), join(linked.dir, 'pagefind-entry.json'))).toBe(true);
    const part = parts[0]!.slice('/pagefind/'.length);
    expect(sameFile(join(siteDir, 'pagefind', part, 'pagefind-entry.json'), join(linked.dir, part, 'pagefind-entry.json'))).toBe(true);
    // The cache's own files stay in the cache.
    for (const own of ['fragment-ids.json', 'first-part.txt']) {
      expect(existsSync(join(linked.dir, own)), own).toBe(true);
      expect(existsSync(join(siteDir, 'pagefind', own)), own).toBe(false);
    }
    const sheet = readdirSync(join(siteDir, SEARCH_PRICES_FOLDER))[0]!;
    expect(sameFile(join(siteDir, SEARCH_PRICES_FOLDER, sheet), join(linked.prices!, sheet))).toBe(true);

    const broken = indexBeside('de', { ...env, EXPORT_DIR: tmp('no-export-') }, join(tmp('rss-'), 'rss'), { language: 'de', partRecords: PART_RECORDS, cacheDir });
    expect(await waitForMarker(broken.searchMarker!, PrebuiltSearch, 'search index', { timeoutMs: 60_000 })).toEqual({
      ok: false,
      reason: 'the catalog index was not built beside the build',
    });
  }, 90_000);
});

describe('the search index integration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** Runs the integration's hooks as astro build does, around a build of nothing. */
  const build = async (prebuilt: string | undefined, beforeBuild?: (outDir: string) => void) => {
    const root = tmp('site-');
    const outDir = join(root, 'dist');
    const cacheDir = join(root, 'cache');
    beforeBuild?.(outDir);
    if (prebuilt) vi.stubEnv('SEARCH_PREBUILT', prebuilt);
    const logs: string[] = [];
    const logger = { info: (m: string) => logs.push(`info ${m}`), warn: (m: string) => logs.push(`warn ${m}`) };
    const hooks = searchIndex({ shop: getShop('de') }).hooks as Record<string, (o: unknown) => unknown>;
    await hooks['astro:config:done']!({ config: { outDir: pathToFileURL(`${outDir}/`), cacheDir: pathToFileURL(`${cacheDir}/`), root: pathToFileURL(`${root}/`) } });
    await hooks['astro:build:start']!({ logger });
    await hooks['astro:build:done']!({ dir: pathToFileURL(`${outDir}/`), logger });
    return { logs, out: join(outDir, 'pagefind') };
  };

  it('links the index built beside the build when it is the current catalog index’s, and builds it itself when not', async () => {
    const exportDir = await writeMiniExport();
    const catalogDir = tmp('catalog-');
    vi.stubEnv('CATALOG_DIR', catalogDir);
    await buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile: catalogFile('de') });
    const signature = indexSignature(catalogFile('de'))!;
    const beside = join(tmp('beside-'), 'pagefind');
    const { priceEntries, ...built } = await searchIndexInCache({ dbFile: catalogFile('de'), language: 'de', cacheDir: beside, salt: '' });
    expect(priceEntries.length).toBeGreaterThan(0);
    const marker = join(tmp('marker-'), 'search-index.json');

    writeMarker<PrebuiltSearch>(marker, { ok: true, signature, ...built, ms: 1234 });
    const linked = await build(marker);
    expect(linked.logs).toEqual([expect.stringMatching(/^info pagefind: \d+ records \(de\) in 1234 ms beside the build, after the catalog index/)]);
    // The same file: linked, not built again.
    expect(statSync(join(linked.out, 'pagefind-entry.json')).ino).toBe(statSync(join(built.dir, 'pagefind-entry.json')).ino);

    // Linked into this very site by the search child (npm run build): not linked again; into another, linked here.
    const bySearchChild = await build(marker, (outDir) =>
      writeMarker<PrebuiltSearch>(marker, { ok: true, signature, ...built, site: { dir: `${outDir}/`, sheets: 3, linked: 1 }, ms: 1234 }),
    );
    expect(bySearchChild.logs[0]).toMatch(/price sheets: 3 files written beside the build, 1 of them linked anew, linked beside the pages/);
    expect(existsSync(join(bySearchChild.out, 'pagefind-entry.json'))).toBe(false);
    writeMarker<PrebuiltSearch>(marker, { ok: true, signature, ...built, site: { dir: tmp('another-site-'), sheets: 3, linked: 1 }, ms: 1234 });
    expect(existsSync(join((await build(marker)).out, 'pagefind-entry.json'))).toBe(true);

    // An index of another export (the build made the catalog index again), or none at all.
    writeMarker<PrebuiltSearch>(marker, { ok: true, signature: 'another', ...built, ms: 1234 });
    const other = await build(marker);
    expect(other.logs[0]).toBe('warn the search index was not built beside the build (it is not the current catalog index): building it now');
    expect(other.logs[1]).toMatch(/^info pagefind: \d+ records \(de\) in \d+ ms beside the pages/);
    expect(existsSync(join(other.out, 'pagefind-entry.json'))).toBe(true);

    writeMarker<PrebuiltSearch>(marker, { ok: false, reason: 'the search child ended with 1: out of memory' });
    const failed = await build(marker);
    expect(failed.logs[0]).toBe('warn the search index was not built beside the build (the search child ended with 1: out of memory): building it now');
    expect(existsSync(join(failed.out, 'pagefind-entry.json'))).toBe(true);
  }, 60_000);
});

describe('the search index cache folder', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps only the latest index: the same records reuse it, changed records replace it (the old one deleted while Pagefind works)', async () => {
    const catalogDir = tmp('catalog-');
    vi.stubEnv('CATALOG_DIR', catalogDir);
    const cacheDir = join(tmp('cache-'), 'pagefind');
    const index = async (extra: Parameters<typeof writeMiniExport>[1]) => {
      await buildCatalogIndex({ exportDir: await writeMiniExport(undefined, extra), shop: getShop('de'), dbFile: catalogFile('de'), force: true });
      return searchIndexInCache({ dbFile: catalogFile('de'), language: 'de', cacheDir, salt: '' });
    };
    const first = await index([]);
    expect(first.reused).toBe(false);
    expect(readdirSync(cacheDir)).toEqual([basename(first.dir)]);
    const again = await index([]);
    expect(again).toMatchObject({ dir: first.dir, reused: true });
    const changed = await index([miniProduct(90)]);
    expect(changed.reused).toBe(false);
    expect(changed.records).toBe(first.records + 1);
    expect(readdirSync(cacheDir)).toEqual([basename(changed.dir)]);
    expect(existsSync(join(changed.dir, 'pagefind-entry.json'))).toBe(true);
  }, 60_000);
});

describe('the catalog index made current for a build', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const run = async (prebuilt: string, exportDir: string) => {
    const logs: string[] = [];
    await makeIndexCurrent({ shop: getShop('de'), exportDir, prebuilt, log: { info: (m) => logs.push(`info ${m}`), warn: (m) => logs.push(`warn ${m}`) } });
    return logs;
  };

  it('reuses the index built beside it and reports the pre-builder’s changes, not "unchanged"', async () => {
    const exportDir = await writeMiniExport();
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const dbFile = catalogFile('de');
    await buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile });
    const built = statSync(dbFile).mtimeMs;
    const marker = join(tmp('marker-'), 'catalog-index.json');
    writePrebuiltIndex(marker, { ok: true, rebuilt: true, ms: 5400, changes: '1 product (1 changed): 3 catalog pages and 2 listings to render' });
    const logs = await run(marker, exportDir);
    expect(statSync(dbFile).mtimeMs).toBe(built);
    expect(logs).toContainEqual(expect.stringMatching(/^info indexed .* for de in 5400 ms beside Astro's setup \(waited \d+ ms for it\)/));
    expect(logs).toContain('info changes: 1 product (1 changed): 3 catalog pages and 2 listings to render');
  });

  it('with CATALOG_STRICT, a fault in the export stops the build after naming it', async () => {
    // A product in a category the export does not have: skipped and reported.
    const exportDir = await writeMiniExport(undefined, [miniProduct(91, { categories: [{ id: 999, default: true, position: 1 }] })]);
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const logs: string[] = [];
    const log = { info: (m: string) => logs.push(`info ${m}`), warn: (m: string) => logs.push(`warn ${m}`) };
    // Without it, the export builds, every fault reported.
    await makeIndexCurrent({ shop: getShop('de'), exportDir, log });
    const faults = logs.filter((l) => l.startsWith('warn '));
    expect(faults).toContain('warn skipped: products.ndjson, record 91, field categories: default category 999 is not in the export');
    expect(logs).toContainEqual(expect.stringMatching(/^info changes: /));
    logs.length = 0;
    await expect(makeIndexCurrent({ shop: getShop('de'), exportDir, strict: true, log })).rejects.toThrow(`${faults.length} faults in the export and CATALOG_STRICT is set`);
    // The same faults named first; no "changes" line: the build stops.
    expect(logs).toEqual(faults);
  });

  it('builds the index itself when the pre-build failed, and says so', async () => {
    const exportDir = await writeMiniExport();
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const marker = join(tmp('marker-'), 'catalog-index.json');
    writePrebuiltIndex(marker, { ok: false, reason: 'the index child ended with 1: out of memory' });
    const logs = await run(marker, exportDir);
    expect(logs[0]).toBe('warn the index was not built beside the build (the index child ended with 1: out of memory): building it now');
    expect(logs).toContainEqual(expect.stringMatching(/^info indexed .* for de in \d+ ms: categories/));
    expect(logs).toContainEqual(expect.stringMatching(/^info changes: no previous index to compare with/));
    expect(existsSync(catalogFile('de'))).toBe(true);
  });
});

describe('the catalog index integration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  type BuildApp = { order: string; handler: () => Promise<void> };
  /** Its hooks as astro build runs them: config setup (the Vite plugin), build start, then the bundles' end. */
  const start = async (exportDir: string) => {
    const logs: string[] = [];
    const logger = { info: (m: string) => logs.push(`info ${m}`), warn: (m: string) => logs.push(`warn ${m}`) };
    const integration = catalogIndex({ shop: getShop('de'), exportDir });
    let buildApp: BuildApp | undefined;
    const hooks = integration.hooks as Record<string, (o: unknown) => unknown>;
    await hooks['astro:config:setup']!({
      logger,
      command: 'build',
      updateConfig: (c: { vite: { plugins: { buildApp: BuildApp }[] } }) => (buildApp = c.vite.plugins[0]!.buildApp),
    });
    await hooks['astro:build:start']!({ logger });
    return { logs, integration, buildApp: buildApp! };
  };

  it('makes the index current beside the bundles: the hook before the pages waits for it, and so does ready()', async () => {
    const exportDir = await writeMiniExport();
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    // The index built beside the build comes late: the bundles are done first.
    const marker = join(tmp('marker-'), 'catalog-index.json');
    vi.stubEnv('CATALOG_PREBUILT', marker);
    const { logs, integration, buildApp } = await start(exportDir);
    // After Vite's own buildApp (the bundles), before Astro's page generation (its hook is 'post' too, and comes later).
    expect(buildApp.order).toBe('post');
    let pagesMayStart = false;
    let indexReady = false;
    const pages = buildApp.handler().then(() => (pagesMayStart = true));
    void integration.ready().then(() => (indexReady = true));
    await new Promise((r) => setTimeout(r, 200));
    expect([pagesMayStart, indexReady, existsSync(catalogFile('de'))]).toEqual([false, false, false]);
    expect(logs).toEqual(['info bundles built: waiting for the catalog index']);
    await buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile: catalogFile('de') });
    writePrebuiltIndex(marker, { ok: true, rebuilt: true, ms: 900, changes: 'no previous index to compare with' });
    await pages;
    expect(indexReady).toBe(true);
    expect(logs).toContain('info changes: no previous index to compare with');
    expect(logs.at(-1)).toMatch(/^info the catalog index came \d+ ms after the bundles$/);
  });

  it('a fault of the index stops the build at the pages, not as an unhandled rejection during the bundles', async () => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const { logs, integration, buildApp } = await start(tmp('no-export-'));
    // The index failed while the bundles were built (no one waiting yet): the process lives on.
    await new Promise((r) => setTimeout(r, 100));
    await expect(buildApp.handler()).rejects.toThrow(/manifest/);
    await expect(integration.ready()).rejects.toThrow(/manifest/);
    expect(logs).toEqual(['info bundles built: the catalog index is ready']);
  });
});
