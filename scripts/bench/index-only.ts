/**
 * Loads an export into one shop's catalog index (the loader's work, without rendering pages) and
 * prints {seconds, stats, faults}: run under scripts/lib/child-preload.ts to get its peak memory.
 * Usage: node scripts/bench/index-only.ts <exportDir> <shop> <dbFile>
 */
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { getShop, isShopCode } from '../../src/shops/index.ts';

const [exportDir, shop, dbFile] = process.argv.slice(2);
if (!exportDir || !isShopCode(shop) || !dbFile) {
  console.error('usage: node scripts/bench/index-only.ts <exportDir> <de|at|ro> <dbFile>');
  process.exit(2);
}
const started = performance.now();
const result = await buildCatalogIndex({ exportDir, shop: getShop(shop), dbFile, force: true });
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, stats: result.stats, faults: result.faults.length }));
