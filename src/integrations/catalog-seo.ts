/**
 * After a shop is built: the sitemap (an index with chunks once it outgrows one file), robots.txt
 * and the image derivatives the pages asked for (made once per source and width, cached in
 * .cache/images/ across shops and builds).
 */
import type { AstroIntegration } from 'astro';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalog, catalogFile, sharedCatalog } from '../catalog/catalog.ts';
import { GRID_TYPES } from '../catalog/listing.ts';
import { robotsTxt, sitemapFiles, type SitemapEntry } from '../catalog/seo.ts';
import { generateImages, requestCatalogImages } from '../catalog/images.ts';
import { getShop, originOf, type ShopCode } from '../shops/index.ts';

export function sitemapEntries(catalog: Catalog, origin: string): SitemapEntry[] {
  const url = (path: string) => new URL(path, origin).href;
  return [{ loc: url('/') }, ...GRID_TYPES.map((type) => ({ loc: url(`/shop-grid-standard/${type}`) })), ...catalog.routes().map((r) => ({ loc: url(r.path) }))];
}

export function catalogSeo({ shop: code }: { shop: ShopCode }): AstroIntegration {
  return {
    name: 'catalog-seo',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const shop = getShop(code);
        const origin = originOf(shop);
        const catalog = sharedCatalog(catalogFile(code));
        const files = sitemapFiles(sitemapEntries(catalog, origin), origin);
        for (const [name, xml] of files) writeFileSync(join(out, name), xml);
        writeFileSync(join(out, 'robots.txt'), robotsTxt(origin));
        logger.info(`sitemap: ${files.size} file(s); robots.txt`);
        const started = performance.now();
        requestCatalogImages(catalog.media());
        const images = await generateImages(out);
        logger.info(`images: ${images.made} made, ${images.reused} reused in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
