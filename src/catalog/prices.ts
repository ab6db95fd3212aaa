/**
 * Money: the one place where prices are computed, for the build, the islands and the shop API.
 *
 * Amounts from the export are decimal strings (6 decimals, tax excluded). They are parsed into
 * integer micro-units (BigInt) so that taxes and currency rates never go through floats; results
 * are integer cents (a plain number), rounded half-up once, at the end.
 */
import type { Tax, TaxRule } from './export-schema.ts';
import { divRound, mul, percentOf, toMicros } from './decimal.ts';

export { toMicros } from './decimal.ts';

/** Micro-units to whole cents, halves away from zero. */
export function microsToCents(micros: bigint): number {
  return Number(divRound(micros, 10_000n));
}

/** The taxes of a rule for a country (state rows win when the state has any), in position order. */
export function taxesFor(rule: TaxRule | undefined, countryId: number, stateId: number | null = null): Tax[] {
  if (!rule) return [];
  const forCountry = rule.countries.filter((c) => c.countryId === countryId);
  const forState = stateId === null ? [] : forCountry.filter((c) => c.stateId === stateId);
  const rows = forState.length ? forState : forCountry.filter((c) => c.stateId === null);
  return rows.flatMap((r) => r.taxes).sort((a, b) => a.position - b.position);
}

/**
 * Thelia's TaxEngine: taxes at the same position share one base and are summed; when the
 * position changes, the running total becomes the new base, so later positions compound.
 */
export function applyTaxes(netMicros: bigint, taxes: readonly Tax[]): bigint {
  let total = netMicros;
  let i = 0;
  while (i < taxes.length) {
    const position = taxes[i]!.position;
    const base = total;
    while (i < taxes.length && taxes[i]!.position === position) {
      const tax = taxes[i]!;
      total += tax.type === 'percent' ? percentOf(base, toMicros(tax.percent)) : toMicros(tax.amount);
      i++;
    }
  }
  return total;
}

export interface PriceContext {
  /** Taxes to apply (from taxesFor); empty when VAT is excluded or the category is zero-rated. */
  taxes: readonly Tax[];
  /** Currency rate relative to the currency the amounts are in, as a decimal string. Default 1. */
  rate?: string;
}

/** Gross (or net, with no taxes) price in cents of a tax-excluded decimal amount. */
export function priceCents(netDecimal: string, ctx: PriceContext): number {
  let micros = applyTaxes(toMicros(netDecimal), ctx.taxes);
  if (ctx.rate && ctx.rate !== '1' && ctx.rate !== '1.000000') micros = mul(micros, toMicros(ctx.rate));
  return microsToCents(micros);
}

/** The VAT percentage a country's standard rule applies (the sum of percent taxes), for labels. */
export function vatPercent(taxes: readonly Tax[]): number {
  return taxes.reduce((sum, t) => (t.type === 'percent' ? sum + Number(t.percent) : sum), 0);
}

export interface ShownPrice {
  /** What the shopper pays, in cents. */
  price: number;
  /** The struck-through price in cents, or null. */
  crossedOut: number | null;
}

/** Spec §5: a list price is struck through only when it exceeds the price by more than 0.01. */
export const CROSSED_OUT_MIN_DIFFERENCE_CENTS = 1;
/** Spec §5 and §9: without a usable list price, the "was" price assumed for promotions is 1.16 x price. */
export const FALLBACK_LIST_FACTOR = 1.16;

/**
 * The price to show and the one to strike through. `promo` marks a variant on sale: it shows the
 * promo price against the regular price (or the higher list price), and falls back to
 * 1.16 x price when neither exceeds the price by more than 0.01.
 */
export function shownPrice(cents: { price: number; promoPrice: number; listPrice?: number | null }, promo: boolean): ShownPrice {
  const price = promo ? cents.promoPrice : cents.price;
  const candidates = [cents.listPrice ?? 0, promo ? cents.price : 0];
  const best = Math.max(...candidates);
  if (best - price > CROSSED_OUT_MIN_DIFFERENCE_CENTS) return { price, crossedOut: best };
  if (promo && price > 0) return { price, crossedOut: Math.round(price * FALLBACK_LIST_FACTOR) };
  return { price, crossedOut: null };
}

/** Spec §3/§9: a product shows only with a non-zero price or list price. */
export function isSellable(cents: { price: number; promoPrice: number; listPrice?: number | null }, promo: boolean): boolean {
  return (promo ? cents.promoPrice : cents.price) > 0 || (cents.listPrice ?? 0) > 0;
}

/** Spec §9: total = goods + shipment - discount, never below zero. */
export function orderTotal(goods: number, shipment: number, discount: number): number {
  return Math.max(0, goods + shipment - discount);
}

export interface MoneyFormat {
  symbol: string;
  /** Thelia's currency format: %n the number, %s the symbol. */
  format?: string;
  /** BCP 47 locale for separators, e.g. de-DE. */
  locale: string;
}

/**
 * The two directions between the shop API's money (a number in the currency, 2 decimals: 16.53)
 * and whole cents (1653), the unit every price rule here works in. The only names for them:
 * `toCents` where an API amount comes in (the browser), `fromCents` where one goes out (the server).
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Whole cents (1653) as the shop API's amount in the currency (16.53). */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Group and decimal separators of the shops' locales, as Intl writes them (a unit test holds each
 * to Intl.NumberFormat). Amounts in these locales are formatted without Intl: a page's first Intl
 * formatter loads ICU's data, 20-45 ms of main thread (80-180 ms on a slow phone), on the first
 * render of the cart, the checkout and the search results. Any other locale goes through Intl.
 */
export const MONEY_SEPARATORS: Readonly<Record<string, readonly [group: string, decimal: string]>> = {
  'de-DE': ['.', ','],
  'de-AT': ['\u00a0', ','],
  'ro-RO': ['.', ','],
};

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Whole cents as the amount with two decimals in the locale: 123456 -> "1.234,56" (de-DE). */
export function formatAmount(cents: number, locale: string): string {
  const separators = MONEY_SEPARATORS[locale];
  if (!separators) {
    let nf = numberFormats.get(locale);
    // One formatter per locale: building one costs more than formatting (a build formats millions of prices).
    if (!nf) numberFormats.set(locale, (nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
    return nf.format(cents / 100);
  }
  const whole = Math.round(Math.abs(cents));
  const units = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, separators[0]);
  return `${cents < 0 && whole > 0 ? '-' : ''}${units}${separators[1]}${String(whole % 100).padStart(2, '0')}`;
}

/** 1250 -> "12,50 €" (de-DE). Two decimals always. */
export function formatMoney(cents: number, { symbol, format = '%n %s', locale }: MoneyFormat): string {
  const number = formatAmount(cents, locale);
  return format.replace('%n', number).replace('%s', symbol);
}

/**
 * A coupon's discount in cents on a goods value (cents): a percentage of the goods (half-up) or a
 * fixed amount (a decimal string in the currency), never more than the goods themselves.
 */
export function couponDiscountCents(goodsCents: number, coupon: { type: 'percent' | 'amount'; amount: string }): number {
  if (goodsCents <= 0) return 0;
  const discount = coupon.type === 'percent' ? microsToCents(percentOf(BigInt(goodsCents) * 10_000n, toMicros(coupon.amount))) : microsToCents(toMicros(coupon.amount));
  return Math.min(goodsCents, Math.max(0, discount));
}

// --- Price modes: what a price is in each country of the shop and net (spec §6, §9) -------------

/**
 * A price mode: a shop country's id (its VAT applies) or NET_MODE (VAT excluded: a company buying
 * without VAT). The build computes a price in every mode of its shop; the browser picks one.
 */
export const NET_MODE = 'n';

/** [price, crossed-out price or 0] in cents, in one mode. */
export type ModePrice = [price: number, crossedOut: number];

/** Spec §6: products in a zero-VAT category (categories_0_vat) carry no VAT in the flagged country. */
export function isZeroRated(categoryIds: readonly number[], zeroVatCategories: readonly number[]): boolean {
  return categoryIds.some((id) => zeroVatCategories.includes(id));
}

/** The countries a shop prices in: its default country first (what the static HTML shows), then the header's others. */
export function modeCountries(shop: { countryId: number; countries: readonly { id: number }[] }): number[] {
  return [shop.countryId, ...shop.countries.map((c) => c.id).filter((id) => id !== shop.countryId)];
}

/**
 * The taxes of each mode for a product, in the shop's country order (the default country first),
 * then net: a country's taxes by the product's rule, none in the flagged country when the product
 * is zero-rated there, none for net.
 */
export function modeTaxes(rule: TaxRule | undefined, countryIds: readonly number[], zeroRatedIn: number | null): [mode: string, taxes: Tax[]][] {
  return [...countryIds.map((c): [string, Tax[]] => [String(c), c === zeroRatedIn ? [] : taxesFor(rule, c)]), [NET_MODE, []]];
}

export interface NetPrices {
  price: string;
  promoPrice: string;
  listPrice?: string;
}

/**
 * A variant's shown prices in every mode, compact for HTML attributes and JSON:
 * "5:11900:13999,13:12000:14100,n:10000:11765" (mode:price[:crossed-out]). Each mode's crossed-out
 * price follows the spec §5 rule on that mode's own amounts (shownPrice), so repricing never
 * changes which prices are struck through, only their amounts.
 */
export function encodeModes(net: NetPrices, promo: boolean, modes: readonly (readonly [string, readonly Tax[]])[], rate?: string): string {
  return modes
    .map(([mode, taxes]) => {
      const ctx = { taxes, rate };
      const s = shownPrice(
        { price: priceCents(net.price, ctx), promoPrice: priceCents(net.promoPrice, ctx), listPrice: net.listPrice === undefined ? null : priceCents(net.listPrice, ctx) },
        promo,
      );
      return s.crossedOut ? `${mode}:${s.price}:${s.crossedOut}` : `${mode}:${s.price}`;
    })
    .join(',');
}

/** The modes of an encoded price, in their order; malformed parts are left out. */
export function decodeModes(text: string | null | undefined): Map<string, ModePrice> {
  const out = new Map<string, ModePrice>();
  for (const part of (text ?? '').split(',')) {
    const [mode, price, crossed = '0'] = part.split(':');
    const p = Number(price);
    const x = Number(crossed);
    if (mode && price && Number.isSafeInteger(p) && p >= 0 && Number.isSafeInteger(x) && x >= 0) out.set(mode, [p, x]);
  }
  return out;
}

/**
 * The mode a shopper sees: net when VAT is excluded (excludeVAT 'true'), else the selected
 * country when the price has it, else the first mode (the shop's default country).
 */
export function pickMode(available: { has(mode: string): boolean; keys(): Iterable<string> }, countryId: string | null | undefined, excludeVAT: boolean): string | undefined {
  if (excludeVAT && available.has(NET_MODE)) return NET_MODE;
  if (countryId && available.has(countryId)) return countryId;
  for (const mode of available.keys()) return mode;
  return undefined;
}

/** The price and crossed-out price (null for none) an encoded price shows in a country and VAT mode; null when there is none. */
export function pickPrice(encoded: string | null | undefined, countryId: string | null | undefined, excludeVAT: boolean): ShownPrice | null {
  const modes = decodeModes(encoded);
  const mode = pickMode(modes, countryId, excludeVAT);
  const m = mode === undefined ? undefined : modes.get(mode);
  return m ? { price: m[0], crossedOut: m[1] > 0 ? m[1] : null } : null;
}

/** The encoded price with one mode's amounts replaced (fresh data from the shop API). */
export function replaceMode(encoded: string, mode: string, shown: ShownPrice): string {
  const modes = decodeModes(encoded);
  modes.set(mode, [shown.price, shown.crossedOut ?? 0]);
  return [...modes].map(([m, [p, x]]) => (x ? `${m}:${p}:${x}` : `${m}:${p}`)).join(',');
}
