// One Astro project, built once per shop: SHOP picks the shop (de, at, ro), whose locale
// configuration (src/shops/<shop>.json) sets the language, the origin and the default country.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { getShop, isShopCode, originOf } from './src/shops/index.ts';
import { catalogFiles } from './src/integrations/catalog-files.ts';
import { catalogSeo } from './src/integrations/catalog-seo.ts';
import { i18n } from './src/integrations/i18n.ts';
import { chrome } from './src/integrations/chrome.ts';
import { searchIndex } from './src/integrations/search-index.ts';

const code = process.env.SHOP;
if (!isShopCode(code)) {
  throw new Error(`Set SHOP to one of de, at, ro (got ${JSON.stringify(code)}). npm run build builds all three.`);
}
const shop = getShop(code);

export default defineConfig({
  site: originOf(shop),
  output: 'static',
  outDir: `${process.env.DIST_DIR || './dist'}/${code}`,
  // Per shop, so the three shops can build side by side.
  cacheDir: `./node_modules/.astro/${code}`,
  trailingSlash: 'never',
  build: {
    // Thelia's friendly URLs are flat files: `akku-bohrschrauber.html`.
    format: 'file',
    inlineStylesheets: 'always',
    concurrency: Number(process.env.BUILD_CONCURRENCY || 4),
  },
  integrations: [i18n({ language: shop.language }), chrome({ shop }), react(), catalogFiles({ shop: code, exportDir: process.env.EXPORT_DIR || 'export' }), catalogSeo({ shop: code }), searchIndex({ shop })],
  devToolbar: { enabled: false },
});
