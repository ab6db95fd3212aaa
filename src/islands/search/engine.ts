/**
 * The search engine in the browser: Pagefind's own JS and wasm (/pagefind/pagefind.js, written by
 * src/integrations/search-index.ts), loaded on the first search, never before.
 */
import { CONTENT_FETCH, chunkEnd, escapeQuery, groupByFolder, keepScored } from './rules.ts';

interface PagefindHit {
  id: string;
  score: number;
  data: () => Promise<{ url: string; meta: Record<string, string> }>;
}
interface PagefindResponse {
  results: PagefindHit[];
  unfilteredResultCount: number;
  filters: Record<string, Record<string, number>>;
  totalFilters: Record<string, Record<string, number>>;
}
interface Pagefind {
  options: (o: object) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string, o?: object) => Promise<PagefindResponse | null>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  preload: (term: string, o?: object) => Promise<void>;
}

let loading: Promise<Pagefind> | undefined;
let filtersReady: Promise<void> | undefined;
let filtersLoaded = false;

export function loadPagefind(): Promise<Pagefind> {
  return (loading ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pf.options({ baseUrl: '/' });
    await pf.init();
    // The filter indexes load in the background: the first results do not wait for them, the
    // category counts come once they are there (see ProductSearch.facetsLater).
    filtersReady = pf.filters().then(() => {
      filtersLoaded = true;
    });
    return pf;
  })().catch((e: unknown) => {
    loading = undefined;
    throw e;
  }));
}

/**
 * While the debounce runs: loads Pagefind and the index chunks of the words typed so far, so the
 * search after the pause finds them in memory. Errors are left to the search itself.
 */
export function preloadTerm(term: string): void {
  loadPagefind()
    .then((pf) => pf.preload(escapeQuery(term), { filters: { type: 'product' } }))
    .catch(() => {});
}

export interface ProductHit {
  url: string;
  title: string;
  image?: string;
  imageAlt?: string;
  ref: string;
  price: string;
  prices?: string;
  net?: string;
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
  facetsLater?: Promise<Record<string, number>>;
  /** Loads the hits from `loaded` up to the next chunk end. */
  next: (loaded: number, dropdown: boolean) => Promise<ProductHit[]>;
}

export async function searchProducts(term: string, category: string | null): Promise<ProductSearch> {
  const pf = await loadPagefind();
  const query = escapeQuery(term);
  const filters = { type: 'product', ...(category ? { category } : {}) };
  const ready = filtersLoaded;
  const r = await pf.search(query, { filters });
  const hits = keepScored(r?.results ?? []);
  const facets = r?.totalFilters?.category ?? r?.filters?.category;
  return {
    term,
    category,
    total: hits.length,
    facets: facets ?? {},
    facetsLater:
      ready
        ? undefined
        : filtersReady?.then(async () => (await pf.search(query, { filters }))?.totalFilters?.category ?? {}),
    next: async (loaded, dropdown) => {
      const end = chunkEnd(loaded, hits.length, dropdown);
      const data = await Promise.all(hits.slice(loaded, end).map((h) => h.data()));
      return data.map(({ url, meta }) => ({
        url,
        title: meta.title ?? url,
        image: meta.image,
        imageAlt: meta.image_alt,
        ref: meta.ref ?? '',
        price: meta.price ?? '0',
        prices: meta.prices,
        net: meta.net,
        was: meta.was,
        stock: Number(meta.stock ?? 0),
      }));
    },
  };
}

/** Up to 100 content hits, grouped by parent folder. */
export async function searchContents(term: string): Promise<{ folder: string; items: ContentHit[] }[]> {
  const pf = await loadPagefind();
  const r = await pf.search(escapeQuery(term), { filters: { type: 'content' } });
  const hits = keepScored(r?.results ?? []).slice(0, CONTENT_FETCH);
  const data = await Promise.all(hits.map((h) => h.data()));
  return groupByFolder(data.map(({ url, meta }) => ({ url, title: meta.title ?? url, folder: meta.folder ?? '' })));
}
