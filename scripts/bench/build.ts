/**
 * Build benchmark: for each catalog size, a fresh sample export, then the full three-shop build
 * (as many shops at a time as `npm run build` builds: defaultParallel, the three on this 2-core machine), then a rebuild with nothing changed and one after
 * a single product changed, one after a category was renamed, and the one-price rebuild again with
 * the site folders empty (as a Netlify build starts: its cache folders restored, not the site).
 * Reports pages per second, seconds per shop and for all three, and peak RSS. Each scenario starts
 * after `sync`: the write-back of the scenario before is not measured in the next.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { astroCacheDir } from '../../src/integrations/incremental.ts';
import { buildShops, CHILD_PRELOAD, describePhases, type ShopBuild } from '../lib/build-shops.ts';

const root = resolve(import.meta.dirname, '../..');

export interface Scenario {
  seconds: number;
  shops: ShopBuild[];
}

export interface BuildBench {
  products: number;
  sample: { seconds: number; peakRssBytes: number };
  /** The three shops from scratch (no index, no page cache). */
  full: Scenario;
  /** The same export again. */
  unchanged: Scenario;
  /** One product's price changed (every currency). */
  oneProductChanged: Scenario;
  /** One category renamed (every locale). */
  categoryRenamed: Scenario;
  /** One product's price changed again, with the site folders empty and the caches kept: a Netlify build. */
  oneProductChangedEmptySite: Scenario;
}

function timed(args: string[]): { seconds: number; peakRssBytes: number; stdout: string } {
  const rssFile = join(mkdtempSync(join(tmpdir(), 'rss-')), 'rss');
  const started = performance.now();
  const r = spawnSync(process.execPath, [...CHILD_PRELOAD, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RSS_REPORT: rssFile },
  });
  const seconds = (performance.now() - started) / 1000;
  const peakRssBytes = r.status === 0 ? Number(readFileSync(rssFile, 'utf8')) : 0;
  rmSync(dirname(rssFile), { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stderr}`);
  return { seconds, peakRssBytes, stdout: r.stdout };
}

/** The loader's import of a large export into one shop's index, with its peak memory. */
export function benchIndex(products: number): { products: number; sample: ReturnType<typeof timed>; index: ReturnType<typeof timed> & { stats: Record<string, number> } } {
  const base = join(root, '.cache/bench', `index-${products}`);
  rmSync(base, { recursive: true, force: true });
  const exportDir = join(base, 'export');
  const sample = timed([join(root, 'scripts/sample.ts'), '--products', String(products), '--out', exportDir]);
  const index = timed([join(root, 'scripts/lib/index-child.ts'), exportDir, 'de', join(base, 'de.sqlite'), '--force']);
  const stats = (JSON.parse(index.stdout.trim().split('\n').pop()!) as { stats: Record<string, number> }).stats;
  rmSync(base, { recursive: true, force: true });
  return { products, sample, index: { ...index, stats } };
}

/** Rewrites the first record of an NDJSON file of the export that `pick` accepts. */
function editFirst(file: string, pick: (r: Record<string, any>) => boolean, edit: (r: Record<string, any>) => void) {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l && pick(JSON.parse(l)));
  const record = JSON.parse(lines[i]!);
  edit(record);
  lines[i] = JSON.stringify(record);
  writeFileSync(file, lines.join('\n'));
  return record.id as number;
}

export async function benchBuild(products: number, log: (line: string) => void = () => {}): Promise<BuildBench> {
  const base = join(root, '.cache/bench', `catalog-${products}`);
  const exportDir = join(base, 'export');
  const distDir = join(base, 'dist');
  const catalogDir = join(base, 'index');
  rmSync(base, { recursive: true, force: true });
  const sample = timed([join(root, 'scripts/sample.ts'), '--products', String(products), '--out', exportDir]);
  const build = async (name: string): Promise<Scenario> => {
    // Each scenario starts with the disk's write-back of the one before done: a full build writes
    // some 5 GB, and a rebuild measured while the system flushes them measured the flush too (an
    // editor's rebuild comes long after the last build).
    spawnSync('sync');
    const started = performance.now();
    const shops = await buildShops({ shops: ['de', 'at', 'ro'], exportDir, distDir, catalogDir, quiet: true });
    const r = { seconds: (performance.now() - started) / 1000, shops };
    log(describeScenario(name, r));
    return r;
  };
  // A full build: no page cache either (Astro's cache folder is per shop and output folder).
  for (const shop of ['de', 'at', 'ro']) rmSync(join(root, astroCacheDir(shop, distDir)), { recursive: true, force: true });
  const full = await build('full');
  const unchanged = await build('nothing changed');
  const changePrice = () =>
    editFirst(
      join(exportDir, 'products.ndjson'),
      (p) => p.variants.every((v: { prices: Record<string, { price: string }> }) => Number(Object.values(v.prices)[0]!.price) > 0),
      (p) => {
        for (const v of p.variants) for (const price of Object.values(v.prices) as { price: string }[]) price.price = (Number(price.price) * 1.1).toFixed(6);
      },
    );
  const productId = changePrice();
  const oneProductChanged = await build(`product ${productId}'s price changed`);
  const categoryId = editFirst(
    join(exportDir, 'categories.ndjson'),
    (c) => c.parent !== 0,
    (c) => {
      for (const t of Object.values(c.i18n) as { title: string }[]) t.title = `${t.title} (neu)`;
    },
  );
  const categoryRenamed = await build(`category ${categoryId} renamed`);
  // The one-price rebuild as a Netlify build runs it: the cache folders restored, the site folders empty.
  changePrice();
  rmSync(distDir, { recursive: true, force: true });
  const oneProductChangedEmptySite = await build(`product ${productId}'s price changed again, the site folders empty (as a Netlify build starts)`);
  rmSync(distDir, { recursive: true, force: true });
  return { products, sample, full, unchanged, oneProductChanged, categoryRenamed, oneProductChangedEmptySite };
}

const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

/** One scenario as lines: all shops' time, then per shop pages, rendered/reused, peak RSS, phases. */
export function describeScenario(name: string, r: Scenario): string {
  return [
    `  ${name}: all three shops ${r.seconds.toFixed(1)} s`,
    ...r.shops.map(
      (s) =>
        `    ${s.shop}: ${s.seconds.toFixed(1)} s, ${s.pages.toLocaleString('en')} pages; ${(s.rendered ?? 0).toLocaleString('en')} pages and listing files rendered, ${(s.reused ?? 0).toLocaleString('en')} reused${s.bundlesReused ? "; Vite's bundles reused" : ''}; peak RSS ${mb(s.peakRssBytes)}${s.searchPeakRssBytes ? ` (the search index's processes beside it: ${mb(s.searchPeakRssBytes)})` : ''}${s.indexPeakRssBytes ? ` (the catalog index's process before it: ${mb(s.indexPeakRssBytes)})` : ''}\n` +
        `      ${describePhases(s.phases)}${s.changes ? `\n      changes: ${s.changes}` : ''}`,
    ),
  ].join('\n');
}
