/**
 * Money as Thelia stores it: DECIMAL(16,6). Amounts are held as integer micro-units (BigInt) and
 * written as 6-decimal strings. No floating point ever touches a price.
 */

import { divRound, formatDecimal, toMicros } from '../../src/catalog/decimal.ts';

export { formatDecimal, toMicros as parseDecimal };
const SCALE = 1_000_000n;

/** Cents (integer) -> micros. */
export function centsToMicros(cents: number): bigint {
  return BigInt(cents) * 10_000n;
}

/** Tax-excluded price from a gross price and a percent given as integer percent (19 -> 19 %). */
export function netFromGross(grossMicros: bigint, percent: number): bigint {
  return divRound(grossMicros * 100n, BigInt(100 + percent));
}

/** Thelia's from_default_currency rule: price in the default currency x rate, kept at 6 decimals. */
export function convert(micros: bigint, rate: string): bigint {
  return divRound(micros * toMicros(rate), SCALE);
}

/** micros x percent / 100, e.g. a discount or a list-price markup. */
export function percentOf(micros: bigint, percent: number): bigint {
  return divRound(micros * BigInt(percent), 100n);
}
