/**
 * The live search box in the header slot (issue 7, spec §2 Live search, §4, §5, §9).
 *
 * Server-rendered as a plain search form; hydrated on the first interaction with it
 * (client:interaction), so none of this code loads before. Pagefind's JS and wasm load when the
 * box gets the focus; the search of what is typed runs during the 300 ms pause and is shown after
 * it (src/islands/search/engine.ts). An ARIA combobox: the input owns a listbox of products (arrow keys move,
 * Enter opens the active product, Escape closes); without an active option Enter submits the
 * form, which src/islands/chrome.ts sends to /search/{term}. The result count is announced in a
 * polite live region. Outside click closes; the page's scroll is locked while open.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import type { MoneyFormat } from '../../catalog/prices.ts';
import { DEBOUNCE_MS, cleanTerm, formatCount, searchPath } from './rules.ts';
import { prepareSearch, warmUp } from './engine.ts';
import { statusText, useSearch } from './useSearch.ts';
import { ContentGroups, Facets, HitBody, More, usePrice } from './Results.tsx';
import { withBoundary } from '../IslandBoundary.tsx';

interface Props {
  label: string;
  placeholder: string;
  submitLabel: string;
  money: MoneyFormat;
}

const LIST_ID = 'search-listbox';
const optionId = (i: number) => `search-option-${i}`;

function SearchBoxIsland({ label, placeholder, submitLabel, money }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { state, category, setCategory, loadMore, retry } = useSearch(term, true);
  const price = usePrice(money);

  // Whatever was typed before hydration counts (the input is uncontrolled). The focus that
  // hydrated the island came before React listened: Pagefind starts loading now.
  useEffect(() => {
    const focused = document.activeElement === input.current;
    if (focused) warmUp();
    const value = input.current?.value ?? '';
    if (value) {
      // Debounced like any typing (below).
      setText(value);
      setOpen(focused);
      prepareSearch(value);
    }
  }, []);

  // Debounce: 300 ms after the last keystroke. After a failed search, typing again searches
  // again, even when the text comes back to the same term (cleared and typed anew).
  const typed = useRef(text);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing retries, not the error itself
  useEffect(() => {
    const next = cleanTerm(text);
    const retyped = typed.current !== text;
    typed.current = text;
    if (next === term && !(retyped && state.status === 'error')) return;
    const timer = setTimeout(() => (next === term ? retry() : setTerm(next)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, term]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new term or category resets the active option
  useEffect(() => setActive(-1), [term, category]);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  // Outside click closes; scroll locked while open.
  const visible = open && text.trim() !== '';
  useEffect(() => {
    if (!visible) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    document.documentElement.classList.add('scroll-locked');
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.documentElement.classList.remove('scroll-locked');
    };
  }, [visible, close]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const n = state.items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!n) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a < 0 ? (step > 0 ? 0 : n - 1) : (a + step + n) % n));
      if (e.key === 'ArrowDown' && active === n - 2 && state.hasMore) void loadMore();
    } else if (e.key === 'Escape') {
      if (visible) {
        e.preventDefault();
        close();
      }
    } else if (e.key === 'Enter') {
      const hit = visible && active >= 0 ? state.items[active] : undefined;
      if (hit) {
        e.preventDefault();
        location.href = hit.url;
      }
      // Otherwise the form submits: /search/{term} (src/islands/chrome.ts).
    }
  };

  const status = statusText(state);
  const expanded = visible && state.status !== 'idle';
  const panelRoot = useCallback(() => panel.current, []);

  return (
    <div className="search-box" ref={root}>
      <form className="search-form" role="search" action="/search" data-search-form>
        <label className="visually-hidden" htmlFor="site-search">
          {label}
        </label>
        <input
          ref={input}
          id="site-search"
          name="q"
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LIST_ID}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby="search-status"
          onInput={(e) => {
            setText(e.currentTarget.value);
            setOpen(true);
            // The search of the latest text runs while the debounce runs; it is shown after it.
            prepareSearch(e.currentTarget.value);
          }}
          onFocus={() => {
            setOpen(true);
            warmUp();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="icon-button" aria-label={submitLabel}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      <p id="search-status" className="visually-hidden" role="status" aria-live="polite">
        {visible ? status : ''}
      </p>
      <div className="search-dropdown" ref={panel} hidden={!expanded} data-search-dropdown>
        <p className="search-dropdown__status" data-search-status>
          {status}
        </p>
        {
          <div className="search-dropdown__body" hidden={state.status !== 'done'}>
            <Facets facets={state.facets} category={category} onPick={setCategory} />
            <div className="search-dropdown__main">
              <ul id={LIST_ID} role="listbox" aria-label={m.search_products()} className="search-hits">
                {state.items.map((hit, i) => (
                  <li
                    key={hit.url}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className="search-hit"
                    data-url={hit.url}
                    onPointerDown={(e) => e.preventDefault()}
                    onClick={() => (location.href = hit.url)}
                  >
                    <HitBody hit={hit} term={term} price={price(hit)} />
                  </li>
                ))}
              </ul>
              <More state={state} onMore={loadMore} root={panelRoot} />
              <ContentGroups groups={state.contents} term={term} />
              {state.total > 0 && (
                <a className="search-dropdown__all" href={searchPath(term)}>
                  {m.search_showAll()} ({formatCount(state.total)})
                </a>
              )}
            </div>
          </div>
        }
      </div>
    </div>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(SearchBoxIsland, { samePerShop: true });
