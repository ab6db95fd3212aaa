/**
 * After a shop is built: writes `_redirects` (301 for /product/{id} and every superseded URL, as
 * Netlify and scripts/serve.ts read it) and copies the export's media files into the site.
 */
import type { AstroIntegration } from 'astro';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog, catalogFile } from '../catalog/catalog.ts';

export function redirectRules(catalog: Catalog): string[] {
  return [
    ...catalog.productUrls().map(({ id, url }) => `/product/${id} ${url} 301`),
    ...catalog.redirects().map(({ from, to }) => `${from} ${to} 301`),
  ];
}

export function catalogFiles({ shop, exportDir }: { shop: string; exportDir: string }): AstroIntegration {
  return {
    name: 'catalog-files',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const catalog = new Catalog(catalogFile(shop));
        // One static shell each for every /search/{term} (issue 7), /account/order/{id} and /guest/invoice/{ref}/{hash} (issue 13).
        const rules = [...redirectRules(catalog), '/search/* /search.html 200', '/account/order/* /account/order.html 200', '/guest/invoice/* /guest/invoice.html 200'];
        writeFileSync(join(out, '_redirects'), rules.join('\n') + '\n');
        logger.info(`_redirects: ${rules.length} rules`);
        const media = join(exportDir, 'media');
        if (existsSync(media)) cpSync(media, join(out, 'media'), { recursive: true });
      },
    },
  };
}
