import { ShopConfig, type ShopCode } from './schema.ts';
import de from './de.json' with { type: 'json' };
import at from './at.json' with { type: 'json' };
import ro from './ro.json' with { type: 'json' };

export type { ShopCode, ShopConfig };

const raw: Record<ShopCode, unknown> = { de, at, ro };
export const SHOP_CODES = Object.keys(raw) as ShopCode[];

export function isShopCode(value: unknown): value is ShopCode {
  return typeof value === 'string' && (SHOP_CODES as string[]).includes(value);
}

/** The validated configuration of a shop; a broken file fails loudly, naming the field. */
export function getShop(code: ShopCode): ShopConfig {
  const parsed = ShopConfig.safeParse(raw[code]);
  if (!parsed.success) {
    throw new Error(`src/shops/${code}.json is invalid:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return withErrorDsn(withZeroVatOverride(parsed.data, process.env.SHOP_ZERO_VAT_CATEGORIES), process.env.SHOP_ERROR_DSN);
}

/** SHOP_ERROR_DSN ("at=https://key@host/1;ro=...") sets the named shops' error-reporting DSN for a build. */
export function withErrorDsn(shop: ShopConfig, override: string | undefined): ShopConfig {
  if (!override) return shop;
  for (const part of override.split(';')) {
    const at = part.indexOf('=');
    const code = part.slice(0, at).trim();
    const dsn = part.slice(at + 1).trim();
    if (at < 1 || !isShopCode(code) || !/^https:\/\/\S+$/.test(dsn)) throw new Error(`SHOP_ERROR_DSN: expected "shop=https://...;shop=...", got "${override}"`);
    if (code === shop.code) return { ...shop, errorReporting: { ...shop.errorReporting, dsn } };
  }
  return shop;
}

/**
 * SHOP_ZERO_VAT_CATEGORIES ("de:36,37;at:12") replaces the named shops' zeroVatCategories
 * (categories_0_vat): the browser tests zero-rate a sample category with it and give the shop API
 * the same list for the shop's country (API_ZERO_VAT_CATEGORIES "5:36"), so build and server agree.
 */
export function withZeroVatOverride(shop: ShopConfig, override: string | undefined): ShopConfig {
  if (!override) return shop;
  for (const part of override.split(';')) {
    const [rawCode, list = ''] = part.split(':');
    const code = rawCode?.trim();
    const ids = list.split(',').map((s) => Number(s.trim()));
    if (!isShopCode(code) || !ids.every((n) => Number.isInteger(n) && n > 0)) {
      throw new Error(`SHOP_ZERO_VAT_CATEGORIES: expected "shop:categoryId,categoryId;shop:...", got "${override}"`);
    }
    if (code === shop.code) return { ...shop, zeroVatCategories: ids };
  }
  return shop;
}

export const allShops = (): ShopConfig[] => SHOP_CODES.map(getShop);

/**
 * The origin a shop is reached at: its production origin, or, when SHOP_ORIGIN_TEMPLATE is set
 * (e.g. "http://{shop}.localhost:4321" by npm start), the local one.
 */
export function originOf(shop: ShopConfig, template = process.env.SHOP_ORIGIN_TEMPLATE): string {
  return template ? template.replace('{shop}', shop.code) : shop.origin;
}
