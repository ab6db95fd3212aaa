import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, clip, jsonLd, metaDescription, robotsTxt, sitemapFiles } from '../../../src/catalog/seo.ts';
import { THUMB_WIDTH, derivativePath, thumbnailPath, widthsFor } from '../../../src/catalog/images.ts';

describe('SEO helpers', () => {
  it('escapes JSON-LD so editor text cannot close the script', () => {
    const text = jsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
  it("takes Thelia's meta description, else the chapo, else the description text, clipped near 160", () => {
    expect(metaDescription('', '<p>Kurz <b>und</b> gut</p>')).toBe('Kurz und gut');
    const long = metaDescription(null, '', `<p>${'Wort '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
    expect(clip('kurz', 10)).toBe('kurz');
  });
  it('numbers breadcrumb items and makes their URLs absolute', () => {
    const ld = breadcrumbJsonLd([{ title: 'Start', url: '/' }, { title: 'Hier' }], 'https://shop.de', '/hier.html');
    expect(ld.itemListElement.map((i) => [i.position, i.item])).toEqual([
      [1, 'https://shop.de/'],
      [2, 'https://shop.de/hier.html'],
    ]);
  });
  it('writes one sitemap, or an index of chunks once the catalog is large', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ loc: `https://shop.de/p${i}.html` }));
    expect([...sitemapFiles(entries, 'https://shop.de').keys()]).toEqual(['sitemap.xml']);
    const chunked = sitemapFiles(entries, 'https://shop.de', 2);
    expect([...chunked.keys()].sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
    expect(chunked.get('sitemap.xml')).toContain('<sitemapindex');
    expect(chunked.get('sitemap.xml')).toContain('https://shop.de/sitemap-3.xml');
    expect(chunked.get('sitemap-3.xml')).toContain('p4.html');
    expect(robotsTxt('https://shop.de')).toContain('Sitemap: https://shop.de/sitemap.xml');
  });
  it('makes image widths up to the source width', () => {
    expect(widthsFor(400)).toEqual([240, 360, 400]);
    expect(widthsFor(1600)).toEqual([240, 360, 480, 720, 960, 1280]);
    expect(widthsFor(1600, 480)).toEqual([240, 360, 480]);
    // The thumbnail width only where asked for (a 64 px thumbnail), and for every image in the catalog's list.
    expect(widthsFor(1600, 240, THUMB_WIDTH)).toEqual([128, 240]);
    expect(widthsFor(1600, THUMB_WIDTH, THUMB_WIDTH)).toEqual([128]);
    expect(widthsFor(100, THUMB_WIDTH, THUMB_WIDTH)).toEqual([100]);
    expect(widthsFor(400, undefined, THUMB_WIDTH)).toEqual([128, 240, 360, 400]);
  });
  it("names a thumbnail the catalog's widths always make (the cart lines' image from the shop API)", () => {
    expect(thumbnailPath('0123456789abcdef', 800)).toBe('/_img/0123456789abcdef-128.webp');
    expect(thumbnailPath('0123456789abcdef', 90)).toBe('/_img/0123456789abcdef-90.webp');
    for (let width = 1; width <= 3000; width++) {
      const made = widthsFor(width, undefined, THUMB_WIDTH).map((w) => derivativePath('h', w));
      expect(made, `a ${width} px source`).toContain(thumbnailPath('h', width));
    }
  });
});

describe('editor headings', () => {
  it('start at h2 below the page title, keeping their steps', async () => {
    const { sanitizeEditorHtml } = await import('../../../src/catalog/sanitize.ts');
    expect(sanitizeEditorHtml('<h3>A</h3><p>x</p><h4 class="y">B</h4>')).toBe('<h2>A</h2><p>x</p><h3>B</h3>');
    expect(sanitizeEditorHtml('<h1>A</h1><h3>B</h3>')).toBe('<h2>A</h2><h3>B</h3>');
    expect(sanitizeEditorHtml('<p>kein Titel</p>')).toBe('<p>kein Titel</p>');
  });
});
