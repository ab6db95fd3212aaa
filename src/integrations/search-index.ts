/**
 * A shop's search index (issue 7), written to `<outDir>/pagefind/`. It is built from the catalog
 * index, not from the pages: `npm run build` builds it in a process of its own right after the
 * catalog index, beside Astro's setup, bundling and rendering (scripts/lib/search-child.ts,
 * SEARCH_PREBUILT); a plain `astro build` starts it as soon as the catalog index is current
 * (Pagefind's own process works beside Vite's bundles and Astro's rendering). The build waits for
 * it at the end.
 *
 * Pagefind's Node API with custom records streamed from the catalog index
 * (src/catalog/search-records.ts), not its HTML crawl: the crawl keeps every page in memory and
 * runs out of it above about 30,000 pages, and the pages carry chrome that is no search text.
 * The language is forced to the shop's (de or ro), so Pagefind's German or Romanian stemmer
 * applies; Pagefind (>= 1.5) folds diacritics itself, so "surub" finds "șurub".
 */
import type { AstroIntegration } from 'astro';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { catalogFile, sharedCatalog } from '../catalog/catalog.ts';
import { indexSignature } from '../catalog/build-index.ts';
import { waitForMarker } from '../catalog/prebuilt-index.ts';
import {
  type EntryMemo,
  type PriceEntry,
  type ProductEntry,
  type RecordOptions,
  recordOptionsOf,
  searchPrices,
  searchRecordTexts,
  searchRecords,
} from '../catalog/search-records.ts';
import { indexCodeVersion } from '../catalog/index-memo.ts';
import { SEARCH_PRICES_FOLDER, parseSearchPrice, priceKeyOf, priceSheetOf, type PriceSheet, type SearchPrice } from '../catalog/search-prices.ts';
import { generateImages } from '../catalog/images.ts';
import type { ShopConfig } from '../shops/schema.ts';
import { incrementalEnabled, linkOrCopy, mirrorTree } from './incremental.ts';
import { PART_HASH_CHARS, PART_RECORDS, PARTS_FILE, PARTS_FOLDER, partCount, partRecordsOf, partsJson } from '../catalog/search-parts.ts';

/** Records sent to the Pagefind service at once (it answers each one). */
const BATCH = 200;

/** Part of a cached index's key besides its records: the lockfile (Pagefind's version). */
export function searchSalt(root: string): string {
  const lock = join(root, 'package-lock.json');
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '';
}

/** What a search index built beside the build (scripts/lib/search-child.ts) left for it: SEARCH_PREBUILT. */
export const PrebuiltSearch = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** The catalog index's signature it was built from (indexSignature). */
    signature: z.string(),
    /** The index, in the cache folder (see searchIndexInCache). */
    dir: z.string().min(1),
    records: z.number().int().nonnegative(),
    reused: z.boolean(),
    /** The index's parts, and how many of them were taken from the previous index (decision 0019). */
    parts: z.number().int().positive().optional(),
    partsReused: z.number().int().nonnegative().optional(),
    /** Pagefind's process and the search child's together. */
    peakRssBytes: z.number().nonnegative(),
    /** The price sheets it wrote from the same catalog index, in the cache folder (linked into the site). */
    prices: z.string().min(1).optional(),
    /**
     * The site folder it linked the index and the price sheets into (npm run build: on the other
     * core, beside the pages), and how many price sheets and how many of them anew.
     */
    site: z.object({ dir: z.string().min(1), sheets: z.number().int().nonnegative(), linked: z.number().int().nonnegative() }).optional(),
    /** From the start of the build to the index's end. */
    ms: z.number().nonnegative(),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type PrebuiltSearch = z.infer<typeof PrebuiltSearch>;

interface Built {
  records: number;
  reused: boolean;
  peakRssBytes: number;
  /** The index's parts, and how many of them were taken from the previous index (decision 0019). */
  parts?: number;
  partsReused?: number;
}

/**
 * Pagefind's id of each record's result, by the record's URL: what the price sheets are keyed by.
 * The ids are unique within a part of the index, not across its parts (search-parts.ts).
 */
export type FragmentIds = Record<string, string>;

/** The file beside a cached index with its FragmentIds (not linked into the site). */
const FRAGMENT_IDS = 'fragment-ids.json';

/** The file in a cached index with the hash of its first part's records (not linked into the site). */
const FIRST_PART = 'first-part.txt';

/**
 * The result id of every record of one index (or part) Pagefind wrote, added to `ids`: its
 * fragments' names (`fragment/<id>.pf_fragment`, gzipped JSON behind Pagefind's `pagefind_dcd`
 * signature) with the URL each holds.
 */
function readIdsOfPart(partDir: string, ids: FragmentIds): void {
  const dir = join(partDir, 'fragment');
  for (const name of readdirSync(dir)) {
    const id = name.replace(/\.pf_fragment$/, '');
    const text = gunzipSync(readFileSync(join(dir, name))).toString('utf8');
    const url = (JSON.parse(text.slice(text.indexOf('{'))) as { url?: unknown }).url;
    if (typeof url !== 'string') throw new Error(`search index: fragment ${name} has no URL`);
    ids[url] = id;
  }
}

/** The FragmentIds kept beside a cached index (searchIndexInCache). */
export function readFragmentIds(dir: string): FragmentIds {
  return JSON.parse(readFileSync(join(dir, FRAGMENT_IDS), 'utf8')) as FragmentIds;
}

/**
 * Writes the search's price sheets (decision 0015, src/catalog/search-prices.ts) to
 * `<outDir>/search-prices/`: every product with a search result (`entries`, from searchPrices or
 * searchIndexInCache), in the sheet of its result's id, under its id, or under its id and URL when
 * results of two parts of the index have the same id (priceKeyOf).
 * Written again by every build (about 0.1 s per 1,000 products), so the index is kept when only
 * prices or stock changed. A product without a result in the index is an error: the index and the
 * sheets are made from one catalog index.
 */
export function writePriceSheets(entries: Iterable<PriceEntry>, ids: FragmentIds, outDir: string): { sheets: number; products: number; written: number } {
  const sheets = new Map<string, PriceSheet>();
  const shared = new Set<string>();
  const seen = new Set<string>();
  for (const id of Object.values(ids)) (seen.has(id) ? shared : seen).add(id);
  let products = 0;
  for (const { url, price } of entries) {
    const id = ids[url];
    if (!id) throw new Error(`search prices: ${url} has no result in the search index`);
    const name = priceSheetOf(id);
    let sheet = sheets.get(name);
    if (!sheet) sheets.set(name, (sheet = {}));
    sheet[priceKeyOf(id, url, shared.has(id))] = price;
    products++;
  }
  const dir = join(outDir, SEARCH_PRICES_FOLDER);
  mkdirSync(dir, { recursive: true });
  // Only the sheets that changed are written, each as a new file (the site's links to the old
  // ones stay as they were until the build links the new): a rebuild's site keeps the rest in place.
  const names = new Set<string>();
  let written = 0;
  for (const [name, sheet] of sheets) {
    const file = join(dir, `${name}.json`);
    names.add(`${name}.json`);
    const text = JSON.stringify(sheet);
    if (textOf(file) === text) continue;
    writeFileSync(`${file}.new`, text);
    renameSync(`${file}.new`, file);
    written++;
  }
  for (const name of readdirSync(dir)) if (!names.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  return { sheets: sheets.size, products, written };
}

/** A file's text, or undefined when there is none. */
function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The file beside the search cache folder with each product's entry of the last index (EntryMemo). */
const ENTRY_MEMO = 'search-entries.tsv';

const SearchRecordJson = z.object({
  url: z.string(),
  content: z.string(),
  language: z.string(),
  meta: z.record(z.string(), z.string()),
  filters: z.record(z.string(), z.array(z.string())),
});

/** The version of the memo file's layout (in its first line, after `search-entries`, with the key and the count of products). */
const ENTRY_MEMO_VERSION = 2;

/**
 * What the memo's entries were made with besides the products: what productRecord reads of the
 * options (the language, each category's place, visibility and title, the brands' titles), the
 * salt, and the catalog's code (search-records.ts is part of it).
 */
export const entryMemoKey = (options: RecordOptions, salt: string): string =>
  createHash('sha256')
    .update(
      JSON.stringify([options.language, options.categories.map((c) => [c.id, c.parent, c.visible, c.title]), [...options.brands], salt, indexCodeVersion(ENTRY_MEMO_VERSION)]),
    )
    .digest('base64url');

/**
 * The memo file: a line `search-entries <version> <key> <products>`, then a line per product:
 * its id and fingerprint, and with a result its URL, price sheet entry (JSON) and record (JSON),
 * separated by tabs (JSON and URLs hold none). Text, not one JSON document: a rebuild writes the
 * lines of unchanged products as it read them, and reads the records as the texts the index's
 * hash is taken over (at 10,000 products, validating and writing 9 MB of JSON took 0.35 s of a
 * 1 s search child).
 */
const memoHead = (key: string, products: number) => `search-entries ${ENTRY_MEMO_VERSION} ${key} ${products}`;

/** Each entry read from the memo file, with its line (written again as it is while the entry is unchanged). */
const memoLines = new WeakMap<ProductEntry, string>();

/** The memo's entries, when it was made with `key` (none when it is missing, unreadable, cut short or of other options or code). */
function readEntryMemo(file: string, key: string): Map<number, ProductEntry> {
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return new Map();
  }
  const none = new Map<number, ProductEntry>();
  if (lines[0] !== memoHead(key, lines.length - 1)) return none;
  const entries = new Map<number, ProductEntry>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const [id, fp, url, price, json, ...rest] = line.split('\t');
    if (!/^\d+$/.test(id ?? '') || !fp || rest.length) return none;
    let entry: ProductEntry = { fp };
    if (url !== undefined) {
      let parsed: SearchPrice | undefined;
      try {
        parsed = parseSearchPrice(JSON.parse(price ?? ''));
      } catch {
        return none;
      }
      // The record is checked as a whole only where Pagefind is given it (searchIndexInCache).
      if (!parsed || !url || !json?.startsWith('{') || !json.endsWith('}')) return none;
      entry = { fp, result: { url, json, price: parsed } };
    }
    memoLines.set(entry, line);
    entries.set(Number(id), entry);
  }
  return entries;
}

function writeEntryMemo(file: string, key: string, entries: ReadonlyMap<number, ProductEntry>) {
  const lines = [memoHead(key, entries.size)];
  for (const [id, e] of entries) {
    const r = e.result;
    lines.push(memoLines.get(e) ?? (r ? `${id}\t${e.fp}\t${r.url}\t${JSON.stringify(r.price)}\t${r.json}` : `${id}\t${e.fp}`));
  }
  writeFileSync(`${file}.new`, lines.join('\n'));
  renameSync(`${file}.new`, file);
}

/** One pass over the catalog's records: their hash (with how they are parted), texts and price sheet entries, and each product's entry. */
function recordPass(o: { dbFile: string; language: string; salt: string; partRecords: number }, options: RecordOptions, previous: ReadonlyMap<number, ProductEntry>) {
  const hash = createHash('sha256').update(`${o.language}\n${o.salt}\n${o.partRecords}\n`);
  const memo: EntryMemo = { previous, next: new Map() };
  const texts: string[] = [];
  const priceEntries: PriceEntry[] = [];
  for (const { url, json, price } of searchRecordTexts(o.dbFile, options, memo)) {
    hash.update(`${json}\n`);
    texts.push(json);
    if (price) priceEntries.push({ url, price });
  }
  return { hash: hash.digest('hex'), texts, priceEntries, entries: memo.next };
}

/** Whether a record's text is a search record (a memo may hold a wrong one). */
function isRecordText(text: string): boolean {
  try {
    return SearchRecordJson.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * The index of the catalog's search records in `cacheDir`, in a folder named by the hash of its
 * records: built there when the records changed, else the one already there (an incremental build
 * after a change no search result shows). Only the latest index is kept. The products' price
 * sheet entries come from the same pass over the catalog index (`priceEntries`).
 *
 * Each product's record and price sheet entry are kept beside the cache folder with its
 * fingerprint (EntryMemo): the next pass reads only the products whose fingerprint changed (after
 * one price changed, 1 of 10,000 instead of every record).
 */
export async function searchIndexInCache(o: {
  dbFile: string;
  language: string;
  cacheDir: string;
  salt: string;
  /** Records per part of the index (search-parts.ts, partRecordsOf). */
  partRecords?: number;
}): Promise<Built & { dir: string; priceEntries: PriceEntry[] }> {
  const options = recordOptionsOf(sharedCatalog(o.dbFile), o.language);
  const memoFile = join(dirname(o.cacheDir), ENTRY_MEMO);
  const key = entryMemoKey(options, o.salt);
  const previous = readEntryMemo(memoFile, key);
  const indexAt = (hash: string) => join(o.cacheDir, hash);
  const built = (dir: string) => existsSync(join(dir, 'pagefind-entry.json')) && existsSync(join(dir, FRAGMENT_IDS));
  const partRecords = o.partRecords ?? PART_RECORDS;
  let pass = recordPass({ ...o, partRecords }, options, previous);
  // Checked where Pagefind is to be given them: a memo whose record is none, and every record is made anew.
  if (!built(indexAt(pass.hash)) && !pass.texts.every(isRecordText)) pass = recordPass({ ...o, partRecords }, options, new Map());
  const dir = indexAt(pass.hash);
  const unchanged = pass.entries.size === previous.size && [...pass.entries].every(([id, e]) => previous.get(id) === e);
  if (!unchanged) {
    mkdirSync(dirname(memoFile), { recursive: true });
    writeEntryMemo(memoFile, key, pass.entries);
  }
  const { priceEntries } = pass;
  if (built(dir)) return { dir, records: pass.texts.length, reused: true, peakRssBytes: 0, priceEntries };
  const partial = `${dir}.partial`;
  // The last index, whose parts of the same records are taken as they are (decision 0019).
  const last = (existsSync(o.cacheDir) ? readdirSync(o.cacheDir, { withFileTypes: true }) : []).find(
    (e) => e.isDirectory() && !e.name.endsWith('.partial') && built(join(o.cacheDir, e.name)),
  );
  const { firstPart, ids, ...written } = await writePagefind(pass.texts, options.language, partial, {
    salt: o.salt,
    partRecords,
    previous: last && join(o.cacheDir, last.name),
  });
  writeFileSync(join(partial, FRAGMENT_IDS), JSON.stringify(ids));
  // The next index takes this one's first part when its records are the same.
  writeFileSync(join(partial, FIRST_PART), firstPart);
  for (const e of readdirSync(o.cacheDir)) if (join(o.cacheDir, e) !== partial) rmSync(join(o.cacheDir, e), { recursive: true, force: true });
  renameSync(partial, dir);
  return { dir, ...written, priceEntries };
}

/**
 * Pagefind's index of the catalog's search records (their JSON texts), written to `target`: one
 * index when there are at most `partRecords` records, else parts of about that many (decision
 * 0019, src/catalog/search-parts.ts), each record in the part a hash of its URL gives. Each part is
 * written by a Pagefind process of its own, one after the other, so the memory of one part's is
 * freed before the next starts. The first part is the index at `target`; every other is in
 * `parts/<hash>/`, named by a hash of its records, the language and `salt` (Pagefind's version).
 * A part whose hash the `previous` index has (its records unchanged) is linked from there, not
 * written again: after one product's title changed, one part is indexed. Its records' result ids
 * are the previous index's too (its FragmentIds); only a written part's fragments are read.
 */
async function writePagefind(
  texts: readonly string[],
  language: string,
  target: string,
  o: { salt: string; partRecords: number; previous?: string },
): Promise<Built & { firstPart: string; ids: FragmentIds }> {
  rmSync(target, { recursive: true, force: true });
  const count = partCount(texts.length, o.partRecords);
  const byHash: { texts: string[]; urls: string[] }[] = Array.from({ length: count }, () => ({ texts: [], urls: [] }));
  for (const text of texts) {
    const { url } = SearchRecordJson.parse(JSON.parse(text));
    const part = byHash[count === 1 ? 0 : createHash('sha256').update(url).digest().readUInt32BE(0) % count]!;
    part.texts.push(text);
    part.urls.push(url);
  }
  // A part the hash gave no record is none (only likely with a few records); one index at least.
  const filled = byHash.filter((part) => part.texts.length > 0);
  const parts = filled.length ? filled : [{ texts: [], urls: [] }];
  const previousIds = o.previous ? idsIn(o.previous) : undefined;
  const ids: FragmentIds = {};
  let peakRssBytes = 0;
  let partsReused = 0;
  const hashes = parts.map((part) => {
    const hash = createHash('sha256').update(`${language}\n${o.salt}\n`);
    for (const text of part.texts) hash.update(`${text}\n`);
    return hash.digest('hex').slice(0, PART_HASH_CHARS);
  });
  for (const [i, part] of parts.entries()) {
    const dir = i === 0 ? target : join(target, PARTS_FOLDER, hashes[i]!);
    const kept = o.previous && (i === 0 ? textOf(join(o.previous, FIRST_PART)) === hashes[0] && o.previous : join(o.previous, PARTS_FOLDER, hashes[i]!));
    const keptIds = previousIds && part.urls.every((url) => previousIds[url]);
    if (kept && keptIds && existsSync(join(kept, 'pagefind-entry.json'))) {
      linkPart(kept, dir, i === 0);
      for (const url of part.urls) ids[url] = previousIds[url]!;
      partsReused++;
      continue;
    }
    peakRssBytes = Math.max(peakRssBytes, await writePart(part.texts, language, dir));
    readIdsOfPart(dir, ids);
    // The site uses its own UI (src/islands/search/): Pagefind's ready-made UIs are not shipped,
    // and the other parts need only their indexes (the first part's script and wasm search them).
    const shipped = (f: string) => (i === 0 ? !/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(f) : PART_FILES.test(f));
    for (const f of readdirSync(dir)) if (!shipped(f)) rmSync(join(dir, f), { recursive: true });
  }
  writeFileSync(join(target, PARTS_FILE), partsJson(hashes.slice(1)));
  return { records: texts.length, reused: false, peakRssBytes, parts: parts.length, partsReused, firstPart: hashes[0]!, ids: byUrl(ids) };
}

/** FragmentIds in the order of their URLs: the same file whichever parts were linked and which written. */
const byUrl = (ids: FragmentIds): FragmentIds => Object.fromEntries(Object.entries(ids).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The FragmentIds kept in a cached index, or undefined when they cannot be read (its parts are then written again). */
function idsIn(dir: string): FragmentIds | undefined {
  try {
    return readFragmentIds(dir);
  } catch {
    return undefined;
  }
}

/**
 * A part of the previous index linked into the new one: a part's folder as it is; the first part's
 * files without the other parts and the cache's own files.
 */
function linkPart(from: string, to: string, first: boolean): void {
  if (!first) return void mirrorTree(from, to);
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if ([PARTS_FOLDER, PARTS_FILE, FRAGMENT_IDS, FIRST_PART].includes(e.name)) continue;
    if (e.isDirectory()) mirrorTree(join(from, e.name), join(to, e.name));
    else linkOrCopy(join(from, e.name), join(to, e.name));
  }
}

/** What a part other than the first keeps of what Pagefind writes: its entry, meta and indexes. */
const PART_FILES = /^(pagefind-entry\.json|.*\.pf_meta|index|fragment|filter)$/;

/** One index of `texts` written to `dir` by a Pagefind process of its own; returns the process's peak memory. */
async function writePart(texts: readonly string[], language: string, dir: string): Promise<number> {
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: language });
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    try {
      let batch: Promise<{ errors: string[] }>[] = [];
      const flush = async () => {
        for (const r of await Promise.all(batch)) if (r.errors.length) throw new Error(`search index: ${r.errors.join('; ')}`);
        batch = [];
      };
      for (const text of texts) {
        batch.push(index.addCustomRecord(SearchRecordJson.parse(JSON.parse(text))));
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      const written = await index.writeFiles({ outputPath: dir });
      if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
      return childPeakRss();
    } finally {
      await index.deleteIndex();
    }
  } finally {
    await pagefind.close();
  }
}

export async function buildSearchIndex(o: {
  dbFile: string;
  outDir: string;
  language: string;
  /**
   * A folder that keeps the last index written with the hash of its records (searchIndexInCache):
   * the index is built or found there and linked into the site.
   */
  cacheDir?: string;
  /** Part of the cached index's key besides the records (searchSalt), and of its parts' names. */
  salt?: string;
  /** Records per part of the index (search-parts.ts, partRecordsOf). */
  partRecords?: number;
}): Promise<Built & { ids: FragmentIds; prices: Iterable<PriceEntry> }> {
  const salt = o.salt ?? '';
  const partRecords = o.partRecords ?? PART_RECORDS;
  if (!o.cacheDir) {
    const out = join(o.outDir, 'pagefind');
    const texts = Array.from(searchRecords(o.dbFile, recordOptionsOf(sharedCatalog(o.dbFile), o.language)), (r) => JSON.stringify(r));
    const { firstPart: _, ...built } = await writePagefind(texts, o.language, out, { salt, partRecords });
    return { ...built, prices: searchPrices(o.dbFile) };
  }
  const { dir, priceEntries, ...built } = await searchIndexInCache({ dbFile: o.dbFile, language: o.language, cacheDir: o.cacheDir, salt, partRecords });
  linkIntoSite(dir, o.outDir);
  return { ...built, ids: readFragmentIds(dir), prices: priceEntries };
}

/** The site's price sheets become links to those written beside the build (scripts/lib/search-child.ts); how many, and how many linked anew. */
export function linkPriceSheets(dir: string, outDir: string): { sheets: number; linked: number } {
  const out = join(outDir, SEARCH_PRICES_FOLDER);
  const linked = mirrorTree(dir, out, { stamp: `${dir}.in-site.json` });
  return { sheets: readdirSync(out).length, linked };
}

/** How the site gets its price sheets: linked already (by the search child), to be linked from a folder, or written from entries. */
type SiteSheets = { sheets: number; linked: number } | string | (() => { ids: FragmentIds; entries: Iterable<PriceEntry> });

/** The site's price sheets: linked when written beside the build, else written now. Says which, for the log. */
function priceSheetsInSite(prices: SiteSheets, outDir: string): string {
  if (typeof prices === 'object') return `${prices.sheets} files written beside the build, ${prices.linked} of them linked anew, linked beside the pages`;
  if (typeof prices === 'string') {
    const { sheets, linked } = linkPriceSheets(prices, outDir);
    return `${sheets} files written beside the build, ${linked} of them linked anew`;
  }
  const { ids, entries } = prices();
  const written = writePriceSheets(entries, ids, outDir);
  return `${written.products} products in ${written.sheets} files, ${written.written} of them written anew`;
}

/** ", in 6 parts, 5 of them unchanged (linked from the last index)" for an index in parts (decision 0019). */
const partsSaid = ({ parts, partsReused }: Built): string =>
  parts && parts > 1 ? `, in ${parts} parts${partsReused ? `, ${partsReused} of them unchanged (linked from the last index)` : ''}` : '';

/** The search's folders at the site's root: its index and its price sheets (no page in them). */
export const SEARCH_FOLDERS = ['pagefind', SEARCH_PRICES_FOLDER] as const;

/**
 * The site's folders this integration makes whole after the pages in an incremental build (the
 * index mirrored from its cache, the price sheets from theirs): the incremental integration leaves
 * them as they are at the build's start instead of removing them file by file.
 */
export const searchFolders = (): string[] => (incrementalEnabled() && process.env.SEARCH_INDEX !== 'off' ? [...SEARCH_FOLDERS] : []);

/**
 * The site's `pagefind/` folder becomes links to a cached index's files (its FragmentIds stay in
 * the cache); the links a rebuild finds in place to the same index stay, and while the folders of
 * both are as the last link left them (a stamp beside the cached index), they are not walked.
 */
export function linkIntoSite(dir: string, outDir: string) {
  mirrorTree(dir, join(outDir, 'pagefind'), { skip: new Set([FRAGMENT_IDS, FIRST_PART]), stamp: `${dir}.in-site.json` });
}

/**
 * The peak memory (VmHWM) of this process's child processes, read from /proc (Linux; 0 elsewhere):
 * Pagefind's indexing process, which a Node process's own maxRSS does not include.
 */
function childPeakRss(): number {
  let peak = 0;
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const kids = readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      for (const pid of kids) {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) * 1024);
      }
    }
  } catch {
    // not Linux
  }
  return peak;
}

export function searchIndex({
  shop,
  indexReady = () => Promise.resolve(),
}: {
  shop: ShopConfig;
  /** Resolves when the catalog index is current (src/integrations/catalog-index.ts): the records are read from it. */
  indexReady?: () => Promise<void>;
}): AstroIntegration {
  let cacheDir: string | undefined;
  let salt = '';
  let outDir = '';
  /**
   * The index being built while the pages render (it reads the catalog index, not the pages), and
   * its price sheets: written beside the build (a folder to link) or to be written from the
   * index's result ids and the products' entries.
   */
  let pending: Promise<(Built & { prices: SiteSheets; ms: number; beside: boolean }) | { error: unknown }> | undefined;
  return {
    name: 'search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        // Kept for the next incremental build only; INCREMENTAL=off builds it every time.
        cacheDir = incrementalEnabled() ? join(fileURLToPath(config.cacheDir), 'pagefind') : undefined;
        salt = searchSalt(fileURLToPath(config.root));
      },
      // After the output folder is emptied (the incremental integration comes first), as soon as
      // the catalog index is current: Pagefind works in its own process beside the bundles and pages.
      'astro:build:start': ({ logger }) => {
        // SEARCH_INDEX=off skips the index, to measure the page build alone (npm run bench).
        if (process.env.SEARCH_INDEX === 'off') return;
        const started = performance.now();
        const dbFile = catalogFile(shop.code);
        // Set by npm run build (scripts/lib/build-shops.ts): the index is built beside Astro's setup
        // right after the catalog index, in the cache folder. Used when it is the current catalog's.
        const prebuilt = process.env.SEARCH_PREBUILT;
        pending = (async () => {
          await indexReady();
          const partRecords = partRecordsOf(process.env.SEARCH_PART_RECORDS, shop.code);
          if (prebuilt && cacheDir) {
            const beside = await waitForMarker(prebuilt, PrebuiltSearch, 'search index');
            const current =
              beside.ok && beside.signature === indexSignature(dbFile) && existsSync(join(beside.dir, 'pagefind-entry.json')) && existsSync(join(beside.dir, FRAGMENT_IDS));
            if (beside.ok && current) {
              // Linked into this site by the search child already (npm run build), else now.
              const linked = beside.site && resolve(beside.site.dir) === resolve(outDir) ? beside.site : undefined;
              if (!linked) linkIntoSite(beside.dir, outDir);
              const written = beside.prices && existsSync(beside.prices) ? beside.prices : undefined;
              return {
                records: beside.records,
                reused: beside.reused,
                parts: beside.parts,
                partsReused: beside.partsReused,
                peakRssBytes: beside.peakRssBytes,
                prices: linked ?? written ?? (() => ({ ids: readFragmentIds(beside.dir), entries: searchPrices(dbFile) })),
                ms: beside.ms,
                beside: true,
              };
            }
            logger.warn(`the search index was not built beside the build (${beside.ok ? 'it is not the current catalog index' : beside.reason}): building it now`);
          }
          const { ids, prices, ...built } = await buildSearchIndex({ dbFile, outDir, language: shop.language, cacheDir, salt, partRecords });
          return { ...built, prices: () => ({ ids, entries: prices }), ms: performance.now() - started, beside: false };
        })().catch((error: unknown) => ({ error }));
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!pending) return logger.warn('SEARCH_INDEX=off: no search index built');
        const started = performance.now();
        const result = await pending;
        if ('error' in result) throw result.error;
        const out = fileURLToPath(dir);
        // Result thumbnails the pages did not already ask for (normally none).
        const thumbs = await generateImages(out);
        // Written beside the build with the index (npm run build), else now.
        const sheetsStarted = performance.now();
        const prices = priceSheetsInSite(result.prices, out);
        logger.info(
          `pagefind: ${result.records} records (${shop.language})${result.reused ? ', unchanged: the previous index reused' : ''}${partsSaid(result)} in ${Math.round(result.ms)} ms ${result.beside ? 'beside the build, after the catalog index' : 'beside the pages'} (${Math.round(performance.now() - started)} ms after them), ${result.beside ? 'search processes' : 'Pagefind'} peak ${Math.round(result.peakRssBytes / 2 ** 20)} MB, ${thumbs.made} thumbnails made; price sheets: ${prices} in ${Math.round(performance.now() - sheetsStarted)} ms`,
        );
      },
    },
  };
}
