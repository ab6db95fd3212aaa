/**
 * Exact decimal arithmetic for money and rates, on BigInt at a fixed scale of 6 decimals
 * (Thelia's DECIMAL(16,6)): the one implementation the price module, the exporter and the sample
 * generator share. Floats never touch a price: MySQL hands DECIMAL columns over as strings, the
 * FLOAT currency rate is read through CAST(rate AS DECIMAL(20,6)).
 */
export const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);

/** Rounds a / b to the nearest integer, halves away from zero (PHP's and MySQL's ROUND). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const q = absA / absB;
  const r = absA % absB;
  const rounded = r * 2n >= absB ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/**
 * Parses "12.5", "-3", "20.000000", " 7 " (or a finite number) into units of 10^-6.
 * More than 6 decimals are rounded half away from zero. Returns null for anything else.
 */
export function parseDecimal(input: string | number | null | undefined): bigint | null {
  if (input === null || input === undefined) return null;
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = input.toFixed(SCALE + 2);
  } else {
    text = input.trim().replace(',', '.');
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const sign = m[1] === '-' ? -1n : 1n;
  const whole = BigInt(m[2] || '0');
  const frac = m[3] ?? '';
  const digits = frac.padEnd(SCALE + 1, '0');
  let units = whole * FACTOR + BigInt(digits.slice(0, SCALE));
  // the first dropped digit decides; anything after it only matters when it is exactly 5
  const dropped = digits.slice(SCALE);
  if (dropped.length && Number(dropped[0]) >= 5) units += 1n;
  return sign * units;
}

/** Formats units of 10^-6 as "12.500000". */
export function formatDecimal(units: bigint, decimals = SCALE): string {
  let value = units;
  if (decimals < SCALE) value = divRound(units, 10n ** BigInt(SCALE - decimals)) * 10n ** BigInt(SCALE - decimals);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(SCALE, '0').slice(0, decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? '.' + frac : ''}`;
}

/** a × b / c, each in units of 10^-6, rounded to 6 decimals. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  return divRound(a * b, c);
}

/** a × b in units of 10^-6, rounded to 6 decimals. */
export function mul(a: bigint, b: bigint): bigint {
  return divRound(a * b, FACTOR);
}

/** a × percent / 100, in units of 10^-6, rounded to 6 decimals. */
export function percentOf(a: bigint, percent: bigint): bigint {
  return divRound(a * percent, FACTOR * 100n);
}

/** Normalises a decimal text to 6 decimals ("20" -> "20.000000"); null if it is not a number. */
export function normalizeDecimal(input: string | number | null | undefined): string | null {
  const units = parseDecimal(input);
  return units === null ? null : formatDecimal(units);
}

/** Strict: "12.5" -> 12_500_000n for a plain decimal of at most 6 decimals, else it throws. */
export function toMicros(decimal: string): bigint {
  if (!/^-?\d+(\.\d{1,6})?$/.test(decimal.trim())) throw new Error(`not a decimal amount: "${decimal}"`);
  return parseDecimal(decimal)!;
}
