/**
 * Builds one shop's search index into the cache folder, and its price sheets beside it
 * (`<cacheDir>/../search-prices/`), in a process of its own, and prints its
 * result as one JSON line: the PrebuiltSearch marker's fields without `ok` and `ms`. `npm run build`
 * runs it right after the catalog index it reads (scripts/lib/build-shops.ts, indexBeside), so
 * Pagefind works beside Astro's setup, bundling and rendering; the build's search-index
 * integration links the result into the site (src/integrations/search-index.ts).
 * With <siteDir> (npm run build gives the shop's output folder) it links the index and the price
 * sheets into the site too, here instead of in Astro's process while it renders the pages (20,000
 * files to compare at 10,000 products). Nothing else in an incremental build touches the site's
 * search folders (src/integrations/incremental.ts leaves them), and the integration links them
 * again itself if this index turns out not to be the current catalog index's.
 * <partRecords>: records per part of the index (src/catalog/search-parts.ts, partRecordsOf).
 * Usage: node scripts/lib/search-child.ts <dbFile> <language> <partRecords> <cacheDir> [<siteDir>]
 */
import { dirname, join, resolve } from 'node:path';
import { indexSignature } from '../../src/catalog/build-index.ts';
import { SEARCH_PRICES_FOLDER } from '../../src/catalog/search-prices.ts';
import { linkIntoSite, linkPriceSheets, readFragmentIds, searchIndexInCache, searchSalt, writePriceSheets } from '../../src/integrations/search-index.ts';

const [dbFile, language, partRecords, cacheDir, siteDir] = process.argv.slice(2);
if (!dbFile || !language || !/^[1-9]\d*$/.test(partRecords ?? '') || !cacheDir) {
  console.error('usage: node scripts/lib/search-child.ts <dbFile> <language> <partRecords> <cacheDir> [<siteDir>]');
  process.exit(2);
}
try {
  // Read first: the index it is built from (the integration compares it with the current one).
  const signature = indexSignature(dbFile);
  if (!signature) throw new Error(`${dbFile} is not a catalog index`);
  const { priceEntries, ...built } = await searchIndexInCache({
    dbFile,
    language,
    cacheDir,
    salt: searchSalt(resolve(import.meta.dirname, '../..')),
    partRecords: Number(partRecords),
  });
  // The price sheets too (decision 0015): written here, on the other core, not at the build's end.
  const cache = dirname(cacheDir);
  writePriceSheets(priceEntries, readFragmentIds(built.dir), cache);
  const prices = join(cache, SEARCH_PRICES_FOLDER);
  let site: { dir: string; sheets: number; linked: number } | undefined;
  if (siteDir) {
    linkIntoSite(built.dir, siteDir);
    site = { dir: siteDir, ...linkPriceSheets(prices, siteDir) };
  }
  // Its own peak besides Pagefind's process: both are the search index's memory beside the build.
  console.log(JSON.stringify({ signature, ...built, prices, site, peakRssBytes: built.peakRssBytes + process.resourceUsage().maxRSS * 1024 }));
} catch (e) {
  // One line, the last of stderr: the reason its parent reports.
  console.error(e instanceof Error ? e.message.replaceAll('\n', ' ') : String(e));
  process.exit(1);
}
