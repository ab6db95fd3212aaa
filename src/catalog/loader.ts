/**
 * The Astro content-layer loader of the catalog. It builds (or reuses) the shop's catalog index
 * from the export, reports every fault, and fills the `routes` collection with one slim entry per
 * catalog page; pages read the records themselves from the index (catalog.ts), so the content
 * store never holds the whole catalog.
 */
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import { buildCatalogIndex } from './build-index.ts';
import { catalogFile, getCatalog } from './catalog.ts';
import { formatFault } from './read-export.ts';
import { describeChanges } from './page-keys.ts';
import type { ShopConfig } from '../shops/schema.ts';

export const RouteEntry = z.object({
  path: z.string(),
  kind: z.enum(['product', 'variant', 'category', 'brand', 'folder', 'content']),
  id: z.number().int(),
  productId: z.number().int().optional(),
  key: z.string().optional(),
});

/** How many faults are printed one by one; the rest are counted (all are in the index's fault table). */
const PRINTED_FAULTS = 40;

export function catalogLoader({ shop, exportDir, strict = false }: { shop: ShopConfig; exportDir: string; strict?: boolean }): Loader {
  return {
    name: 'thelia-catalog',
    schema: RouteEntry,
    async load({ store, logger }) {
      const started = performance.now();
      const result = await buildCatalogIndex({ exportDir, shop, dbFile: catalogFile(shop.code) });
      const { faults, stats } = result;
      for (const f of faults.slice(0, PRINTED_FAULTS)) logger.warn(formatFault(f));
      if (faults.length > PRINTED_FAULTS) logger.warn(`... and ${faults.length - PRINTED_FAULTS} more faults (all in the fault table of ${result.dbFile})`);
      if (strict && faults.length) throw new Error(`${faults.length} faults in the export and CATALOG_STRICT is set`);
      logger.info(
        `${result.rebuilt ? 'indexed' : 'reused index of'} ${exportDir} for ${shop.code} in ${Math.round(performance.now() - started)} ms: ` +
          Object.entries(stats)
            .map(([k, v]) => `${k} ${v}`)
            .join(', '),
      );
      logger.info(result.rebuilt ? `changes: ${describeChanges(result.changes)}` : 'changes: the export is unchanged since the last index');
      store.clear();
      for (const route of getCatalog(shop.code).routes()) store.set({ id: route.path, data: { ...route } });
    },
  };
}
