/**
 * Currencies and Thelia's price rule (ProductSaleElements::getPricesByCurrency).
 *
 * Per variant and currency: the product_price row of that currency, unless it is missing or
 * flagged `from_default_currency = 1`; then the default currency's price × rate / default rate.
 * Rows flagged from_default_currency often hold stale numbers: they are never read.
 * The FLOAT rate is read as CAST(rate AS DECIMAL(20,6)) and everything after that is exact
 * decimal arithmetic, rounded half away from zero to 6 decimals.
 */
import type { Currency, Price } from '../../src/catalog/export-schema.ts';
import type { Db } from './db.ts';
import { EXIT, ExportFailure } from './errors.ts';
import { formatDecimal, mulDiv, parseDecimal } from '../../src/catalog/decimal.ts';
import type { Reporter } from './progress.ts';

export interface CurrencyInfo {
  id: number;
  code: string;
  /** Thelia's rate, as read (relative to Thelia's base, usually the default currency). */
  rate: bigint;
  isDefault: boolean;
}

export interface Currencies {
  list: CurrencyInfo[];
  default: CurrencyInfo;
  /** currencies.json */
  documents: Currency[];
}

interface CurrencyRow {
  id: number;
  code: string | null;
  symbol: string | null;
  format: string | null;
  rate: string | null;
  visible: number;
  by_default: number;
}

/** The visible currencies, and the default one even when hidden. */
export async function loadCurrencies(db: Db, report: Reporter): Promise<Currencies> {
  const rows = await db.query<CurrencyRow>(
    `SELECT id, code, symbol, format, CAST(rate AS DECIMAL(20,6)) AS rate, visible, by_default
     FROM currency WHERE visible = 1 OR by_default = 1 ORDER BY position, id`,
    [],
    'the currencies',
  );
  const defaultRow = rows.find((r) => Number(r.by_default) === 1);
  if (!defaultRow) throw new ExportFailure('Thelia has no default currency (currency.by_default = 1)', EXIT.failed);
  const defaultRate = parseDecimal(defaultRow.rate);
  if (!defaultRate || defaultRate <= 0n) throw new ExportFailure(`the default currency ${defaultRow.code} has no usable rate (${defaultRow.rate})`, EXIT.failed);
  const list: CurrencyInfo[] = [];
  const documents: Currency[] = [];
  for (const row of rows) {
    const code = (row.code ?? '').trim().toUpperCase();
    const rate = parseDecimal(row.rate);
    const isDefault = row === defaultRow;
    if (!/^[A-Z]{3}$/.test(code)) {
      if (isDefault) throw new ExportFailure(`the default currency (id ${row.id}) has no ISO 4217 code: "${row.code}"`, EXIT.failed);
      report.warn('currency', `currency ${row.id} "${row.code}" has no ISO 4217 code: left out`);
      continue;
    }
    if (rate === null || rate <= 0n) {
      report.warn('currency', `currency ${code} has no positive rate (${row.rate}): left out`);
      continue;
    }
    list.push({ id: Number(row.id), code, rate, isDefault });
    documents.push({
      id: Number(row.id),
      code,
      symbol: (row.symbol ?? '').trim() || code,
      rate: formatDecimal(mulDiv(rate, 1_000_000n, defaultRate)),
      isDefault,
      format: (row.format ?? '').trim() || '%n %s',
    });
  }
  return { list, default: list.find((c) => c.isDefault)!, documents };
}

export interface PriceRow {
  product_sale_elements_id: number;
  currency_id: number;
  price: string;
  promo_price: string;
  from_default_currency: number;
}

/** The prices of one variant in every exported currency, or why there are none. */
export function variantPrices(rows: PriceRow[], currencies: Currencies): { ok: true; prices: Record<string, Price> } | { ok: false; reason: string } {
  const def = currencies.default;
  const byCurrency = new Map(rows.map((r) => [Number(r.currency_id), r]));
  const base = byCurrency.get(def.id);
  if (!base) return { ok: false, reason: `no price in the default currency ${def.code}` };
  const basePrice = parseDecimal(base.price);
  const basePromo = parseDecimal(base.promo_price);
  if (basePrice === null || basePromo === null || basePrice < 0n || basePromo < 0n) {
    return { ok: false, reason: `its ${def.code} price is not a valid non-negative amount (${base.price} / ${base.promo_price})` };
  }
  const prices: Record<string, Price> = {};
  for (const currency of currencies.list) {
    const own = currency.isDefault ? base : byCurrency.get(currency.id);
    let price: bigint | null;
    let promo: bigint | null;
    if (!own || (Number(own.from_default_currency) === 1 && !currency.isDefault)) {
      price = mulDiv(basePrice, currency.rate, def.rate);
      promo = mulDiv(basePromo, currency.rate, def.rate);
    } else {
      price = parseDecimal(own.price);
      promo = parseDecimal(own.promo_price);
    }
    if (price === null || promo === null || price < 0n || promo < 0n) {
      return { ok: false, reason: `its ${currency.code} price is not a valid non-negative amount (${own?.price} / ${own?.promo_price})` };
    }
    prices[currency.code] = { price: formatDecimal(price), promoPrice: formatDecimal(promo) };
  }
  return { ok: true, prices };
}
