/**
 * The results page /search/{term} (issue 7): one static shell (src/pages/search.astro) for every
 * term, reached by a rewrite; the term comes from the URL and is put into the header's box.
 * Same facets as the dropdown; products 6 at a time, the next chunk loaded when the end comes
 * within 1500 px.
 */
import { useEffect, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import type { MoneyFormat } from '../../catalog/prices.ts';
import { termFromPath } from './rules.ts';
import { statusText, useSearch } from './useSearch.ts';
import { ContentGroups, Facets, HitBody, More, usePrice } from './Results.tsx';
import { withBoundary } from '../IslandBoundary.tsx';
import './results.scss';

function SearchPageIsland({ money, siteName }: { money: MoneyFormat; siteName: string }) {
  const [term, setTerm] = useState<string | null>(null);
  useEffect(() => {
    const t = termFromPath(location.pathname);
    setTerm(t);
    const box = document.getElementById('site-search') as HTMLInputElement | null;
    if (box && !box.value) box.value = t;
    if (t) document.title = `${m.search_title({ term: t })} | ${siteName}`;
  }, [siteName]);
  const { state, category, setCategory, loadMore } = useSearch(term ?? '', false);
  const price = usePrice(money);

  const status = statusText(state) || (state.status === 'idle' && term === '' ? m.search_empty() : '');

  return (
    <div className="search-page container">
      <h1>{term ? m.search_title({ term }) : m.search_pageTitle()}</h1>
      <p className="search-page__status" role="status" aria-live="polite" data-search-status>
        {status}
      </p>
      <div className="search-page__body">
        <Facets facets={state.facets} category={category} onPick={setCategory} />
        <div className="search-page__main">
          {state.items.length > 0 && (
            <ul className="search-hits search-hits--page" aria-label={m.search_products()}>
              {state.items.map((hit) => (
                <li key={hit.url} className="search-hit">
                  <a href={hit.url} className="search-hit__link">
                    <HitBody hit={hit} term={term ?? ''} price={price(hit)} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <More state={state} onMore={loadMore} />
          <ContentGroups groups={state.contents} term={term ?? ''} />
        </div>
      </div>
    </div>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(SearchPageIsland);
