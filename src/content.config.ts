import { defineCollection } from 'astro:content';
import { catalogLoader } from './catalog/loader.ts';
import { getShop, isShopCode } from './shops/index.ts';

const code = process.env.SHOP;
if (!isShopCode(code)) throw new Error('SHOP must be de, at or ro');

export const collections = {
  routes: defineCollection({
    loader: catalogLoader({
      shop: getShop(code),
      exportDir: process.env.EXPORT_DIR || 'export',
      strict: process.env.CATALOG_STRICT === '1',
      // Set by npm run build (scripts/lib/build-shops.ts) when it builds the index beside Astro's setup.
      prebuilt: process.env.CATALOG_PREBUILT || undefined,
    }),
  }),
};
