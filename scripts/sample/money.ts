/**
 * Money as Thelia stores it: DECIMAL(16,6). Amounts are held as integer micro-units (BigInt) and
 * written as 6-decimal strings. No floating point ever touches a price.
 */

const SCALE = 1_000_000n;

/** "12.5" -> 12500000n; accepts up to 6 decimals. */
export function parseDecimal(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const value = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -value : value;
}

/** 12500000n -> "12.500000" */
export function formatDecimal(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const text = `${abs / SCALE}.${(abs % SCALE).toString().padStart(6, '0')}`;
  return negative ? `-${text}` : text;
}

/** Integer division rounding half away from zero (for non-negative operands: half up). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const q = numerator / denominator;
  const r = numerator % denominator;
  if (r * 2n >= denominator) return q + 1n;
  if (r * 2n <= -denominator) return q - 1n;
  return q;
}

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
  return divRound(micros * parseDecimal(rate), SCALE);
}

/** micros x percent / 100, e.g. a discount or a list-price markup. */
export function percentOf(micros: bigint, percent: number): bigint {
  return divRound(micros * BigInt(percent), 100n);
}
