/** The shop this build is for (SHOP), with its catalog and texts: what every page needs. */
import { getShop, isShopCode } from './index.ts';
import { getCatalog } from '../catalog/catalog.ts';
import { messages } from '../i18n/messages.ts';
import { formatMoney } from '../catalog/prices.ts';

const code = process.env.SHOP;
if (!isShopCode(code)) throw new Error('SHOP must be de, at or ro');

export const shop = getShop(code);
export const catalog = getCatalog(code);
export const t = messages[shop.language];
export const money = (cents: number) => formatMoney(cents, { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang });
