// One Astro project, built once per shop: SHOP picks the shop (de, at, ro), whose locale
// configuration (src/shops/<shop>.json) sets the language, the origin and the default country.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { getShop, isShopCode, originOf } from './src/shops/index.ts';
import { catalogFiles } from './src/integrations/catalog-files.ts';
import { catalogIndex } from './src/integrations/catalog-index.ts';
import { catalogSeo } from './src/integrations/catalog-seo.ts';
import { i18n } from './src/integrations/i18n.ts';
import { chrome } from './src/integrations/chrome.ts';
import { sameIsland } from './src/integrations/same-island.ts';
import { scriptIsland } from './src/integrations/script-island.ts';
import { searchFolders, searchIndex } from './src/integrations/search-index.ts';
import { siteRules } from './src/integrations/site-rules.ts';
import { pageShards, pagesOutOfShards } from './src/integrations/page-shards.ts';
import { astroCacheDir, incremental, incrementalEnabled } from './src/integrations/incremental.ts';
import { bundleReuse } from './src/integrations/bundle-reuse.ts';
import { keptPages, variantPages } from './src/integrations/variant-pages.ts';

const code = process.env.SHOP;
if (!isShopCode(code)) {
  throw new Error(`Set SHOP to one of de, at, ro (got ${JSON.stringify(code)}). npm run build builds all three.`);
}
const shop = getShop(code);
const distDir = process.env.DIST_DIR || './dist';
const exportDir = process.env.EXPORT_DIR || 'export';
// The catalog index, made current beside Vite's bundles; the pages wait for it (decision 0014).
const index = catalogIndex({ shop, exportDir });
// The pages of product templates; the site's rules take what they hold from their templates.
const variants = variantPages({ shop: code });

export default defineConfig({
  site: originOf(shop),
  output: 'static',
  outDir: `${distDir}/${code}`,
  // Per shop and output folder (src/integrations/incremental.ts): holds the incremental page cache.
  cacheDir: astroCacheDir(code, distDir),
  trailingSlash: 'never',
  build: {
    // Thelia's friendly URLs are flat files: `akku-bohrschrauber.html`.
    format: 'file',
    inlineStylesheets: 'always',
    concurrency: Number(process.env.BUILD_CONCURRENCY || 4),
  },
  // Incremental builds: catalog pages carry a cache key (src/catalog/page-keys.ts); the
  // incremental integration empties the output folder itself and links the reused pages in.
  experimental: { incrementalBuild: incrementalEnabled() },
  vite: { build: { emptyOutDir: false } },
  integrations: [
    // Starts the catalog index at the build's start; the pages wait for it after the bundles.
    index,
    // First of the ones that touch the site folder: a sharded shop's pages back at their flat URLs (decision 0010), where the next finds them.
    pagesOutOfShards(),
    // Keeps the pages written from cached templates (variant pages) where they are, and the search
    // index's folders, which the search integration makes whole after the pages.
    incremental({ keep: keptPages, leave: searchFolders }),
    // While the code is unchanged, Vite's bundles of the build before (decision 0016).
    bundleReuse(),
    // Right after the incremental integration's links: each product's and variant's page from its
    // product's template (decision 0013).
    variants,
    // Then: a big shop's product and variant pages into shard folders.
    pageShards({ shop: code }),
    i18n({ language: shop.language }),
    chrome({ shop }),
    react(),
    // The header's islands, the same on every page: rendered once per build.
    sameIsland(),
    // The site chrome's behaviours, a function of no framework, loaded after the first paint.
    scriptIsland(),
    catalogFiles({ shop: code, exportDir }),
    catalogSeo({ shop: code }),
    searchIndex({ shop, indexReady: index.ready }),
    // Last: _redirects and _headers (the CSP hashes the inline scripts and styles of every page written before).
    siteRules({ shop, knownInline: variants.inline }),
  ],
  devToolbar: { enabled: false },
});
