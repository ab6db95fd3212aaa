/**
 * After a shop is built: copies the export's media files into the site. `redirectRules` (301 for
 * /product/{id} and every superseded URL) goes into `_redirects` with the site's other rules
 * (src/integrations/site-rules.ts).
 */
import type { AstroIntegration } from 'astro';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog } from '../catalog/catalog.ts';

/** The catalog's 301 rules; a sharded shop (src/integrations/page-shards.ts) answers `/product/{id}` from its maps instead of a rule per product. */
export function redirectRules(catalog: Catalog, { productIds = true } = {}): string[] {
  return [...(productIds ? catalog.productUrls().map(({ id, url }) => `/product/${id} ${url} 301`) : []), ...catalog.redirects().map(({ from, to }) => `${from} ${to} 301`)];
}

export function catalogFiles({ exportDir }: { shop: string; exportDir: string }): AstroIntegration {
  return {
    name: 'catalog-files',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const out = fileURLToPath(dir);
        const media = join(exportDir, 'media');
        if (existsSync(media)) cpSync(media, join(out, 'media'), { recursive: true });
      },
    },
  };
}
