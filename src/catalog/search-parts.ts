/**
 * The search index in parts (decision 0019), shared by the build that writes them
 * (src/integrations/search-index.ts) and the search island that merges them
 * (src/islands/search/engine.ts). Pure: no Node built-ins.
 *
 * Pagefind keeps a whole index in memory while it writes it, about 40 kB per record: 3.7 GB at
 * 100,000 products. A shop with more than PART_RECORDS records gets several indexes of about
 * that many records each (a hash of the URL picks a record's part, so a part may hold a little
 * more), written one after another by Pagefind processes of their own, and the
 * island merges them in the browser (Pagefind's mergeIndex). The first part is the index at
 * `/pagefind/` (Pagefind's script, worker and wasm are its); every other part is at
 * `/pagefind/parts/<hash>/`, named by a hash of its records, so its files never change under
 * their name and are cached for a year like Pagefind's own hashed files. `/pagefind/pagefind-parts.json`
 * lists them (an empty list for a shop of one part).
 */

/** Records per part by default: Pagefind peaks at about 0.8 GB per part. */
export const PART_RECORDS = 20_000;

/** The site's file that lists the other parts, below the search index's folder. */
export const PARTS_FILE = 'pagefind-parts.json';

/** The folder of the other parts, below the search index's folder. */
export const PARTS_FOLDER = 'parts';

/** Its URL, below the site's root. */
export const PARTS_URL = `/pagefind/${PARTS_FILE}`;

/** The URL of a part's folder, below the site's root, from its hash. */
export const partUrl = (hash: string): string => `/pagefind/${PARTS_FOLDER}/${hash}/`;

/** Hex characters of the hash that names a part's folder. */
export const PART_HASH_CHARS = 16;

const PART_URL = new RegExp(`^/pagefind/${PARTS_FOLDER}/[0-9a-f]{${PART_HASH_CHARS}}/$`);

/** The parts file's content, as the build writes it. */
export const partsJson = (hashes: readonly string[]): string => JSON.stringify({ parts: hashes.map(partUrl) });

/**
 * The parts listed in a parts file read from JSON, checked (the island does not carry zod; a wrong
 * file fails the search, as a wrong price sheet does).
 */
export function parseParts(json: unknown): string[] {
  const parts = (json as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts) || !parts.every((p): p is string => typeof p === 'string' && PART_URL.test(p))) throw new Error('search parts: not a list of parts');
  return parts;
}

/** How many parts `records` records make, at most `perPart` each. */
export const partCount = (records: number, perPart: number): number => Math.max(1, Math.ceil(records / perPart));

/**
 * Records per part for a shop: SEARCH_PART_RECORDS is a number for every shop or
 * `shop=number;shop=number` for the named ones (the browser tests part one shop's small index);
 * PART_RECORDS otherwise.
 */
export function partRecordsOf(setting: string | undefined, shop: string): number {
  if (setting === undefined || setting.trim() === '') return PART_RECORDS;
  const wrong = () => new Error(`SEARCH_PART_RECORDS: expected a whole number from 1 on or "shop=number;...", got ${JSON.stringify(setting)}`);
  const whole = (raw: string) => {
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw wrong();
    return Number(raw);
  };
  if (!setting.includes('=')) return whole(setting.trim());
  const byShop = new Map<string, number>();
  for (const pair of setting.split(';')) {
    const m = /^\s*([a-z]+)\s*=\s*(\d+)\s*$/.exec(pair);
    if (!m) throw wrong();
    byShop.set(m[1]!, whole(m[2]!));
  }
  return byShop.get(shop) ?? PART_RECORDS;
}
