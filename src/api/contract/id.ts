/**
 * Spec §5: ids are whole numbers > 0. The one rule for an id that arrives as a number or as
 * decimal digits (a stored value, a query parameter, a path parameter). Zod-free, so the lean
 * browser stores can use it without the contract's zod; the contract's `IdInput` (common.ts)
 * accepts exactly what this accepts (tests/unit/contract/id.test.ts).
 */
export function positiveId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
