/**
 * Builds one shop's catalog index in a process of its own and prints its result as one JSON line:
 * {seconds, rebuilt, changes, stats, faults}. `npm run build` runs it beside Astro's setup
 * (src/catalog/prebuilt-index.ts); the index bench runs it with --force under
 * scripts/lib/child-preload.ts for its peak memory.
 * Usage: node scripts/lib/index-child.ts <exportDir> <shop> <dbFile> [--force]
 */
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { describeChanges } from '../../src/catalog/page-keys.ts';
import { getShop, isShopCode } from '../../src/shops/index.ts';

const [exportDir, shop, dbFile, flag] = process.argv.slice(2);
if (!exportDir || !isShopCode(shop) || !dbFile || (flag !== undefined && flag !== '--force')) {
  console.error('usage: node scripts/lib/index-child.ts <exportDir> <de|at|ro> <dbFile> [--force]');
  process.exit(2);
}
const started = performance.now();
let result: Awaited<ReturnType<typeof buildCatalogIndex>>;
try {
  result = await buildCatalogIndex({ exportDir, shop: getShop(shop), dbFile, force: flag === '--force' });
} catch (e) {
  // One line, the last of stderr: the reason its parent reports.
  console.error(e instanceof Error ? e.message.replaceAll('\n', ' ') : String(e));
  process.exit(1);
}
console.log(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    rebuilt: result.rebuilt,
    changes: describeChanges(result.changes),
    stats: result.stats,
    faults: result.faults.length,
  }),
);
