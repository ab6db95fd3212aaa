import { describe, expect, it } from 'vitest';
import {
  cardHtml,
  defaultState,
  filtersHtml,
  PAGE_SIZE,
  pagerHtml,
  parseState,
  queryListing,
  stateFromForm,
  stateToSearch,
  type ListingData,
  type ListingItem,
  type ListingTexts,
} from '../../../src/catalog/listing-engine.ts';

const item = (id: number, over: Partial<ListingItem> = {}): ListingItem => ({
  id,
  t: `Produkt ${id}`,
  u: `/p-${id}.html`,
  i: -1,
  p: id * 100,
  x: 0,
  s: 100 - id,
  c: 20000 + id,
  a: 1,
  b: 1,
  k: [10],
  f: [],
  g: 0,
  ...over,
});

const data: ListingData = {
  v: 1,
  key: 'c1',
  items: [
    item(1, { b: 1, k: [10], f: [0], a: 1 }),
    item(2, { b: 2, k: [11], f: [1], a: 0, t: 'Ähre' }),
    item(3, { b: 2, k: [10, 11], f: [0], p: 50 }),
    item(4, { b: 1, k: [11], f: [1], s: 500, t: 'zange' }),
    ...Array.from({ length: 50 }, (_, i) => item(100 + i, { b: 3, k: [12], s: 0 })),
  ],
  brands: [
    [1, 'Bosch'],
    [2, 'Makita'],
    [3, 'Stahlkante'],
  ],
  subs: [
    [10, 'Bohren'],
    [11, 'Sägen'],
    [12, 'Schrauben'],
  ],
  feats: [[7, 'Spannung']],
  fv: [
    [0, '12 V'],
    [0, '18 V'],
  ],
  imgs: [],
};

const texts = {
  inStock: 'Auf Lager',
  outOfStock: 'Nicht auf Lager',
  priceOnRequest: 'Preis auf Anfrage',
  sale: 'Angebot',
  isNew: 'Neu',
  products: '{n} Produkte',
  page: 'Seite',
  previous: 'Zurück',
  next: 'Weiter',
  loadMore: 'Mehr',
  pagination: 'Seiten',
  noResults: 'Keine',
  was: 'statt',
  sortBy: 'Sortieren',
  sorts: { sales: 'Beliebtheit', 'price-asc': 'Preis auf', 'price-desc': 'Preis ab', new: 'Neu', name: 'Name' },
  filters: 'Filter',
  subcategories: 'Kategorien',
  brands: 'Marken',
  availability: 'Verfügbarkeit',
  onlyInStock: 'Nur lieferbare',
  price: 'Preis',
  priceFrom: 'von',
  priceTo: 'bis',
  apply: 'OK',
  reset: 'Zurücksetzen',
  addToCart: 'In den Warenkorb',
} satisfies ListingTexts;
const money = { symbol: '€', format: '%n %s', locale: 'de-DE' };
const ids = (s: Partial<ReturnType<typeof defaultState>>) => queryListing(data, { ...defaultState(), ...s }).items.map((i) => i.id);

describe('the listing engine', () => {
  it('orders by sales count by default (spec: sales_view_quantity), then by id', () => {
    expect(ids({}).slice(0, 5)).toEqual([4, 1, 2, 3, 100]);
  });
  it('sorts by price up and down, newest and name', () => {
    expect(ids({ sort: 'price-asc' })[0]).toBe(3);
    expect(ids({ sort: 'price-desc' })[0]).toBe(149);
    expect(ids({ sort: 'new' })[0]).toBe(149);
    const byName = queryListing(data, { ...defaultState(), sort: 'name', brand: [1, 2] }, new Intl.Collator('de', { sensitivity: 'base', numeric: true })).items.map((i) => i.t);
    expect(byName[0]).toBe('Ähre');
    expect(byName.at(-1)).toBe('zange');
  });
  it('filters by subcategory, brand, availability, price range and feature, OR within and AND across', () => {
    expect(ids({ cat: [10] }).sort()).toEqual([1, 3]);
    expect(ids({ cat: [10, 11] }).sort()).toEqual([1, 2, 3, 4]);
    expect(ids({ brand: [2] }).sort()).toEqual([2, 3]);
    expect(ids({ brand: [2], stock: true })).toEqual([3]);
    expect(ids({ min: 1, max: 2 }).sort()).toEqual([1, 2]);
    expect(ids({ feat: ['7:18 V'] }).sort()).toEqual([2, 4]);
    expect(ids({ feat: ['7:18 V'], brand: [1] })).toEqual([4]);
  });
  it('counts each facet value under the other filters', () => {
    const r = queryListing(data, { ...defaultState(), brand: [2] });
    expect(r.total).toBe(2);
    expect(r.brands.map((b) => b.count)).toEqual([2, 2, 50]);
    expect(r.subs.map((s) => s.count)).toEqual([1, 2, 0]);
    expect(r.inStock).toBe(1);
    expect(r.feats[0]!.values.map((v) => v.count)).toEqual([1, 1]);
  });
  it('pages and loads more', () => {
    const all = queryListing(data, defaultState());
    expect(all.pages).toBe(3);
    expect(all.items).toHaveLength(PAGE_SIZE);
    expect(queryListing(data, { ...defaultState(), page: 3 }).items).toHaveLength(54 - 2 * PAGE_SIZE);
    expect(queryListing(data, { ...defaultState(), more: 1 }).items).toHaveLength(2 * PAGE_SIZE);
    expect(queryListing(data, { ...defaultState(), page: 99 }).offset).toBe(2 * PAGE_SIZE);
  });
  it('keeps the state in a stable query string and reads it back', () => {
    const s = { ...defaultState(), sort: 'price-desc' as const, brand: [3, 1], stock: true, min: 5, feat: ['7:18 V'], page: 2 };
    const q = stateToSearch(s);
    expect(q).toBe('?sort=price-desc&brand=1%2C3&stock=1&min=5&feat=7%3A18+V&page=2');
    expect(parseState(q)).toEqual({ ...s, brand: [1, 3] });
    expect(stateToSearch(defaultState())).toBe('');
    expect(parseState('?sort=evil&page=-1&min=abc&cat=1,x,2')).toEqual({ ...defaultState(), cat: [1, 2] });
  });
  it('reads a filter form', () => {
    const f = new URLSearchParams('sort=name&cat=10&cat=11&stock=1&min=&max=20&feat=7%3A12+V');
    expect(stateFromForm(f)).toEqual({ ...defaultState(), sort: 'name', cat: [10, 11], stock: true, max: 20, feat: ['7:12 V'] });
  });
  it('renders escaped cards with the crossed-out price and the stock text', () => {
    const html = cardHtml(item(5, { t: '<b>x</b>', x: 900, p: 500, a: 0, g: 1 }), data, texts, money);
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('5,00 €');
    expect(html).toMatch(/<s data-was>.*9,00 €<\/s>/);
    expect(html).toContain('Nicht auf Lager');
    expect(html).toContain('Angebot');
  });
  it('carries the price of every country and VAT mode for the browser to pick (data-pm)', () => {
    const html = cardHtml(item(5, { p: 1190, m: '5:1190,13:1200,n:1000' }), data, texts, money);
    expect(html).toMatch(/<p class="card-price" data-pm="5:1190,13:1200,n:1000"><span data-price>11,90 €<\/span><\/p>/);
    expect(cardHtml(item(5), data, texts, money)).not.toContain('data-pm');
  });
  it('gives the card of a product without variants an add-to-cart button (not when sold out or on request)', () => {
    const html = cardHtml(item(6, { t: 'Kabel', v: 61, q: 5 }), data, texts, money);
    expect(html).toMatch(/<button type="button" class="add-to-cart card-cart" data-add-to-cart data-product-id="6" data-pse-id="61" data-step="5">/);
    expect(html).toContain('<span data-cart-label>In den Warenkorb</span><span class="visually-hidden">: Kabel</span>');
    expect(cardHtml(item(6, { v: 61 }), data, texts, money)).toContain('data-step="1"');
    expect(cardHtml(item(6), data, texts, money)).not.toContain('data-add-to-cart');
    expect(cardHtml(item(6, { v: 61, a: 0 }), data, texts, money)).not.toContain('data-add-to-cart');
    expect(cardHtml(item(6, { v: 61, p: 0 }), data, texts, money)).not.toContain('data-add-to-cart');
  });
  it('renders pager links that carry the state, and the filters with counts', () => {
    const state = { ...defaultState(), brand: [3] };
    const r = queryListing(data, state);
    const pager = pagerHtml(r, state, '/c.html', texts);
    expect(pager).toContain('href="/c.html?brand=3&amp;page=2"');
    const filters = filtersHtml(r, state, texts, '/c.html');
    expect(filters).toContain('id="f-brand-3" checked');
    expect(filters).toContain('id="f-brand-1"');
    expect(filters).not.toContain('f-cat-10'); // a facet with one live value is left out
    expect(filters).toContain('data-reset');
  });
});
