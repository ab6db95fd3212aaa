/** The state of one search (dropdown or results page): products by chunks, facets, contents. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetIndex, searchContents, searchProducts, type ContentHit, type ProductHit, type ProductSearch } from './engine.ts';
import { formatCount, isSearchable } from './rules.ts';
import { m } from '../../i18n/generated/messages.js';

export type Status = 'idle' | 'short' | 'loading' | 'done' | 'error';

export interface SearchState {
  status: Status;
  /** The term these results are for. */
  term: string;
  total: number;
  facets: Record<string, number>;
  items: ProductHit[];
  contents: { folder: string; items: ContentHit[] }[];
  category: string | null;
  hasMore: boolean;
  /** Loading the next chunk failed (twice): the list ends in the error and a button that loads it. */
  moreFailed: boolean;
}

const EMPTY: SearchState = { status: 'idle', term: '', total: 0, facets: {}, items: [], contents: [], category: null, hasMore: false, moreFailed: false };

/** Runs `term` (already debounced by the caller) and exposes loadMore and the category pick. */
export function useSearch(term: string, dropdown: boolean) {
  const [state, setState] = useState<SearchState>(EMPTY);
  // The category is picked for a term: a new term starts at 'All' (spec), in the same render (no
  // search of the new term with the old category first).
  const [picked, setPicked] = useState<{ term: string; category: string | null }>({ term, category: null });
  const category = picked.term === term ? picked.category : null;
  const setCategory = useCallback((c: string | null) => setPicked({ term, category: c }), [term]);
  // The search shown, and how many of its hits are loaded (the next chunk starts there).
  const current = useRef<{ search?: ProductSearch; loaded: number; seq: number; busy: boolean }>({ loaded: 0, seq: 0, busy: false });
  // A search that failed runs again when asked (retry), though its term did not change.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  // The search (term, category, place) that failed and was run once more by itself.
  const retriedOnce = useRef('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is what a retry changes
  useEffect(() => {
    const seq = ++current.current.seq;
    current.current.search = undefined;
    if (!term.trim()) return setState(EMPTY);
    if (!isSearchable(term)) return setState({ ...EMPTY, status: 'short' });
    setState((s) => ({ ...s, status: 'loading', category, moreFailed: false }));
    // For scripts/bench/search.ts: from the end of the debounce to the first results on screen.
    performance.mark('search:start', { detail: term });
    const stale = () => seq !== current.current.seq;
    const key = `${term}\n${category ?? ''}\n${dropdown}`;
    (async () => {
      // Contents (for 'All' only) are searched alongside the products. Products show as soon as
      // they are there; without any, the answer waits for the contents, so 'no results' is never
      // said for a term that finds only contents.
      const contentsSearch = category === null ? searchContents(term) : null;
      contentsSearch?.catch(() => undefined); // awaited below, unless a newer term came first
      const search = await searchProducts(term, category);
      if (stale()) return;
      const items = await search.next(0, dropdown);
      const early = search.total === 0 && contentsSearch ? await contentsSearch : null;
      // The results page shows the facets above the results on a phone: they come with the first
      // results, or the results would move down when the facets arrive (a layout shift). The
      // dropdown shows its results at once and the counts when they are there.
      const pageFacets = dropdown ? undefined : await search.facetsLater?.();
      if (stale()) return;
      const first = pageFacets ?? search.facets;
      // The next chunk (loadMore) follows these, not a list still shown from before.
      current.current.search = search;
      current.current.loaded = items.length;
      setState((s) => ({
        status: 'done',
        term,
        total: search.total,
        facets: category === null ? first : { ...s.facets, ...first },
        items,
        contents: early ?? (category === null ? [] : s.contents),
        category,
        hasMore: items.length < search.total,
        moreFailed: false,
      }));
      const facets = pageFacets ? undefined : await search.facetsLater?.();
      if (facets && !stale()) setState((s) => ({ ...s, facets: category === null ? facets : { ...s.facets, ...facets } }));
      if (contentsSearch && !early) {
        const contents = await contentsSearch;
        if (!stale()) setState((s) => ({ ...s, contents }));
      }
      retriedOnce.current = '';
    })().catch(async (error: unknown) => {
      console.error('search', error);
      // A newer search runs: it answers (or fails, and comes here) with the index as it is.
      if (stale()) return;
      // The index may be one a deploy has replaced since the page loaded it: the search runs once
      // more on the index as the site has it now, and only a second failure is shown.
      await forgetIndex();
      if (stale()) return;
      if (retriedOnce.current !== key) {
        retriedOnce.current = key;
        return setAttempt((a) => a + 1);
      }
      setState({ ...EMPTY, status: 'error' });
    });
  }, [term, category, dropdown, attempt]);

  useEffect(() => {
    if (state.status === 'done') performance.mark('search:results', { detail: { term: state.term, total: state.total } });
  }, [state.status, state.total, state.term]);

  const loadMore = useCallback(async () => {
    const c = current.current;
    const shown = c.search;
    if (!shown || c.busy || c.loaded >= shown.total) return;
    const seq = c.seq;
    const stale = () => seq !== c.seq;
    c.busy = true;
    // The next chunk of `search` after what is shown; a hit already shown is not shown twice.
    const more = async (search: ProductSearch) => {
      const hits = await search.next(c.loaded, dropdown);
      if (stale()) return;
      c.search = search;
      const loaded = (c.loaded += hits.length);
      setState((s) => {
        const seen = new Set(s.items.map((h) => h.url));
        const items = [...s.items, ...hits.filter((h) => !seen.has(h.url))];
        return { ...s, items, total: search.total, hasMore: loaded < search.total, moreFailed: false };
      });
    };
    try {
      await more(shown).catch(async (error: unknown) => {
        console.error('search', error);
        if (stale()) return;
        // As for a search (above): the index may be one a deploy has replaced. The list goes on
        // from the index as the site has it now; only a second failure is shown.
        await forgetIndex();
        if (!stale()) await more(await searchProducts(shown.term, shown.category));
      });
    } catch (error) {
      console.error('search', error);
      if (!stale()) setState((s) => ({ ...s, moreFailed: true }));
    } finally {
      c.busy = false;
    }
  }, [dropdown]);

  return { state, category, setCategory, loadMore, retry };
}

/** The status line of the box and the results page (hint, loading, error, none, count); '' otherwise. */
export function statusText(state: SearchState): string {
  switch (state.status) {
    case 'short':
      return m.search_hint();
    case 'error':
      return m.search_error();
    case 'loading':
      return m.search_loading();
    case 'done':
      return state.total === 0 && !state.contents.length ? m.search_none() : m.search_count({ count: formatCount(state.total) });
    default:
      return '';
  }
}
