/**
 * Decision 0013: the pages of a product with variant pages are cut from one template of the
 * product instead of each being rendered. A small sample catalog (one shop) is built both ways from
 * the same export: with the templates (the build's default) and with every page rendered on its own
 * (VARIANT_PAGES=rendered, as before). Every file of the two sites must be identical: pages, listing
 * files, the search index, the sitemap, `_redirects` and `_headers`.
 */
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { astroCacheDir } from '../../src/integrations/incremental.ts';
import { files, root, sampleSite } from './sample-site.ts';

const { base, reset, build, readNdjson } = sampleSite('test-variant-templates', 40);
const site = join(base, 'templates-dist/de');
const cacheDir = join(root, astroCacheDir('de', join(base, 'templates-dist')));
/** The product and variant pages written from templates (the variant-pages integration's manifest). */
const written = () => JSON.parse(readFileSync(join(cacheDir, 'variant-pages.json'), 'utf8')) as { products: Record<string, { variants: string[] }> };
const sameAsRendered = () => {
  const a = files(site);
  const b = files(join(base, 'rendered-dist/de'));
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  expect([...a.keys()].filter((k) => !a.get(k)!.equals(b.get(k)!))).toEqual([]);
};

beforeAll(async () => {
  reset(['templates', 'rendered']);
  await build('templates');
  await build('rendered', { VARIANT_PAGES: 'rendered' });
}, 900_000);

describe('pages cut from a product template', () => {
  it('equal the pages rendered one by one, file by file', sameAsRendered);

  it('are not rendered by Astro: it renders one page per product, the template, and caches that', () => {
    const manifest = JSON.parse(readFileSync(join(cacheDir, 'incremental-build.json'), 'utf8')) as { routes: Record<string, { paths: Record<string, { outputFile: string }> }> };
    const astros = new Set(Object.values(manifest.routes).flatMap((r) => Object.values(r.paths).map((p) => p.outputFile)));
    const products = Object.entries(written().products);
    expect(products.length).toBeGreaterThan(2);
    for (const [file, { variants }] of products) {
      expect(astros.has(file)).toBe(true);
      expect(variants.filter((v) => astros.has(v))).toEqual([]);
      expect(readFileSync(join(cacheDir, 'dist', file), 'utf8')).toMatch(/\uE000[0-9a-f]{16}p\uE001/);
    }
  });

  it('are linked from the cache when the site lost one, written again when the cache did, and all of them when the list of written pages is unreadable', async () => {
    const [[, { variants }]] = Object.entries(written().products) as [[string, { variants: string[] }]];
    rmSync(join(site, variants[0]!));
    const linked = await build('templates');
    expect(linked.changes).toMatch(/unchanged/);
    expect(linked.rendered).toBe(0);
    sameAsRendered();
    expect(statSync(join(site, variants[0]!)).ino).toBe(statSync(join(cacheDir, 'variant-pages', variants[0]!)).ino);
    rmSync(join(site, variants[0]!));
    rmSync(join(cacheDir, 'variant-pages', variants[0]!));
    const one = await build('templates');
    expect(one.rendered).toBe(variants.length);
    sameAsRendered();
    const all = Object.values(written().products).reduce((n, p) => n + p.variants.length, 0);
    // As a build that stopped while writing them leaves it (and its build script's stamp removed).
    writeFileSync(join(cacheDir, 'variant-pages.json'), '{"version": 1, "prod');
    rmSync(join(cacheDir, 'build-inputs'));
    const again = await build('templates');
    expect(again.rendered).toBe(all);
    sameAsRendered();
  }, 300_000);

  it('are linked from the cache, none written, into a site folder that starts empty (a Netlify build restores the cache folder, not the site)', async () => {
    const all = Object.values(written().products).reduce((n, p) => n + p.variants.length, 0);
    rmSync(site, { recursive: true });
    rmSync(join(cacheDir, 'build-inputs'));
    const fresh = await build('templates');
    expect(fresh.changes).toMatch(/unchanged/);
    expect(fresh.rendered).toBe(0);
    expect(fresh.reused).toBeGreaterThanOrEqual(all);
    sameAsRendered();
    for (const [file, { variants }] of Object.entries(written().products)) {
      for (const f of [file, ...variants]) expect(statSync(join(site, f)).ino).toBe(statSync(join(cacheDir, 'variant-pages', f)).ino);
    }
    // A cache restored with other mtimes (the same bytes): the templates are recognised by their bytes.
    const file = Object.keys(written().products)[0]!;
    const template = join(cacheDir, 'dist', file);
    utimesSync(template, new Date(2020, 0, 1), new Date(2020, 0, 1));
    rmSync(site, { recursive: true });
    rmSync(join(cacheDir, 'build-inputs'));
    const restored = await build('templates');
    expect(restored.rendered).toBe(0);
    sameAsRendered();
  }, 300_000);

  it('give way to pages rendered one by one and back, in the same site and page cache (VARIANT_PAGES switched between builds)', async () => {
    const rendered = await build('templates', { VARIANT_PAGES: 'rendered' });
    expect(rendered.rendered).toBeGreaterThan(0);
    sameAsRendered();
    await build('templates');
    sameAsRendered();
    expect(Object.keys(written().products).length).toBeGreaterThan(2);
  }, 300_000);

  it('cover products with variant pages, each variant at its own URL (the comparison is not empty)', () => {
    const withPages = readNdjson('products.ndjson').filter((p) => p.variants.some((v: { url?: Record<string, string> }) => v.url?.de_DE));
    expect(withPages.length).toBeGreaterThan(2);
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
