/** The shop this build is for (SHOP), with its catalog and texts: what every page needs. */
import { getShop, isShopCode } from './index.ts';
import { getCatalog } from '../catalog/catalog.ts';
import { textsFor } from '../i18n/texts.ts';
import { formatMoney } from '../catalog/prices.ts';

const code = process.env.SHOP;
if (!isShopCode(code)) throw new Error('SHOP must be de, at or ro');

export const shop = getShop(code);
export const catalog = getCatalog(code);
/** The shop language's UI texts (messages/<language>.json, compiled by the i18n integration). */
export const t = textsFor(shop.language);
export const money = (cents: number) => formatMoney(cents, { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang });
