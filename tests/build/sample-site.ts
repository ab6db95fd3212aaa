/**
 * What the build tests share: a fresh sample export under `.cache/<name>/`, builds of the de shop
 * from it (each site with its own output folder and catalog index), the export's records read and
 * written as an editor's changes would be, and a built site's files.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildShops, type ShopBuild } from '../../scripts/lib/build-shops.ts';
import { astroCacheDir } from '../../src/integrations/incremental.ts';

export const root = resolve(import.meta.dirname, '../..');

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function sampleSite(name: string, products: number) {
  const base = join(root, '.cache', name);
  const exportDir = join(base, 'export');
  return {
    base,
    exportDir,
    /** Removes earlier runs (the sites and their page caches: each first build starts from nothing) and writes the sample export. */
    reset(sites: string[]) {
      rmSync(base, { recursive: true, force: true });
      for (const site of sites) rmSync(join(root, astroCacheDir('de', join(base, `${site}-dist`))), { recursive: true, force: true });
      mkdirSync(base, { recursive: true });
      const sample = spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', String(products), '--out', exportDir], { cwd: root, encoding: 'utf8' });
      if (sample.status !== 0) throw new Error(sample.stderr);
    },
    build: (site: string, env: Record<string, string> = {}): Promise<ShopBuild> =>
      buildShops({ shops: ['de'], exportDir, distDir: join(base, `${site}-dist`), catalogDir: join(base, `${site}-index`), parallel: 1, quiet: true, env }).then((r) => r[0]!),
    readNdjson: (file: string): Json[] =>
      readFileSync(join(exportDir, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Json),
    writeNdjson: (file: string, records: Json[]) => writeFileSync(join(exportDir, file), records.map((r) => JSON.stringify(r)).join('\n') + '\n'),
  };
}

/** Every file of a built site, by its path in the site. */
export function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out.set(relative(dir, path), readFileSync(path));
  }
  return out;
}
