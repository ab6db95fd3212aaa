/** The listing engine's texts in the shop's language (they travel to the island as JSON). */
import type { ListingTexts } from '../../catalog/listing-engine.ts';
import { shop, t } from '../../shops/current.ts';

export function listingTexts(): ListingTexts {
  return {
    inStock: t.catalog_inStock,
    outOfStock: t.catalog_outOfStock,
    priceOnRequest: t.catalog_priceOnRequest,
    sale: t.catalog_sale,
    isNew: t.catalog_new,
    products: t.catalog_productsN({ n: '{n}' }),
    page: t.catalog_page,
    previous: t.catalog_previous,
    next: t.catalog_next,
    loadMore: t.catalog_loadMore,
    pagination: t.catalog_pagination,
    noResults: t.catalog_noResults,
    was: t.catalog_was,
    sortBy: t.catalog_sortBy,
    sorts: { sales: t.catalog_sortSales, 'price-asc': t.catalog_sortPriceAsc, 'price-desc': t.catalog_sortPriceDesc, new: t.catalog_sortNew, name: t.catalog_sortName },
    filters: t.catalog_filters,
    subcategories: t.catalog_subcategories,
    brands: t.catalog_brands,
    availability: t.catalog_availability,
    onlyInStock: t.catalog_onlyInStock,
    price: t.catalog_price,
    priceFrom: t.catalog_priceFrom({ symbol: shop.currency.symbol }),
    priceTo: t.catalog_priceTo({ symbol: shop.currency.symbol }),
    apply: t.catalog_apply,
    reset: t.catalog_reset,
    addToCart: t.catalog_addToCart,
  };
}

export const moneyFormat = { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang };
