/**
 * Decision 0013: the pages of a product with variant pages are cut from one template of the
 * product instead of each being rendered. A small sample catalog (one shop) is built both ways from
 * the same export: with the templates (the build's default) and with every page rendered on its own
 * (VARIANT_PAGES=rendered, as before). Every file of the two sites must be identical: pages, listing
 * files, the search index, the sitemap, `_redirects` and `_headers`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, sampleSite } from './sample-site.ts';

const { base, reset, build, readNdjson } = sampleSite('test-variant-templates', 40);

beforeAll(async () => {
  reset(['templates', 'rendered']);
  await build('templates');
  await build('rendered', { VARIANT_PAGES: 'rendered' });
}, 900_000);

describe('pages cut from a product template', () => {
  it('equal the pages rendered one by one, file by file', () => {
    const a = files(join(base, 'templates-dist/de'));
    const b = files(join(base, 'rendered-dist/de'));
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a.keys()].filter((k) => !a.get(k)!.equals(b.get(k)!))).toEqual([]);
  });

  it('cover products with variant pages, each variant at its own URL (the comparison is not empty)', () => {
    const withPages = readNdjson('products.ndjson').filter((p) => p.variants.some((v: { url?: Record<string, string> }) => v.url?.de_DE));
    expect(withPages.length).toBeGreaterThan(2);
    const site = join(base, 'templates-dist/de');
    for (const product of withPages.slice(0, 3)) {
      const variant = product.variants.find((v: { url?: Record<string, string> }) => v.url?.de_DE);
      const page = readFileSync(join(site, variant.url.de_DE), 'utf8');
      expect(page).toContain(`data-variant-id="${variant.id}"`);
      expect(page).toContain(`<link rel="canonical" href="https://shop.de/${variant.url.de_DE.replace(/^\//, '')}">`);
      // No marker of the template is left in any page.
      expect(page).not.toMatch(/[\uE000\uE001]/);
    }
  });
});
