/**
 * The search's price sheets (decision 0015), shared by the build that writes them
 * (src/integrations/search-index.ts) and the search island that reads them
 * (src/islands/search/engine.ts). Pure: no Node built-ins.
 *
 * A result's price and stock are not in its Pagefind record, so a changed price or stock leaves
 * the search index as it was (an incremental build reuses it). They are in small JSON files beside
 * it, `/search-prices/<sheet>.json`, one per three-character prefix of the results' Pagefind ids
 * (`de_0a1b2c3` is in `0a1.json`): at most 4,096 files (Netlify allows 54,000 in a folder); about
 * 3 products (200 bytes) each at 10,000 products, 25 (2 kB) at 100,000. A result needs one small
 * request, as its fragment does. The island knows a result's id as soon as Pagefind answers, so it
 * fetches the sheets beside the results' fragments, not after them.
 */

/** The site's folder of the price sheets. */
export const SEARCH_PRICES_FOLDER = 'search-prices';

/** A product's price and stock in a price sheet: the strings a result card shows them from. */
export interface SearchPrice {
  /** Cents, for the shop's default country. */
  price: string;
  /** The crossed-out price in cents, when the product is on promotion. */
  was?: string;
  /** The price in every country of the shop and net, zero-VAT categories included (prices.ts encodeModes). */
  prices: string;
  /** The quantity in stock, at least 1 when the product can be bought; 0 when not. */
  stock: string;
}

/** One price sheet: the entries of the results whose Pagefind id starts with its prefix. */
export type PriceSheet = Record<string, SearchPrice>;

/** How many of the hash's characters name its sheet. */
const SHEET_CHARS = 3;
const ID = new RegExp(`^[a-z]+(?:-[a-z0-9]+)*_([0-9a-f]{${SHEET_CHARS}})[0-9a-f]*$`, 'i');

/** The sheet of a Pagefind result id (`<language>_<hex hash>`): the hash's first three characters. */
export function priceSheetOf(id: string): string {
  const m = ID.exec(id);
  if (!m) throw new Error(`not a Pagefind result id: ${JSON.stringify(id)}`);
  return m[1]!.toLowerCase();
}

/**
 * A result's key in its sheet: its id, or its id and URL (`de_0a1b2c3 /akku.html`) when a result
 * of another part of the index has the same id (search-parts.ts: ids are unique within a part).
 */
export const priceKeyOf = (id: string, url: string, shared: boolean): string => (shared ? `${id} ${url}` : id);

/** A result's entry in its sheet (priceKeyOf), or undefined when the sheet has none. */
export const priceIn = (sheet: PriceSheet, id: string, url: string): SearchPrice | undefined => sheet[id] ?? sheet[priceKeyOf(id, url, true)];

/** The URL of a sheet, below the site's root. */
export const priceSheetUrl = (sheet: string) => `/${SEARCH_PRICES_FOLDER}/${sheet}.json`;

const CENTS = /^\d+$/;

/** One product's entry of a price sheet read from JSON, checked field by field; undefined when it is not one. */
export function parseSearchPrice(json: unknown): SearchPrice | undefined {
  const e = json as Partial<Record<keyof SearchPrice, unknown>> | null;
  const ok =
    typeof e === 'object' &&
    e !== null &&
    typeof e.price === 'string' &&
    CENTS.test(e.price) &&
    (e.was === undefined || (typeof e.was === 'string' && CENTS.test(e.was))) &&
    typeof e.prices === 'string' &&
    typeof e.stock === 'string' &&
    CENTS.test(e.stock);
  return ok ? { price: e.price as string, ...(e.was === undefined ? {} : { was: e.was as string }), prices: e.prices as string, stock: e.stock as string } : undefined;
}

/**
 * A price sheet read from JSON, checked field by field (the island does not carry zod for this:
 * the sheet is the build's own file, and a wrong one must fail the search, not show a wrong price).
 */
export function parsePriceSheet(json: unknown): PriceSheet {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('price sheet: not an object');
  const sheet: PriceSheet = {};
  for (const [id, entry] of Object.entries(json as Record<string, unknown>)) {
    const price = parseSearchPrice(entry);
    if (!price) throw new Error(`price sheet: the entry of ${id} is not a price`);
    sheet[id] = price;
  }
  return sheet;
}
