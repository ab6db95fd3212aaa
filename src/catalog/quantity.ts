/**
 * The quantity step (spec §5), one rule for the browser (cart store, /cart page, product page)
 * and the shop API (cart add and update): a quantity is a multiple of the product's step; one in
 * between (or a fraction) goes up to the next multiple, anything unusable (not a number, zero or
 * less) to one step. `adjusted` says the shopper's number changed. Pure: no imports.
 */
export function stepQuantity(wanted: unknown, step: number = 1): { quantity: number; adjusted: boolean } {
  const s = Number.isSafeInteger(step) && step > 1 ? step : 1;
  const n = typeof wanted === 'number' ? wanted : Number(String(wanted ?? '').trim());
  if (!Number.isFinite(n) || n <= 0) return { quantity: s, adjusted: true };
  const quantity = Math.ceil(Math.ceil(n) / s) * s;
  return { quantity, adjusted: quantity !== n };
}
