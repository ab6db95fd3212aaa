/**
 * npm run build                    builds the de, at and ro shops into dist/<shop>/
 * npm run build:shop               builds the shop named by SHOP (what a Netlify site runs)
 * Options: --export <dir> (default EXPORT_DIR or export/), --out <dir> (default dist/),
 *          --shops de,ro, --parallel N (default: one more than the cores, as many as the memory holds:
 *          defaultParallel in scripts/lib/build-shops.ts),
 *          --publish <dir> (one shop only: move the built site there, for Netlify's fixed publish folder,
 *          and declare the Edge Function a sharded shop needs: scripts/lib/edge-functions.ts).
 */
import { parseArgs } from 'node:util';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildShops, describePhases } from './lib/build-shops.ts';
import { declareEdgeFunctions, EDGE_FUNCTION } from './lib/edge-functions.ts';
import { SHOP_CODES, isShopCode, type ShopCode } from '../src/shops/index.ts';

const { values } = parseArgs({
  options: {
    'shop-from-env': { type: 'boolean' },
    shops: { type: 'string' },
    export: { type: 'string' },
    out: { type: 'string' },
    parallel: { type: 'string' },
    publish: { type: 'string' },
  },
});

let shops: ShopCode[] = SHOP_CODES;
if (values['shop-from-env']) {
  if (!isShopCode(process.env.SHOP)) {
    console.error(`build:shop needs SHOP set to one of ${SHOP_CODES.join(', ')} (got ${JSON.stringify(process.env.SHOP)}).`);
    process.exit(2);
  }
  shops = [process.env.SHOP];
} else if (values.shops) {
  const list = values.shops.split(',');
  const wrong = list.filter((s) => !isShopCode(s));
  if (wrong.length) {
    console.error(`Unknown shop ${wrong.join(', ')}; the shops are ${SHOP_CODES.join(', ')}.`);
    process.exit(2);
  }
  shops = list as ShopCode[];
}
const parallel = values.parallel === undefined ? undefined : Number(values.parallel);
if (parallel !== undefined && !(Number.isInteger(parallel) && parallel > 0)) {
  console.error(`--parallel takes a whole number of shops at once, 1 or more (got ${JSON.stringify(values.parallel)}).`);
  process.exit(2);
}

try {
  const started = performance.now();
  const results = await buildShops({
    shops,
    exportDir: values.export ?? process.env.EXPORT_DIR ?? 'export',
    distDir: values.out,
    parallel,
  });
  for (const r of results) {
    console.log(`${r.shop}: ${r.pages} pages in ${r.seconds.toFixed(1)} s, peak RSS ${(r.peakRssBytes / 2 ** 20).toFixed(0)} MB`);
    if (r.changes) console.log(`  changes: ${r.changes}`);
    if (r.rendered !== undefined) console.log(`  ${r.rendered.toLocaleString('en')} catalog pages and listing files rendered, ${r.reused!.toLocaleString('en')} reused`);
    if (r.bundlesReused) console.log("  Vite's bundles of the build before reused (the code is unchanged)");
    if (r.retried) console.log(`  built a second time, bundling the code: the build with the kept bundles failed (${r.retried})`);
    console.log(`  ${describePhases(r.phases)}`);
  }
  console.log(`all: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (values.publish) {
    if (shops.length !== 1) throw new Error('--publish takes exactly one shop');
    rmSync(values.publish, { recursive: true, force: true });
    renameSync(join(values.out ?? 'dist', shops[0]!), values.publish);
    const edge = declareEdgeFunctions(values.publish, process.cwd());
    console.log(`published ${shops[0]} to ${values.publish}${edge ? ` (its pages in shards: the page-shards Edge Function declared in ${EDGE_FUNCTION})` : ''}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
