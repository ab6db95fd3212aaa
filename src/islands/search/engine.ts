/**
 * The search engine in the browser: Pagefind's own JS and wasm (/pagefind/pagefind.js, written by
 * src/integrations/search-index.ts), loaded when the search box gets the focus (or by the first
 * search), never before.
 *
 * Timing (issue 7: first results well within 100 ms of the end of the 300 ms debounce): on focus,
 * Pagefind's JS, wasm, meta and filter indexes load (warmUp). While the shopper types, the search
 * of the latest text runs and its first chunk of results is fetched (prepareSearch), so that when
 * the pause ends, the search (which goes through searchProducts too) finds it done and only
 * renders. Nothing is shown before the pause ends: only src/islands/search/useSearch.ts shows
 * results, and it runs after the debounce.
 */
import { type PriceSheet, parsePriceSheet, priceIn, priceSheetOf, priceSheetUrl } from '../../catalog/search-prices.ts';
import { PARTS_URL, parseParts } from '../../catalog/search-parts.ts';
import { CONTENT_FETCH, chunkEnd, cleanTerm, escapeQuery, groupByFolder, isSearchable, keepScored } from './rules.ts';
import { latestOnly } from './speculate.ts';

interface PagefindHit {
  id: string;
  score: number;
  data: () => Promise<{ url: string; meta: Record<string, string> }>;
}
interface PagefindTimings {
  preload: number;
  search: number;
  total: number;
}
interface PagefindResponse {
  results: PagefindHit[];
  unfilteredResultCount: number;
  /** One per merged index (Pagefind's Pagefind.search), or one object. */
  timings?: PagefindTimings | PagefindTimings[];
  filters: Record<string, Record<string, number>>;
  totalFilters: Record<string, Record<string, number>>;
}
interface Pagefind {
  options: (o: object) => Promise<void>;
  init: () => Promise<void>;
  mergeIndex: (path: string, o?: object) => Promise<void>;
  search: (term: string, o?: object) => Promise<PagefindResponse | null>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  preload: (term: string, o?: object) => Promise<void>;
  destroy: () => Promise<void>;
}

let loading: Promise<Pagefind> | undefined;
let filtersReady: Promise<void> | undefined;
let filtersLoaded = false;

export function loadPagefind(): Promise<Pagefind> {
  return (loading ??= (async () => {
    const url = '/pagefind/pagefind.js';
    // The index's other parts (decision 0019: none below 20,000 records), beside Pagefind's script.
    const [pf, parts] = await Promise.all([import(/* @vite-ignore */ url) as Promise<Pagefind>, loadParts()]);
    await pf.options({ baseUrl: '/' });
    await pf.init();
    // Their indexes are searched by the first part's wasm; results are ranked together by score.
    await Promise.all(parts.map((part) => pf.mergeIndex(part, { baseUrl: '/' })));
    // The filter indexes load in the background (on focus, see warmUp): a search does not wait
    // for them, the category counts come once they are there (see ProductSearch.facetsLater).
    // Resolving also means Pagefind's worker has its wasm and meta ready.
    filtersReady = pf.filters().then(() => {
      filtersLoaded = true;
      performance.mark('search:ready');
    });
    return pf;
  })().catch((e: unknown) => {
    loading = undefined;
    throw e;
  }));
}

/**
 * Forgets the index this page has loaded, so that the next search loads it as the site has it now.
 * A deploy (an editor's rebuild) replaces the index's files: a page opened before it keeps the old
 * index's list of files, whose names are gone, and each of its searches would fail until a reload.
 * Called when a search fails (src/islands/search/useSearch.ts), which then searches once more.
 */
export async function forgetIndex(): Promise<void> {
  const was = loading;
  loading = undefined;
  filtersReady = undefined;
  filtersLoaded = false;
  searches.clear();
  sheets.clear();
  const pf = await was?.catch(() => undefined);
  await pf?.destroy().catch(() => {});
}

async function loadParts(): Promise<string[]> {
  const r = await fetch(PARTS_URL);
  if (!r.ok) throw new Error(`${PARTS_URL}: ${r.status}`);
  return parseParts(await r.json());
}

/** On focus of the box: Pagefind's JS, worker, wasm, meta and filter indexes. Errors are left to the search. */
export function warmUp(): void {
  loadPagefind()
    .then(() => filtersReady)
    .catch(() => {});
}

/**
 * While the debounce runs: the search of the latest text (the one the pause will run: no category,
 * the dropdown's first chunk) and, if no newer text came meanwhile, its first results' data.
 */
const speculate = latestOnly(async (term, isLatest) => {
  const search = await searchProducts(term, null);
  if (isLatest()) await search.next(0, true);
});

export function prepareSearch(raw: string): void {
  if (isSearchable(raw)) speculate(cleanTerm(raw));
}

export interface ProductHit {
  url: string;
  title: string;
  image?: string;
  imageAlt?: string;
  ref: string;
  price: string;
  prices?: string;
  was?: string;
  stock: number;
}

export interface ContentHit {
  url: string;
  title: string;
  folder: string;
}

export interface ProductSearch {
  term: string;
  category: string | null;
  total: number;
  /** Category facet counts for the whole query (not narrowed by the picked category). */
  facets: Record<string, number>;
  /** The category counts once the filter indexes are loaded (undefined when they already were). */
  facetsLater?: () => Promise<Record<string, number>>;
  /** Loads the hits from `loaded` up to the next chunk end. */
  next: (loaded: number, dropdown: boolean) => Promise<ProductHit[]>;
}

/** The last searches (term and category), shared by the search during the pause and the one after. */
const searches = new Map<string, Promise<ProductSearch>>();
const KEPT_SEARCHES = 6;

export function searchProducts(term: string, category: string | null): Promise<ProductSearch> {
  const search = kept(searches, `${escapeQuery(term)}\n${category ?? ''}`, () => runSearch(term, category));
  if (searches.size > KEPT_SEARCHES) searches.delete(searches.keys().next().value!);
  return search;
}

async function runSearch(term: string, category: string | null): Promise<ProductSearch> {
  const pf = await loadPagefind();
  const query = escapeQuery(term);
  const filters = { type: 'product', ...(category ? { category } : {}) };
  const ready = filtersLoaded;
  const r = await pf.search(query, { filters });
  // For scripts/bench/search.ts: Pagefind's own timings (chunk loading, the wasm search, all in its worker).
  const t = [r?.timings ?? []].flat()[0];
  performance.mark('search:searched', { detail: { term, chunksMs: t?.preload, wasmMs: t?.search, workerMs: t?.total } });
  const hits = keepScored(r?.results ?? []);
  const facets = r?.totalFilters?.category ?? r?.filters?.category;
  const firstOfDropdown = once(() => load(0, true));
  const firstOfPage = once(() => load(0, false));
  return {
    term,
    category,
    total: hits.length,
    facets: facets ?? {},
    facetsLater: ready || !filtersReady ? undefined : once(() => filtersReady!.then(async () => (await pf.search(query, { filters }))?.totalFilters?.category ?? {})),
    // The first chunk is fetched once (during the pause, then used after it).
    next: (loaded, dropdown) => (loaded === 0 ? (dropdown ? firstOfDropdown() : firstOfPage()) : load(loaded, dropdown)),
  };

  async function load(loaded: number, dropdown: boolean): Promise<ProductHit[]> {
    const chunk = hits.slice(loaded, chunkEnd(loaded, hits.length, dropdown));
    // The fragments and their price sheets side by side: both are known from the results' ids.
    const [data, sheets] = await Promise.all([Promise.all(chunk.map((h) => h.data())), Promise.all(chunk.map((h) => sheet(priceSheetOf(h.id))))]);
    if (loaded === 0) performance.mark('search:fragments', { detail: { term } });
    return data.map(({ url, meta }, i) => {
      // A result without an entry fails the search (the index and the sheets are one build's).
      const price = priceIn(sheets[i]!, chunk[i]!.id, url);
      if (!price) throw new Error(`no price for search result ${chunk[i]!.id}`);
      return {
        url,
        title: meta.title ?? url,
        image: meta.image,
        imageAlt: meta.image_alt,
        ref: meta.ref ?? '',
        price: price.price,
        prices: price.prices,
        was: price.was,
        stock: Number(price.stock),
      };
    });
  }
}

/** The price sheets loaded so far (decision 0015); a failed one is not kept, the next search tries again. */
const sheets = new Map<string, Promise<PriceSheet>>();

function sheet(name: string): Promise<PriceSheet> {
  return kept(sheets, name, async () => {
    const url = priceSheetUrl(name);
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return parsePriceSheet(await r.json());
  });
}

/** `f()` kept in `map` under `key`, called on its first use; a failure is not kept (the next use tries again). */
function kept<T>(map: Map<string, Promise<T>>, key: string, f: () => Promise<T>): Promise<T> {
  let p = map.get(key);
  if (!p) {
    const mine = f();
    map.set(key, mine);
    mine.catch(() => map.get(key) === mine && map.delete(key));
    p = mine;
  }
  return p;
}

/** `f` called once, on first use; a failure is not kept (the next use tries again). */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () =>
    (p ??= f().catch((e: unknown) => {
      p = undefined;
      throw e;
    }));
}

/** Up to 100 content hits, grouped by parent folder. */
export async function searchContents(term: string): Promise<{ folder: string; items: ContentHit[] }[]> {
  const pf = await loadPagefind();
  const r = await pf.search(escapeQuery(term), { filters: { type: 'content' } });
  const hits = keepScored(r?.results ?? []).slice(0, CONTENT_FETCH);
  const data = await Promise.all(hits.map((h) => h.data()));
  return groupByFolder(data.map(({ url, meta }) => ({ url, title: meta.title ?? url, folder: meta.folder ?? '' })));
}
