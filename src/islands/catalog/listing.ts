/**
 * The listing island, framework-free (a few kB): it loads the listing's JSON on the first
 * interaction with the form (or at once when the URL holds a state), then sorts, filters and
 * pages in the browser, keeping the state in the URL (pushState; the back button restores it).
 * Any failure shows the fallback message and leaves the server-rendered HTML in place.
 */
import {
  cardsHtml, defaultState, filtersHtml, pagerHtml, parseState, productsText, queryListing, sortHtml, stateFromForm, stateToSearch,
  type ListingData, type ListingState, type ListingTexts,
} from '../../catalog/listing-engine.ts';
import type { MoneyFormat } from '../../catalog/prices.ts';

interface Config { json: string; base: string; texts: ListingTexts; money: MoneyFormat }

export function start(): void {
  const form = document.getElementById('listing') as HTMLFormElement | null;
  if (!form || form.dataset.ready) return;
  form.dataset.ready = '1';
  const config = JSON.parse(form.dataset.listing!) as Config;
  const $ = <T extends Element>(sel: string) => form.querySelector(sel) as T;
  const collator = new Intl.Collator(document.documentElement.lang || undefined, { numeric: true, sensitivity: 'base' });
  let data: Promise<ListingData> | undefined;
  const load = () =>
    (data ??= fetch(config.json).then((r) => {
      if (!r.ok) throw new Error(`${config.json}: ${r.status}`);
      return r.json() as Promise<ListingData>;
    }));

  const fail = (error: unknown) => {
    console.error('listing island failed', error);
    $<HTMLElement>('.listing-error').hidden = false;
  };

  const render = async (state: ListingState, focusId?: string, scroll = false) => {
    try {
      const d = await load();
      const r = queryListing(d, state, collator);
      const cards = $<HTMLElement>('.cards');
      cards.innerHTML = cardsHtml(r.items, d, config.texts, config.money, 2);
      $<HTMLElement>('.listing-count').textContent = productsText(config.texts, r.total);
      $<HTMLElement>('.listing-empty').hidden = r.total > 0;
      $<HTMLElement>('.listing-sort').innerHTML = sortHtml(state, config.texts);
      $<HTMLElement>('.facets').innerHTML = filtersHtml(r, state, config.texts, config.base);
      $<HTMLElement>('.listing-pager').innerHTML = pagerHtml(r, state, config.base, config.texts);
      form.dataset.state = stateToSearch(state) || '?';
      if (focusId) (document.getElementById(focusId) as HTMLElement | null)?.focus();
      if (scroll) form.scrollIntoView({ block: 'start' });
    } catch (error) {
      fail(error);
    }
  };

  const go = (state: ListingState, focusId?: string, scroll = false) => {
    const search = stateToSearch(state);
    if (search !== location.search) history.pushState({ listing: true }, '', config.base + search + location.hash);
    return render(state, focusId, scroll);
  };

  const current = () => parseState(location.search);
  const fromForm = () => {
    const s = stateFromForm(new FormData(form));
    return { ...s, page: 1, more: 0 };
  };

  form.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'min' || target.name === 'max') return; // applied on submit
    void go(fromForm(), target.id);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void go(fromForm(), (document.activeElement as HTMLElement | null)?.id);
  });
  form.addEventListener('click', (e) => {
    const el = (e.target as Element).closest('a[data-page], a[data-reset], button[data-more]');
    if (!el) return;
    e.preventDefault();
    const state = current();
    if (el.matches('button[data-more]')) void go({ ...state, more: state.more + 1 }, undefined);
    else if (el.matches('a[data-reset]')) void go({ ...defaultState(), sort: state.sort });
    else void go({ ...state, page: Number((el as HTMLElement).dataset.page), more: 0 }, undefined, true);
  });
  // Prefetch the data as soon as the shopper reaches for the controls.
  for (const type of ['pointerdown', 'focusin', 'touchstart']) form.addEventListener(type, () => void load().catch(fail), { once: true, passive: true });
  addEventListener('popstate', () => void render(current()));
  // A shared link or a reload with a state: show that state at once.
  if (location.search && stateToSearch(current()) !== '') void render(current());
}
