/** Expected prices of the de test shop, computed from its catalog index with the price module. */
import { decodeModes, encodeModes, formatMoney, isZeroRated, modeCountries, modeTaxes, type ModePrice } from '../../../src/catalog/prices.ts';
import { getShop } from '../../../src/shops/index.ts';
import { testCatalog } from '../setup/catalog.ts';
import { E2E } from '../setup/paths.ts';

export const shop = { ...getShop('de'), zeroVatCategories: [E2E.zeroVatCategoryId] };
export const catalog = testCatalog('de');
export const money = (cents: number) => formatMoney(cents, { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang });
export const DE = '5';
export const AT = '13';

/** A product's default (or given) variant in every mode: [price, crossed-out]. */
export function modesOf(productId: number, variantId?: number): Map<string, ModePrice> {
  const p = catalog.product(productId)!;
  const v = p.variants.find((x) => x.id === variantId) ?? p.variants.find((x) => x.isDefault) ?? p.variants[0]!;
  const rule = catalog.taxRules().find((r) => r.id === p.taxRuleId);
  const zero = isZeroRated(p.categoryIds, shop.zeroVatCategories);
  return decodeModes(encodeModes(v.prices.net, v.promo, modeTaxes(rule, modeCountries(shop), zero ? shop.countryId : null)));
}

/** Text of a money amount as the page writes it, spaces normalised. */
export const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
