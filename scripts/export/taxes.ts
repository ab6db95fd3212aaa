/**
 * Tax rules as data (tax-rules.json). The build computes gross prices from them, so that a
 * change of delivery country in the browser can recompute prices.
 *
 * `tax.serialized_requirements` is base64 of JSON. Core tax types:
 * - PricePercentTaxType {"percent": "19"}  -> { type: 'percent', percent }
 * - FixAmountTaxType    {"amount": "0.5"}  -> { type: 'amount', amount } (in the default currency)
 * - FeatureFixAmountTaxType {"feature": id, "lang": id}: the amount is a product's feature
 *   value, which a rule document cannot hold; it is reported and left out.
 * Any other (module) type is reported and left out too.
 */
import type { Locale, Tax, TaxRule } from '../../src/catalog/export-schema.ts';
import type { Db } from './db.ts';
import { formatDecimal, parseDecimal, percentOf } from '../../src/catalog/decimal.ts';
import { loadI18n, localizeString } from './i18n.ts';
import type { Languages } from './languages.ts';
import type { Reporter } from './progress.ts';

interface TaxRow {
  tax_rule_id: number;
  country_id: number;
  state_id: number | null;
  position: number;
  tax_id: number;
  type: string;
  serialized_requirements: string;
}

/** Decodes one tax; a string is the reason it cannot be exported. */
export function decodeTax(type: string, serialized: string, position: number): Tax | string {
  const kind = type.split('\\').pop() ?? type;
  let requirements: Record<string, unknown>;
  try {
    requirements = JSON.parse(Buffer.from(serialized, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    return `its requirements are not base64 JSON (${serialized.slice(0, 40)})`;
  }
  const value = (key: string) => {
    const raw = requirements?.[key];
    const units = typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : null;
    return units !== null && units >= 0n ? formatDecimal(units) : null;
  };
  if (kind === 'PricePercentTaxType') {
    const percent = value('percent');
    return percent ? { type: 'percent', position, percent } : `its percent is not a non-negative number (${JSON.stringify(requirements)})`;
  }
  if (kind === 'FixAmountTaxType') {
    const amount = value('amount');
    return amount ? { type: 'amount', position, amount } : `its amount is not a non-negative number (${JSON.stringify(requirements)})`;
  }
  if (kind === 'FeatureFixAmountTaxType') {
    return 'FeatureFixAmountTaxType (an amount read from a product feature) cannot be expressed in a tax rule: unsupported';
  }
  return `tax type ${type} is not one of Thelia's core types (PricePercentTaxType, FixAmountTaxType): unsupported`;
}

export async function loadTaxRules(db: Db, langs: Languages, countryIds: Set<number>, report: Reporter): Promise<{ rules: TaxRule[]; defaultId: number | null }> {
  const ruleRows = await db.query<{ id: number; is_default: number }>('SELECT id, is_default FROM tax_rule ORDER BY id', [], 'the tax rules');
  const i18n = await loadI18n(
    db,
    'tax_rule_i18n',
    ruleRows.map((r) => Number(r.id)),
    langs,
    ['title'],
  );
  const taxRows = await db.query<TaxRow>(
    `SELECT trc.tax_rule_id, trc.country_id, trc.state_id, trc.position, t.id AS tax_id, t.type, t.serialized_requirements
     FROM tax_rule_country trc JOIN tax t ON t.id = trc.tax_id
     ORDER BY trc.tax_rule_id, trc.country_id, trc.state_id, trc.position, trc.id`,
    [],
    'the taxes of the tax rules',
  );
  const reported = new Set<number>();
  const rules: TaxRule[] = ruleRows.map((r) => ({
    id: Number(r.id),
    isDefault: Number(r.is_default) === 1,
    title: localizeString(i18n.get(Number(r.id)), langs) as Partial<Record<Locale, string>>,
    countries: [],
  }));
  const byId = new Map(rules.map((r) => [r.id, r]));
  for (const row of taxRows) {
    const rule = byId.get(Number(row.tax_rule_id));
    if (!rule || !countryIds.has(Number(row.country_id))) continue;
    const stateId = row.state_id === null ? null : Number(row.state_id);
    let entry = rule.countries.find((c) => c.countryId === Number(row.country_id) && (c.stateId ?? null) === stateId);
    if (!entry) rule.countries.push((entry = { countryId: Number(row.country_id), stateId, taxes: [] }));
    const tax = decodeTax(row.type, row.serialized_requirements, Number(row.position));
    if (typeof tax === 'string') {
      if (!reported.has(Number(row.tax_id))) {
        reported.add(Number(row.tax_id));
        report.warn('tax', `tax ${row.tax_id} is left out of every tax rule that uses it (rule ${row.tax_rule_id}, country ${row.country_id}, …): ${tax}`);
      }
      continue;
    }
    entry.taxes.push(tax);
  }
  const defaultRule = rules.find((r) => r.isDefault) ?? null;
  return { rules, defaultId: defaultRule?.id ?? null };
}

/**
 * Reference implementation of Thelia's TaxEngine\Calculator::getTaxedPrice, for the build and
 * the tests: taxes with the same position share a base and are summed; when the position
 * changes, the running total becomes the base, so later positions compound.
 * Prices are decimal strings; the result has 6 decimals.
 */
export function grossPrice(net: string, taxes: Tax[]): string {
  const sorted = [...taxes].sort((a, b) => a.position - b.position);
  let taxed = parseDecimal(net);
  if (taxed === null) throw new RangeError(`not a decimal: ${net}`);
  let current: number | undefined;
  let pending = 0n;
  for (const tax of sorted) {
    if (current !== tax.position) {
      taxed += pending;
      pending = 0n;
      current = tax.position;
    }
    pending += tax.type === 'percent' ? percentOf(taxed, parseDecimal(tax.percent)!) : parseDecimal(tax.amount)!;
  }
  return formatDecimal(taxed + pending);
}
