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
import { waitForPrebuiltIndex } from './prebuilt-index.ts';
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

export function catalogLoader({ shop, exportDir, strict = false, prebuilt }: { shop: ShopConfig; exportDir: string; strict?: boolean; prebuilt?: string }): Loader {
  return {
    name: 'thelia-catalog',
    schema: RouteEntry,
    async load({ store, logger, generateDigest }) {
      const started = performance.now();
      // Built beside Astro's setup (prebuilt-index.ts): wait for it, then the index is current.
      const beside = prebuilt ? await waitForPrebuiltIndex(prebuilt) : undefined;
      if (beside && !beside.ok) logger.warn(`the index was not built beside the build (${beside.reason}): building it now`);
      const waited = Math.round(performance.now() - started);
      const result = await buildCatalogIndex({ exportDir, shop, dbFile: catalogFile(shop.code) });
      const { faults, stats } = result;
      for (const f of faults.slice(0, PRINTED_FAULTS)) logger.warn(formatFault(f));
      if (faults.length > PRINTED_FAULTS) logger.warn(`... and ${faults.length - PRINTED_FAULTS} more faults (all in the fault table of ${result.dbFile})`);
      if (strict && faults.length) throw new Error(`${faults.length} faults in the export and CATALOG_STRICT is set`);
      // The pre-builder's index, found current here: its work and its changes are this build's.
      const builtBeside = beside?.ok && beside.rebuilt && !result.rebuilt ? beside : undefined;
      logger.info(
        (builtBeside
          ? `indexed ${exportDir} for ${shop.code} in ${Math.round(builtBeside.ms)} ms beside Astro's setup (waited ${waited} ms for it): `
          : `${result.rebuilt ? 'indexed' : 'reused index of'} ${exportDir} for ${shop.code} in ${Math.round(performance.now() - started)} ms: `) +
          Object.entries(stats)
            .map(([k, v]) => `${k} ${v}`)
            .join(', '),
      );
      let changes = 'the export is unchanged since the last index';
      if (builtBeside) changes = builtBeside.changes;
      else if (result.rebuilt) changes = describeChanges(result.changes);
      logger.info(`changes: ${changes}`);
      // Entries with a digest: an unchanged route is left as it is, so an incremental build does
      // not rewrite Astro's data store for 26,000 routes when one product changed.
      const current = new Set<string>();
      for (const route of getCatalog(shop.code).routes()) {
        const data = { ...route };
        current.add(route.path);
        store.set({ id: route.path, data, digest: generateDigest(data) });
      }
      for (const id of store.keys()) if (!current.has(id)) store.delete(id);
    },
  };
}
