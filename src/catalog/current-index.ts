/**
 * Makes a shop's catalog index current for a build (decision 0014): waits for the index built
 * beside Astro's setup (prebuilt-index.ts) or builds it here, reports every fault, and says what
 * changed since the previous index. The pages read their routes and records from the index itself
 * (catalog.ts); Astro's content layer holds nothing of the catalog.
 */
import { buildCatalogIndex } from './build-index.ts';
import { catalogFile } from './catalog.ts';
import { formatFault } from './read-export.ts';
import { describeChanges } from './page-keys.ts';
import { waitForPrebuiltIndex } from './prebuilt-index.ts';
import type { ShopConfig } from '../shops/schema.ts';

/** How many faults are printed one by one; the rest are counted (all are in the index's fault table). */
const PRINTED_FAULTS = 40;

/** Where the index's report goes: the build log. */
export interface IndexLog {
  info(message: string): void;
  warn(message: string): void;
}

export async function makeIndexCurrent({
  shop,
  exportDir,
  strict = false,
  prebuilt,
  log,
}: {
  shop: ShopConfig;
  exportDir: string;
  /** CATALOG_STRICT: any fault in the export stops the build. */
  strict?: boolean;
  /** The marker of the index built beside the build (CATALOG_PREBUILT), set by npm run build. */
  prebuilt?: string;
  log: IndexLog;
}): Promise<void> {
  const started = performance.now();
  // Built beside Astro's setup (prebuilt-index.ts): wait for it, then the index is current.
  const beside = prebuilt ? await waitForPrebuiltIndex(prebuilt) : undefined;
  if (beside && !beside.ok) log.warn(`the index was not built beside the build (${beside.reason}): building it now`);
  const waited = Math.round(performance.now() - started);
  const result = await buildCatalogIndex({ exportDir, shop, dbFile: catalogFile(shop.code) });
  const { faults, stats } = result;
  for (const f of faults.slice(0, PRINTED_FAULTS)) log.warn(formatFault(f));
  if (faults.length > PRINTED_FAULTS) log.warn(`... and ${faults.length - PRINTED_FAULTS} more faults (all in the fault table of ${result.dbFile})`);
  if (strict && faults.length) throw new Error(`${faults.length} faults in the export and CATALOG_STRICT is set`);
  // The pre-builder's index, found current here: its work and its changes are this build's.
  const builtBeside = beside?.ok && beside.rebuilt && !result.rebuilt ? beside : undefined;
  log.info(
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
  log.info(`changes: ${changes}`);
}
