/**
 * The listing engine's texts in the browser, from the compiled messages (the i18n integration
 * makes island bundles single-language, so only these strings of the shop's language ship; the
 * page does not have to carry them). The build renders the first page with this same mapping
 * (components/catalog/texts.ts).
 */
import { m } from '../../i18n/generated/messages.js';
import type { ListingTexts } from '../../catalog/listing-engine.ts';

export const listingTexts = (symbol: string): ListingTexts => ({
  inStock: m.catalog_inStock(),
  outOfStock: m.catalog_outOfStock(),
  priceOnRequest: m.catalog_priceOnRequest(),
  sale: m.catalog_sale(),
  isNew: m.catalog_new(),
  products: m.products({ n: '{n}' }),
  page: m.catalog_page(),
  previous: m.catalog_previous(),
  next: m.catalog_next(),
  loadMore: m.catalog_loadMore(),
  pagination: m.catalog_pagination(),
  noResults: m.catalog_noResults(),
  was: m.catalog_was(),
  sortBy: m.catalog_sortBy(),
  sorts: { sales: m.catalog_sortSales(), 'price-asc': m.catalog_sortPriceAsc(), 'price-desc': m.catalog_sortPriceDesc(), new: m.catalog_sortNew(), name: m.catalog_sortName() },
  filters: m.catalog_filters(),
  subcategories: m.categories(),
  brands: m.catalog_brands(),
  availability: m.catalog_availability(),
  onlyInStock: m.catalog_onlyInStock(),
  price: m.catalog_price(),
  priceFrom: m.catalog_priceFrom({ symbol }),
  priceTo: m.catalog_priceTo({ symbol }),
  apply: m.catalog_apply(),
  reset: m.catalog_reset(),
  addToCart: m.catalog_addToCart(),
});
