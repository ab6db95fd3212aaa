/**
 * What the dropdown and the results page share: the category facet sidebar (All resets), the
 * product results (image, title, price, stock, linked to the friendly URL), the content links
 * grouped by parent folder (collapsible, 5 shown), and the infinite-scroll sentinel.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { m } from '../../i18n/generated/messages.js';
import { formatMoney, type MoneyFormat } from '../../catalog/prices.ts';
import { stockLevel } from '../../catalog/stock.ts';
import { countryId, excludeVAT } from '../../stores/country.ts';
import { CONTENT_SHOWN, SCROLL_THRESHOLD_PX, categoryFacets, highlight, priceFor } from './rules.ts';
import type { ContentHit, ProductHit } from './engine.ts';
import type { SearchState } from './useSearch.ts';

export function Marked({ text, term }: { text: string; term: string }) {
  return <>{highlight(text, term).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

export function Facets({ facets, category, onPick }: { facets: Record<string, number>; category: string | null; onPick: (c: string | null) => void }) {
  const list = categoryFacets(facets);
  if (!list.length) return null;
  return (
    <nav className="search-facets" aria-label={m.categories()}>
      <h2 className="search-facets__title">{m.categories()}</h2>
      <ul>
        <li>
          <button type="button" className="search-facet" aria-pressed={category === null} onClick={() => onPick(null)} data-facet="">
            {m.search_all()}
          </button>
        </li>
        {list.map((f) => (
          <li key={f.value} style={{ paddingInlineStart: `${f.depth * 0.75}rem` }}>
            <button type="button" className="search-facet" aria-pressed={category === f.value} onClick={() => onPick(f.value)} data-facet={f.value}>
              {f.label} <span className="search-facet__count">({f.count})</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The stock state (spec §9: below 10 the exact count). */
function Stock({ n }: { n: number }) {
  const level = stockLevel(n);
  if (level === 'out') return <span className="search-hit__stock search-hit__stock--out">{m.catalog_outOfStock()}</span>;
  if (level === 'low') return <span className="search-hit__stock search-hit__stock--low">{m.catalog_lowStockN({ n })}</span>;
  return <span className="search-hit__stock">{m.catalog_inStock()}</span>;
}

export function usePrice(money: MoneyFormat) {
  const country = useStore(countryId);
  const exVat = useStore(excludeVAT) === 'true';
  return (hit: ProductHit) => formatMoney(priceFor(hit, country || undefined, exVat), money);
}

export function HitBody({ hit, term, price }: { hit: ProductHit; term: string; price: string }) {
  return (
    <>
      {hit.image ? <img className="search-hit__img" src={hit.image} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <span className="search-hit__img" />}
      <span className="search-hit__text">
        <span className="search-hit__title">
          <Marked text={hit.title} term={term} />
        </span>
        <span className="search-hit__meta">
          <span className="search-hit__price">{price}</span> <Stock n={hit.stock} />
        </span>
      </span>
    </>
  );
}

export function ContentGroups({ groups, term }: { groups: { folder: string; items: ContentHit[] }[]; term: string }) {
  if (!groups.length) return null;
  return (
    <section className="search-contents" aria-label={m.search_contents()}>
      <h2 className="search-contents__title">{m.search_contents()}</h2>
      {groups.map((g) => (
        <ContentGroup key={g.folder} folder={g.folder} items={g.items} term={term} />
      ))}
    </section>
  );
}

function ContentGroup({ folder, items, term }: { folder: string; items: ContentHit[]; term: string }) {
  const [open, setOpen] = useState(true);
  const [all, setAll] = useState(false);
  const id = `search-folder-${folder.replace(/[^\p{L}\p{N}]+/gu, '-')}`;
  const shown = all ? items : items.slice(0, CONTENT_SHOWN);
  return (
    <div className="search-folder">
      <button type="button" className="search-folder__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {folder || m.search_contents()} <span className="search-facet__count">({items.length})</span>
      </button>
      <div id={id} hidden={!open}>
        <ul>
          {shown.map((c) => (
            <li key={c.url}>
              <a href={c.url}>
                <Marked text={c.title} term={term} />
              </a>
            </li>
          ))}
        </ul>
        {items.length > CONTENT_SHOWN && (
          <button type="button" className="search-folder__more" onClick={() => setAll((a) => !a)}>
            {all ? m.search_less() : m.search_more({ n: items.length - CONTENT_SHOWN })}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The end of a list with more results: the infinite-scroll sentinel; after a chunk failed to load
 * (src/islands/search/useSearch.ts), the search's error (announced) and a button that loads it.
 */
export function More({ state, onMore, root }: { state: SearchState; onMore: () => void; root?: () => Element | null }): ReactNode {
  if (!state.hasMore) return null;
  if (!state.moreFailed) return <Sentinel onNear={onMore} root={root} watch={state.items.length} />;
  return (
    <p className="search-more-failed" role="alert">
      {m.search_error()}{' '}
      <button type="button" className="search-folder__more" onClick={onMore}>
        {m.search_moreRetry()}
      </button>
    </p>
  );
}

/** Calls onNear when the sentinel comes within 1500 px of the end of `root` (or the viewport). */
function Sentinel({ onNear, root, watch }: { onNear: () => void; root?: () => Element | null; watch: unknown }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const near = useRef(onNear);
  near.current = onNear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watch` re-arms the observer when the list grows
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Near: within 1500 px below, or already scrolled past: the huge top margin makes a fast
    // scroll that jumps over the 1500 px band count too (it would not change the intersection).
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near.current(), {
      root: root?.() ?? null,
      rootMargin: `100000px 0px ${SCROLL_THRESHOLD_PX}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [watch, root]);
  return <div ref={ref} className="search-sentinel" aria-hidden="true" />;
}
