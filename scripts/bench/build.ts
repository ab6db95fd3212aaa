/**
 * Build benchmark: for each catalog size, a fresh sample export, then the full three-shop build
 * (two shops at a time on this 2-core machine), then a rebuild with nothing changed and one after
 * a single product changed. Reports pages per second, seconds per shop and for all three, and
 * peak RSS.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildShops, type ShopBuild } from '../lib/build-shops.ts';

const root = resolve(import.meta.dirname, '../..');

export interface BuildBench {
  products: number;
  sample: { seconds: number; peakRssBytes: number };
  full: { seconds: number; shops: ShopBuild[] };
  unchanged: { seconds: number };
  oneProductChanged: { seconds: number };
}

function timed(args: string[]): { seconds: number; peakRssBytes: number; stdout: string } {
  const rssFile = join(mkdtempSync(join(tmpdir(), 'rss-')), 'rss');
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', join(root, 'scripts/lib/report-rss.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RSS_REPORT: rssFile },
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakRssBytes: Number(readFileSync(rssFile, 'utf8')), stdout: r.stdout };
}

/** The loader's import of a large export into one shop's index, with its peak memory. */
export function benchIndex(products: number): { products: number; sample: ReturnType<typeof timed>; index: ReturnType<typeof timed> & { stats: Record<string, number> } } {
  const base = join(root, '.cache/bench', `index-${products}`);
  rmSync(base, { recursive: true, force: true });
  const exportDir = join(base, 'export');
  const sample = timed([join(root, 'scripts/sample.ts'), '--products', String(products), '--out', exportDir]);
  const index = timed([join(root, 'scripts/bench/index-only.ts'), exportDir, 'de', join(base, 'de.sqlite')]);
  const stats = (JSON.parse(index.stdout.trim().split('\n').pop()!) as { stats: Record<string, number> }).stats;
  rmSync(base, { recursive: true, force: true });
  return { products, sample, index: { ...index, stats } };
}

export async function benchBuild(products: number): Promise<BuildBench> {
  const base = join(root, '.cache/bench', `catalog-${products}`);
  const exportDir = join(base, 'export');
  const distDir = join(base, 'dist');
  const catalogDir = join(base, 'index');
  rmSync(base, { recursive: true, force: true });
  const sample = timed([join(root, 'scripts/sample.ts'), '--products', String(products), '--out', exportDir]);
  const build = async () => {
    const started = performance.now();
    const shops = await buildShops({ shops: ['de', 'at', 'ro'], exportDir, distDir, catalogDir, parallel: 2, quiet: true });
    return { seconds: (performance.now() - started) / 1000, shops };
  };
  const full = await build();
  const unchanged = await build();
  // Change one product's title: the export's signature changes, the index is rebuilt.
  const file = join(exportDir, 'products.ndjson');
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[0] = lines[0]!.replace(/"title":"/, '"title":"Neu: ');
  writeFileSync(file, lines.join('\n'));
  const oneProductChanged = await build();
  rmSync(distDir, { recursive: true, force: true });
  return { products, sample, full, unchanged: { seconds: unchanged.seconds }, oneProductChanged: { seconds: oneProductChanged.seconds } };
}
