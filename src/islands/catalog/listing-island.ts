/**
 * The listing engine in the browser (loaded by listing.ts on the first interaction): loads the
 * listing's JSON, then sorts, filters and pages, keeping the state in the URL (pushState; the
 * back button restores it). Any failure shows the fallback message and leaves the
 * server-rendered HTML in place.
 */
import {
  cardsHtml,
  defaultState,
  filtersHtml,
  listingInMode,
  pagerHtml,
  parseState,
  productsText,
  queryListing,
  sortHtml,
  stateFromForm,
  stateToSearch,
  type ListingData,
  type ListingState,
  type ListingTexts,
} from '../../catalog/listing-engine.ts';
import type { MoneyFormat } from '../../catalog/prices.ts';
import { countryId, excludeVAT } from '../../stores/country.ts';
import { priceChoice } from '../prices.ts';
import { listingTexts } from './texts.ts';

interface Config {
  json: string;
  base: string;
  money: MoneyFormat;
}

export interface ListingHandlers {
  change(target: HTMLInputElement | HTMLSelectElement): Promise<void>;
  submit(): Promise<void>;
  click(el: Element): Promise<void>;
  restore(): Promise<void>;
}

export function create(form: HTMLFormElement): ListingHandlers {
  const { json, symbol = '€', format } = form.dataset;
  const config: Config & { texts: ListingTexts } = {
    json: json!,
    base: form.getAttribute('action')!,
    money: { symbol, format, locale: document.documentElement.lang },
    texts: listingTexts(symbol),
  };
  const $ = <T extends Element>(sel: string) => form.querySelector(sel) as T;
  const collator = new Intl.Collator(document.documentElement.lang || undefined, { numeric: true, sensitivity: 'base' });
  const data = fetch(config.json).then((r) => {
    if (!r.ok) throw new Error(`${config.json}: ${r.status}`);
    return r.json() as Promise<ListingData>;
  });
  data.catch(() => undefined);

  let priced: { key: string; data: ListingData } | undefined;
  const inCurrentMode = (raw: ListingData) => {
    const choice = priceChoice();
    const key = `${choice.country}|${choice.excludeVAT}`;
    if (priced?.key !== key) priced = { key, data: listingInMode(raw, choice.country, choice.excludeVAT) };
    return priced.data;
  };
  let rendered = false;

  const render = async (state: ListingState, focusId?: string, scroll = false) => {
    try {
      const d = inCurrentMode(await data);
      const r = queryListing(d, state, collator);
      $<HTMLElement>('.cards').innerHTML = cardsHtml(r.items, d, config.texts, config.money, 2);
      $<HTMLElement>('.listing-count').textContent = productsText(config.texts, r.total);
      $<HTMLElement>('.listing-empty').hidden = r.total > 0;
      $<HTMLElement>('.listing-sort').innerHTML = sortHtml(state, config.texts);
      $<HTMLElement>('.facets').innerHTML = filtersHtml(r, state, config.texts, config.base);
      $<HTMLElement>('.listing-pager').innerHTML = pagerHtml(r, state, config.base, config.texts);
      form.dataset.state = stateToSearch(state) || '?';
      rendered = true;
      if (focusId) (document.getElementById(focusId) as HTMLElement | null)?.focus();
      if (scroll) form.scrollIntoView({ block: 'start' });
    } catch (error) {
      console.error('listing island failed', error);
      $<HTMLElement>('.listing-error').hidden = false;
    }
  };

  const go = (state: ListingState, focusId?: string, scroll = false) => {
    const search = stateToSearch(state);
    if (search !== location.search) history.pushState({ listing: true }, '', config.base + search + location.hash);
    return render(state, focusId, scroll);
  };
  const current = () => parseState(location.search);
  // A new country or VAT mode can change the order and the price filter's result: query again.
  const repriced = () => {
    if (rendered) void render(current());
  };
  countryId.listen(repriced);
  excludeVAT.listen(repriced);
  const fromForm = (): ListingState => ({ ...stateFromForm(new FormData(form)), page: 1, more: 0 });

  return {
    change: (target) => go(fromForm(), target.id),
    submit: () => go(fromForm(), (document.activeElement as HTMLElement | null)?.id),
    click: (el) => {
      const state = current();
      if (el.matches('button[data-more]')) return go({ ...state, more: state.more + 1 });
      if (el.matches('a[data-reset]')) return go({ ...defaultState(), sort: state.sort });
      return go({ ...state, page: Number((el as HTMLElement).dataset.page), more: 0 }, undefined, true);
    },
    restore: () => render(current()),
  };
}
