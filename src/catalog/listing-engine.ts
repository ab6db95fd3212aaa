/**
 * The listing engine, shared by the build (first page as HTML) and the browser island (sorting,
 * filtering, paging): one static JSON file per listing (`/listing-data/<key>.json`, written by
 * src/pages/listing-data/[key].json.ts) holds every product of the listing with what it sorts and
 * filters on; `queryListing` answers a state (sort, filters, page) with the page's items and the
 * facet counts. No server is needed. Pure code: no Node or DOM APIs.
 */
import { formatMoney, pickPrice, type MoneyFormat } from './prices.ts';
import { positiveId } from '../api/contract/id.ts';

export const PAGE_SIZE = 24;
export const SORTS = ['sales', 'price-asc', 'price-desc', 'new', 'name'] as const;
export type Sort = (typeof SORTS)[number];

/** One product of a listing (short keys: the file is fetched by the browser). */
export interface ListingItem {
  id: number;
  /** title */
  t: string;
  /** url */
  u: string;
  /** index into `imgs`, or -1 */
  i: number;
  /** price in cents */
  p: number;
  /** crossed-out price in cents, 0 for none */
  x: number;
  /** sales count (spec: sales_view_quantity, the default order) */
  s: number;
  /** created, days since 1970 */
  c: number;
  /** 1 = in stock */
  a: 0 | 1;
  /** brand id, 0 for none */
  b: number;
  /** subcategory ids of the listing this product is in */
  k: number[];
  /** indices into `fv`: the feature values this product has */
  f: number[];
  /** 1 = on promotion, 2 = new, 3 = both */
  g: number;
  /** the only variant's id of a product without variants (its card has an add-to-cart button) */
  v?: number;
  /** quantity step, when above 1 */
  q?: number;
  /** the price in every country and VAT mode of the shop (prices.ts encodeModes); `p` and `x` are its first mode's */
  m?: string;
}

export interface ListingData {
  v: 1;
  key: string;
  items: ListingItem[];
  /** [id, title] */
  brands: [number, string][];
  /** [id, title] */
  subs: [number, string][];
  /** [featureId, title] */
  feats: [number, string][];
  /** [index into feats, value] */
  fv: [number, string][];
  /** [src, srcset, width, height, alt] */
  imgs: [string, string, number, number, string][];
}

export interface ListingState {
  sort: Sort;
  cat: number[];
  brand: number[];
  stock: boolean;
  /** euros (whole), null for open */
  min: number | null;
  max: number | null;
  /** "featureId:value" */
  feat: string[];
  page: number;
  /** pages loaded after `page` with "load more" */
  more: number;
}

export const defaultState = (): ListingState => ({ sort: 'sales', cat: [], brand: [], stock: false, min: null, max: null, feat: [], page: 1, more: 0 });

const ids = (v: string | null) =>
  v
    ? v
        .split(',')
        .map(positiveId)
        .filter((n) => n !== null)
    : [];
const euros = (v: string | null) => (v && /^\d{1,7}$/.test(v) ? Number(v) : null);
const positive = (v: string | null, d: number) => (v && /^\d{1,5}$/.test(v) && Number(v) >= 1 ? Number(v) : d);

export function parseState(search: string): ListingState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort') as Sort | null;
  return {
    sort: sort && SORTS.includes(sort) ? sort : 'sales',
    cat: ids(q.get('cat')),
    brand: ids(q.get('brand')),
    stock: q.get('stock') === '1',
    min: euros(q.get('min')),
    max: euros(q.get('max')),
    feat: q.getAll('feat').filter((f) => /^\d+:.+/.test(f)),
    page: positive(q.get('page'), 1),
    more: positive(q.get('more'), 0),
  };
}

/** The query string of a state ("" for the default one), in a fixed order so URLs compare. */
export function stateToSearch(s: ListingState): string {
  const q = new URLSearchParams();
  if (s.sort !== 'sales') q.set('sort', s.sort);
  if (s.cat.length) q.set('cat', [...s.cat].sort((a, b) => a - b).join(','));
  if (s.brand.length) q.set('brand', [...s.brand].sort((a, b) => a - b).join(','));
  if (s.stock) q.set('stock', '1');
  if (s.min !== null) q.set('min', String(s.min));
  if (s.max !== null) q.set('max', String(s.max));
  for (const f of [...s.feat].sort()) q.append('feat', f);
  if (s.page > 1) q.set('page', String(s.page));
  if (s.more > 0) q.set('more', String(s.more));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export interface FacetCount {
  id: number;
  title: string;
  count: number;
  selected: boolean;
}

export interface ListingResult {
  total: number;
  pages: number;
  /** the items to show: page `page` and the `more` pages after it */
  items: ListingItem[];
  /** index of the first shown item in the whole result */
  offset: number;
  subs: FacetCount[];
  brands: FacetCount[];
  feats: { id: number; title: string; values: { key: string; title: string; count: number; selected: boolean }[] }[];
  inStock: number;
  /** price bounds (euros) of the result without the price filter */
  priceMin: number;
  priceMax: number;
}

/**
 * The listing in a country and VAT mode: each item's `p` and `x` become what it shows there (its
 * `m`), so sorting by price and the price filter go by the prices the shopper sees.
 */
export function listingInMode(data: ListingData, countryId: string, excludeVAT: boolean): ListingData {
  return {
    ...data,
    items: data.items.map((it) => {
      const shown = it.m ? pickPrice(it.m, countryId, excludeVAT) : null;
      return shown ? { ...it, p: shown.price, x: shown.crossedOut ?? 0 } : it;
    }),
  };
}

type Dim = 'cat' | 'brand' | 'stock' | 'price' | `f${number}`;

export function queryListing(data: ListingData, state: ListingState, collator?: Intl.Collator): ListingResult {
  const featOf = (fvIndex: number) => data.fv[fvIndex]![0];
  const wanted = new Map<number, Set<string>>();
  for (const f of state.feat) {
    const [fid, ...rest] = f.split(':');
    const featIndex = data.feats.findIndex(([id]) => id === Number(fid));
    if (featIndex < 0) continue;
    if (!wanted.has(featIndex)) wanted.set(featIndex, new Set());
    wanted.get(featIndex)!.add(rest.join(':'));
  }
  const cat = new Set(state.cat);
  const brand = new Set(state.brand);
  const minC = state.min === null ? null : state.min * 100;
  const maxC = state.max === null ? null : state.max * 100 + 99;
  const passes = (it: ListingItem, except?: Dim): boolean => {
    if (except !== 'cat' && cat.size && !it.k.some((k) => cat.has(k))) return false;
    if (except !== 'brand' && brand.size && !brand.has(it.b)) return false;
    if (except !== 'stock' && state.stock && !it.a) return false;
    if (except !== 'price' && ((minC !== null && it.p < minC) || (maxC !== null && it.p > maxC))) return false;
    for (const [featIndex, values] of wanted) {
      if (except === `f${featIndex}`) continue;
      if (!it.f.some((v) => featOf(v) === featIndex && values.has(data.fv[v]![1]))) return false;
    }
    return true;
  };

  const result = data.items.filter((it) => passes(it));
  const byName = collator ?? new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const tie = (a: ListingItem, b: ListingItem) => b.s - a.s || a.id - b.id;
  const order: Record<Sort, (a: ListingItem, b: ListingItem) => number> = {
    sales: tie,
    'price-asc': (a, b) => a.p - b.p || tie(a, b),
    'price-desc': (a, b) => b.p - a.p || tie(a, b),
    new: (a, b) => b.c - a.c || b.id - a.id,
    name: (a, b) => byName.compare(a.t, b.t) || a.id - b.id,
  };
  result.sort(order[state.sort]);

  const count = (except: Dim, has: (it: ListingItem) => boolean) => {
    let n = 0;
    for (const it of data.items) if (has(it) && passes(it, except)) n++;
    return n;
  };
  const countBy = (except: Dim, keysOf: (it: ListingItem) => Iterable<number>) => {
    const counts = new Map<number, number>();
    for (const it of data.items) {
      if (!passes(it, except)) continue;
      for (const k of keysOf(it)) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return counts;
  };
  const subCounts = countBy('cat', (it) => it.k);
  const brandCounts = countBy('brand', (it) => (it.b ? [it.b] : []));
  const feats = data.feats.map(([id, title], featIndex) => {
    const counts = countBy(`f${featIndex}`, (it) => it.f.filter((v) => featOf(v) === featIndex));
    const values = data.fv
      .map(([fi, value], v) => ({ fi, value, v }))
      .filter(({ fi }) => fi === featIndex)
      .map(({ value, v }) => ({ key: `${id}:${value}`, title: value, count: counts.get(v) ?? 0, selected: wanted.get(featIndex)?.has(value) ?? false }));
    return { id, title, values };
  });
  let priceMin = Infinity;
  let priceMax = 0;
  for (const it of data.items) {
    if (!passes(it, 'price')) continue;
    priceMin = Math.min(priceMin, it.p);
    priceMax = Math.max(priceMax, it.p);
  }

  const pages = Math.max(1, Math.ceil(result.length / PAGE_SIZE));
  const page = Math.min(state.page, pages);
  const offset = (page - 1) * PAGE_SIZE;
  return {
    total: result.length,
    pages,
    items: result.slice(offset, offset + PAGE_SIZE * (1 + state.more)),
    offset,
    subs: data.subs.map(([id, title]) => ({ id, title, count: subCounts.get(id) ?? 0, selected: cat.has(id) })),
    brands: data.brands.map(([id, title]) => ({ id, title, count: brandCounts.get(id) ?? 0, selected: brand.has(id) })),
    feats,
    inStock: count('stock', (it) => it.a === 1),
    priceMin: priceMin === Infinity ? 0 : Math.floor(priceMin / 100),
    priceMax: Math.ceil(priceMax / 100),
  };
}

// --- HTML, the same on the build and in the browser ---------------------------------------------

export interface ListingTexts {
  inStock: string;
  outOfStock: string;
  priceOnRequest: string;
  sale: string;
  isNew: string;
  /** "{n} products" */
  products: string;
  page: string;
  previous: string;
  next: string;
  loadMore: string;
  pagination: string;
  noResults: string;
  was: string;
  sortBy: string;
  sorts: Record<Sort, string>;
  filters: string;
  subcategories: string;
  brands: string;
  availability: string;
  onlyInStock: string;
  price: string;
  priceFrom: string;
  priceTo: string;
  apply: string;
  reset: string;
  addToCart: string;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

export const CARD_SIZES = '(min-width: 1152px) 240px, (min-width: 640px) 30vw, 50vw';

/** A product card. `eager` for the first row (above the fold on a phone). */
export function cardHtml(it: ListingItem, data: Pick<ListingData, 'imgs'>, texts: ListingTexts, money: MoneyFormat, eager = false, priority = false): string {
  const img = it.i >= 0 ? data.imgs[it.i] : undefined;
  const picture = img
    ? `<img src="${esc(img[0])}"${img[1] ? ` srcset="${esc(img[1])}" sizes="${CARD_SIZES}"` : ''} width="${img[2]}" height="${img[3]}" alt="${esc(img[4])}"${eager ? '' : ' loading="lazy"'}${priority ? ' fetchpriority="high"' : ''} decoding="async">`
    : '<span class="card-noimg" aria-hidden="true"></span>';
  const badges = [it.g & 1 ? `<span class="badge badge-sale">${esc(texts.sale)}</span>` : '', it.g & 2 ? `<span class="badge badge-new">${esc(texts.isNew)}</span>` : ''].join('');
  const price = it.p > 0 ? formatMoney(it.p, money) : texts.priceOnRequest;
  const was = it.x > 0 ? ` <s data-was><span class="visually-hidden">${esc(texts.was)} </span>${formatMoney(it.x, money)}</s>` : '';
  return (
    `<li class="card" data-id="${it.id}"><a class="card-link" href="${esc(it.u)}"><span class="card-img">${picture}${badges}</span>` +
    `<span class="card-title">${esc(it.t)}</span></a>` +
    `<p class="card-price${it.x > 0 ? ' is-sale' : ''}"${it.m ? ` data-pm="${esc(it.m)}"` : ''}><span data-price>${esc(price)}</span>${was}</p>` +
    `<p class="card-stock ${it.a ? 'is-in' : 'is-out'}">${esc(it.a ? texts.inStock : texts.outOfStock)}</p>${cartButton(it, texts)}</li>`
  );
}

/** Products without variants add to the cart from their card (sold-out and price-on-request ones do not). */
function cartButton(it: ListingItem, texts: ListingTexts): string {
  if (!it.v || !it.a || it.p <= 0) return '';
  return `<button type="button" class="add-to-cart card-cart" data-add-to-cart data-product-id="${it.id}" data-pse-id="${it.v}" data-step="${it.q ?? 1}"><span data-cart-label>${esc(texts.addToCart)}</span><span class="visually-hidden">: ${esc(it.t)}</span></button>`;
}

/** Cards; the first `eagerCount` load at once, and the very first is the page's main image when `priority`. */
export function cardsHtml(items: ListingItem[], data: Pick<ListingData, 'imgs'>, texts: ListingTexts, money: MoneyFormat, eagerCount = 2, priority = false): string {
  return items.map((it, i) => cardHtml(it, data, texts, money, i < eagerCount, priority && i === 0)).join('');
}

/** Numbered pages with previous/next; links carry the state so they work when shared. */
export function pagerHtml(result: ListingResult, state: ListingState, basePath: string, texts: ListingTexts): string {
  const current = Math.floor(result.offset / PAGE_SIZE) + 1;
  const last = current + state.more;
  const link = (page: number) => `${esc(basePath)}${esc(stateToSearch({ ...state, page, more: 0 }))}`;
  const parts: string[] = [];
  if (current > 1) parts.push(`<a class="pager-prev" href="${link(current - 1)}" data-page="${current - 1}" rel="prev">${esc(texts.previous)}</a>`);
  const shown = new Set([1, result.pages, current, current - 1, current + 1, last, last + 1].filter((p) => p >= 1 && p <= result.pages));
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous > 1) parts.push('<span class="pager-gap">…</span>');
    const isCurrent = p >= current && p <= last;
    parts.push(
      isCurrent
        ? `<a href="${link(p)}" aria-current="page" data-page="${p}" aria-label="${esc(texts.page)} ${p}">${p}</a>`
        : `<a href="${link(p)}" data-page="${p}" aria-label="${esc(texts.page)} ${p}">${p}</a>`,
    );
    previous = p;
  }
  if (last < result.pages) parts.push(`<a class="pager-next" href="${link(last + 1)}" data-page="${last + 1}" rel="next">${esc(texts.next)}</a>`);
  const more = last < result.pages ? `<button type="button" class="load-more" data-more>${esc(texts.loadMore)}</button>` : '';
  return result.pages > 1 ? `${more}<nav class="pager" aria-label="${esc(texts.pagination)}">${parts.join('')}</nav>` : '';
}

export const productsText = (texts: ListingTexts, n: number) => texts.products.replace('{n}', String(n));

export function sortHtml(state: ListingState, texts: ListingTexts): string {
  return (
    `<label for="listing-sort">${esc(texts.sortBy)}</label><select id="listing-sort" name="sort">` +
    SORTS.map((s) => `<option value="${s}"${s === state.sort ? ' selected' : ''}>${esc(texts.sorts[s])}</option>`).join('') +
    '</select>'
  );
}

/** The filters; options without matches are disabled (unless selected). */
export function filtersHtml(result: ListingResult, state: ListingState, texts: ListingTexts, basePath: string): string {
  const check = (name: string, value: string, id: string, title: string, count: number, selected: boolean) =>
    `<li><input type="checkbox" name="${name}" value="${esc(value)}" id="${id}"${selected ? ' checked' : ''}${count === 0 && !selected ? ' disabled' : ''}>` +
    `<label for="${id}">${esc(title)} <span class="count">(${count})</span></label></li>`;
  const group = (title: string, body: string, open = true) => `<details class="facet"${open ? ' open' : ''}><summary>${esc(title)}</summary><ul>${body}</ul></details>`;
  const parts: string[] = [];
  const subs = result.subs.filter((s) => s.count > 0 || s.selected);
  if (subs.length > 1) parts.push(group(texts.subcategories, subs.map((s) => check('cat', String(s.id), `f-cat-${s.id}`, s.title, s.count, s.selected)).join('')));
  const brands = result.brands.filter((b) => b.count > 0 || b.selected);
  if (brands.length > 1) parts.push(group(texts.brands, brands.map((b) => check('brand', String(b.id), `f-brand-${b.id}`, b.title, b.count, b.selected)).join('')));
  parts.push(group(texts.availability, check('stock', '1', 'f-stock', texts.onlyInStock, result.inStock, state.stock)));
  parts.push(
    `<details class="facet" open><summary>${esc(texts.price)}</summary><div class="price-range">` +
      `<label for="f-min">${esc(texts.priceFrom)}</label><input type="number" inputmode="numeric" min="0" step="1" name="min" id="f-min" value="${state.min ?? ''}" placeholder="${result.priceMin}">` +
      `<label for="f-max">${esc(texts.priceTo)}</label><input type="number" inputmode="numeric" min="0" step="1" name="max" id="f-max" value="${state.max ?? ''}" placeholder="${result.priceMax}">` +
      `<button type="submit" class="button-secondary">${esc(texts.apply)}</button></div></details>`,
  );
  result.feats.forEach((f) => {
    const values = f.values.filter((v) => v.count > 0 || v.selected);
    if (values.length < 2) return;
    parts.push(
      group(
        f.title,
        values.map((v, i) => check('feat', v.key, `f-feat-${f.id}-${i}`, v.title, v.count, v.selected)).join(''),
        values.some((v) => v.selected),
      ),
    );
  });
  const filtered = state.cat.length || state.brand.length || state.stock || state.min !== null || state.max !== null || state.feat.length;
  if (filtered) parts.push(`<p><a class="reset" href="${esc(basePath)}${state.sort !== 'sales' ? `?sort=${state.sort}` : ''}" data-reset>${esc(texts.reset)}</a></p>`);
  return parts.join('');
}

/** The state a submitted filter form describes (page back to 1). */
export function stateFromForm(form: { getAll(name: string): unknown[]; get(name: string): unknown }): ListingState {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const q = new URLSearchParams();
  for (const name of ['sort', 'min', 'max']) if (str(form.get(name))) q.set(name, str(form.get(name)));
  for (const name of ['cat', 'brand']) {
    const values = form.getAll(name).map(str).filter(Boolean);
    if (values.length) q.set(name, values.join(','));
  }
  if (str(form.get('stock')) === '1') q.set('stock', '1');
  for (const f of form.getAll('feat').map(str).filter(Boolean)) q.append('feat', f);
  return parseState(q.toString());
}

/** The first card's image, for a preload hint (the listing's main image). */
export function firstCardImage(data: Pick<ListingData, 'items' | 'imgs'>): { src: string; srcset: string; sizes: string } | undefined {
  const first = data.items[0];
  const img = first && first.i >= 0 ? data.imgs[first.i] : undefined;
  return img ? { src: img[0], srcset: img[1], sizes: CARD_SIZES } : undefined;
}
