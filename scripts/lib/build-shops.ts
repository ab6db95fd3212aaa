/**
 * Builds shops with `astro build`, each in its own process (SHOP picks the shop), a few at a time.
 * Reports seconds, pages and peak RSS per shop.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ShopCode } from '../../src/shops/index.ts';

export interface ShopBuild {
  shop: ShopCode;
  seconds: number;
  pages: number;
  peakRssBytes: number;
}

export interface BuildOptions {
  shops: ShopCode[];
  exportDir: string;
  distDir?: string;
  catalogDir?: string;
  parallel?: number;
  env?: Record<string, string>;
  quiet?: boolean;
}

const root = resolve(import.meta.dirname, '../..');

export function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.html')) n++;
  return n;
}

function buildOne(shop: ShopCode, o: BuildOptions): Promise<ShopBuild> {
  const rssFile = join(mkdtempSync(join(tmpdir(), 'rss-')), 'rss');
  const distDir = resolve(o.distDir ?? 'dist');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', join(root, 'scripts/lib/report-rss.ts'), join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env: {
      ...process.env,
      ...o.env,
      SHOP: shop,
      EXPORT_DIR: resolve(o.exportDir),
      DIST_DIR: distDir,
      ...(o.catalogDir ? { CATALOG_DIR: resolve(o.catalogDir) } : {}),
      RSS_REPORT: rssFile,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: o.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20_000)));
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`The ${shop} shop did not build (exit ${code}).${o.quiet ? `\n${output}` : ''}`));
      resolvePromise({
        shop,
        seconds: (performance.now() - started) / 1000,
        pages: countPages(join(distDir, shop)),
        peakRssBytes: existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : 0,
      });
    });
  });
}

export async function buildShops(o: BuildOptions): Promise<ShopBuild[]> {
  if (!existsSync(join(o.exportDir, 'manifest.json'))) {
    throw new Error(`No export at ${o.exportDir}. Make one with "npm run sample -- --products 1000" or "npm run export -- --db mysql://...".`);
  }
  const queue = [...o.shops];
  const results: ShopBuild[] = [];
  const worker = async () => {
    for (let shop = queue.shift(); shop; shop = queue.shift()) results.push(await buildOne(shop, o));
  };
  await Promise.all(Array.from({ length: Math.max(1, o.parallel ?? 2) }, worker));
  return o.shops.map((s) => results.find((r) => r.shop === s)!);
}
