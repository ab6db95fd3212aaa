/** The shops' configuration: their time zones, money texts in the shop's currency, flags as images. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getShop } from '../../../src/shops/index.ts';

const SHOPS = ['de', 'at', 'ro'] as const;
const CURRENCY_WORDS = /€|\bEUR\b|\blei\b|\bRON\b|\bCHF\b/g;

describe('shop configuration', () => {
  it('each shop keeps its own time zone (the advent calendar opens by it)', () => {
    expect(SHOPS.map((s) => getShop(s).timeZone)).toEqual(['Europe/Berlin', 'Europe/Vienna', 'Europe/Bucharest']);
  });
  it('the header text names amounts only in the shop currency', () => {
    for (const code of SHOPS) {
      const shop = getShop(code);
      const text = `${shop.header?.text ?? ''} ${shop.header?.textMore ?? ''}`;
      const symbols = new Set([shop.currency.symbol, shop.currency.code]);
      for (const found of text.match(CURRENCY_WORDS) ?? []) expect(symbols, `${code}: "${text}"`).toContain(found);
    }
  });
  it('country flags are image files of the site, not emoji', () => {
    for (const code of SHOPS)
      for (const c of getShop(code).countries) {
        expect(c.flag).toMatch(/^\/chrome\/flag-[a-z]{2}\.svg$/);
        expect(existsSync(resolve(import.meta.dirname, '../../../public', c.flag.slice(1))), c.flag).toBe(true);
      }
  });
});
