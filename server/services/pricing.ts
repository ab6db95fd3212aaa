/**
 * Price context on the server: which taxes apply to a product for a country and a customer.
 * The arithmetic is src/catalog/prices.ts (taxesFor, priceCents, orderTotal, couponDiscountCents);
 * this only decides the inputs:
 *  - the product's tax rule for the delivery country;
 *  - none when the customer is a company buying without VAT: src/catalog/vat-exclusion.ts decides
 *    (a valid VAT number of another EU country than the shop's, delivered there);
 *  - none when one of the product's categories is zero-rated for that country
 *    (API_ZERO_VAT_CATEGORIES, spec §3 categories_0_vat).
 */
import type { Tax, TaxRule } from '../../src/catalog/export-schema.ts';
import { taxesFor, vatPercent } from '../../src/catalog/prices.ts';
import type { Deps } from '../context.ts';
import { excludesVat } from '../../src/catalog/vat-exclusion.ts';
import type { CustomerRow } from '../db/rows.ts';
import { localeOfCountry, shopCountryIso, shopOfLocale } from './shops.ts';

/** The locale whose titles a country's shoppers read: its shop's (src/shops/*.json), else German. */
export function countryLocale(countryId: number): string {
  return localeOfCountry(countryId) ?? 'de_DE';
}

export function pickTitle(json: string | null | undefined, locale: string): string {
  if (!json) return '';
  const titles = JSON.parse(json) as Record<string, string>;
  return titles[locale] ?? titles.de_DE ?? titles.de_AT ?? Object.values(titles)[0] ?? '';
}

/**
 * Whether a customer's goods delivered to a country go without VAT (docs/decisions/0006): the
 * shop is the one the customer registered with (its locale), the VAT number the one checked at
 * registration.
 */
export function vatExcludedFor(
  deps: Deps,
  customer: Pick<CustomerRow, 'is_company' | 'exclude_vat' | 'vat_number' | 'locale'> | null | undefined,
  deliveryCountryId: number,
): boolean {
  if (customer?.is_company !== 1 || customer.exclude_vat !== 1) return false;
  return excludesVat({
    isCompany: true,
    requested: true,
    vatNumber: customer.vat_number,
    shopCountry: shopCountryIso(shopOfLocale(customer.locale, deps.config.defaultCountryId)),
    deliveryCountry: countryIso(deps, deliveryCountryId),
  });
}

/** ISO alpha-2 of a country of the catalog, or null. */
export function countryIso(deps: Deps, countryId: number): string | null {
  return (deps.sql('SELECT isoalpha2 FROM country WHERE id = ?').get(countryId) as { isoalpha2: string } | undefined)?.isoalpha2 ?? null;
}

const cache = new WeakMap<Deps, Pricing>();
/** The price context of an app (tax rules loaded once per app, see reload()). */
export function pricing(deps: Deps): Pricing {
  let p = cache.get(deps);
  if (!p) cache.set(deps, (p = new Pricing(deps)));
  return p;
}

export class Pricing {
  private rules: Map<number, TaxRule> | null = null;
  private defaultRule: TaxRule | undefined;
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Forget cached tax rules (after an import). */
  reload(): void {
    this.rules = null;
  }

  private load() {
    if (this.rules) return this.rules;
    const rows = this.deps.sql('SELECT id, is_default, json FROM tax_rule').all() as { id: number; is_default: number; json: string }[];
    this.rules = new Map(rows.map((r) => [r.id, JSON.parse(r.json) as TaxRule]));
    this.defaultRule = rows.find((r) => r.is_default) ? this.rules.get(rows.find((r) => r.is_default)!.id) : this.rules.values().next().value;
    return this.rules;
  }

  isZeroVat(countryId: number, categoryIds: readonly number[]): boolean {
    const zero = this.deps.config.zeroVatCategories.get(countryId);
    return !!zero && categoryIds.some((id) => zero.has(id));
  }

  /** Taxes for one product line. */
  productTaxes(taxRuleId: number, categoryIds: readonly number[], countryId: number, vatExcluded: boolean, stateId: number | null = null): Tax[] {
    if (vatExcluded || this.isZeroVat(countryId, categoryIds)) return [];
    return taxesFor(this.load().get(taxRuleId), countryId, stateId);
  }

  /** Taxes on postage: the default rule of the country. */
  postageTaxes(countryId: number, vatExcluded: boolean): Tax[] {
    this.load();
    return vatExcluded ? [] : taxesFor(this.defaultRule, countryId);
  }

  vatPercent(taxes: readonly Tax[]): number {
    return vatPercent(taxes);
  }

  countryExists(countryId: number): boolean {
    return !!this.deps.sql('SELECT 1 FROM country WHERE id = ?').get(countryId);
  }
}
