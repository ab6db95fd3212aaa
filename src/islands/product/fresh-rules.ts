/**
 * Fresh data on the product page (issue 6 item 7): the rules, framework-free and unit-tested.
 *
 * The build froze each variant's price and stock; the shop API's GET /api/products/{id}
 * (contract: src/api/contract/order.ts ProductResponse) answers the current ones for a country and
 * VAT mode, taxed by the server with the same price module. Spec §9 says "Refetch timing short 60
 * and long 30 seconds; cache 300 seconds". Our reading:
 *  - cache: an answer is kept 300 s in sessionStorage per product and mode, so the next page of
 *    the same product (a variant, the back button, a reload) shows it at once;
 *  - short: while the page is visible it asks again every 60 s;
 *  - long: on page load and when the shopper comes back to the tab, it asks only when the answer
 *    it has is older than 30 s (a quick tab switch costs no request).
 * The newer answer wins: what counts is when a request was sent, not when its answer arrived. A
 * failing or malformed answer changes nothing.
 */
// First: no eval probe in the browser (the shops' CSP), before any schema below is made.
import '../../api/contract/zod-csp.ts';
import * as z from 'zod/mini';
import { toCents, shownPrice, type ShownPrice } from '../../catalog/prices.ts';

export const FRESH_CACHE_S = 300;
export const REFETCH_EVERY_S = 60;
export const STALE_AFTER_S = 30;

/** ENDPOINTS.product of the contract (a test keeps them equal; the table itself would pull every schema of the contract into the page). */
export const PRODUCT_PATH = '/api/products/:id';

/**
 * The part of ProductResponse this page uses (about 6 kB compressed with zod/mini, instead of the
 * whole contract and the API client before any interaction). tests/unit/prices/fresh-contract.test.ts checks
 * that it accepts what the contract accepts and rejects what it rejects in these fields.
 */
const Money = z.number().check(z.refine(Number.isFinite));
export const FreshVariant = z.object({
  id: z.int(),
  quantity: z.int(),
  is_promo: z.boolean(),
  taxed_price: Money,
  taxed_promo_price: Money,
  list_price: z.nullable(Money),
});
export type FreshVariant = z.infer<typeof FreshVariant>;
export const FreshAnswer = z.object({ status_code: z.literal(200), data: z.object({ id: z.int(), variants: z.array(FreshVariant) }) });
export type FreshAnswer = z.infer<typeof FreshAnswer>;
/** What sessionStorage keeps: when the request was sent (ms) and the answer's data. */
export const FreshCacheEntry = z.object({ at: z.number(), data: FreshAnswer.shape.data });
export type FreshCacheEntry = z.infer<typeof FreshCacheEntry>;

export function productUrl(productId: number, countryId: number, vatExcluded: boolean): string {
  return `${PRODUCT_PATH.replace(':id', encodeURIComponent(String(productId)))}?country_id=${countryId}&vat_excluded=${vatExcluded}`;
}

export const cacheKey = (productId: number, mode: string) => `fresh:product:${productId}:${mode}`;

/** A cached answer is used for 300 s after its request (never one from the future: a changed clock). */
export function cacheUsable(entry: { at: number } | null | undefined, now: number): boolean {
  return !!entry && entry.at <= now && now - entry.at < FRESH_CACHE_S * 1000;
}

/**
 * Whether to ask the API: on the 60 s timer always (the caller runs it only while the page is
 * visible); on load and on return to the tab when the last answer is 30 s old or more, or missing.
 */
export function shouldFetch(reason: 'load' | 'visible' | 'timer', lastAt: number | null, now: number): boolean {
  if (reason === 'timer') return true;
  return lastAt === null || lastAt > now || now - lastAt >= STALE_AFTER_S * 1000;
}

/** The newer answer wins: one is applied only when its request was sent after the applied one's. */
export function isNewer(requestedAt: number, appliedAt: number | null | undefined): boolean {
  return appliedAt === null || appliedAt === undefined || requestedAt > appliedAt;
}

/** A variant's fresh price in cents, struck-through by the same rule as the build's (spec §5). */
export function freshShown(v: FreshVariant): ShownPrice {
  return shownPrice({ price: toCents(v.taxed_price), promoPrice: toCents(v.taxed_promo_price), listPrice: v.list_price === null ? null : toCents(v.list_price) }, v.is_promo);
}

/** Add to cart is possible with stock and a price. */
export const sellable = (quantity: number, price: number) => quantity > 0 && price > 0;
