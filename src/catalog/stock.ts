/**
 * Spec §9 stock display, the one rule of the build (product page, listings), the product page's
 * fresh data and the search results: out of stock at 0 or less, the exact count below 10.
 */
export const LOW_STOCK_BELOW = 10;

export type StockLevel = 'in' | 'low' | 'out';

export function stockLevel(quantity: number): StockLevel {
  return quantity <= 0 ? 'out' : quantity < LOW_STOCK_BELOW ? 'low' : 'in';
}
