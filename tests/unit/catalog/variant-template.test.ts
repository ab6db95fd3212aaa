import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE, compileTemplate, productsWithVariantPages, regionEnd, regionStart, templatesOn } from '../../../src/catalog/variant-template.ts';

const region = (key: string, inner: string) => `${regionStart(key)}${inner}${regionEnd(key)}`;
const bytes = (...parts: string[]) => new TextEncoder().encode(parts.join(''));
const text = (page: Uint8Array) => new TextDecoder().decode(page);
const template = bytes(
  '<head>',
  region(PRODUCT_PAGE, '<title>P</title>'),
  region('21', '<title>P – S</title>'),
  region('22', '<title>P – M</title>'),
  '</head><body>',
  `<article data-variant-id="${region(PRODUCT_PAGE, '21')}${region('21', '21')}${region('22', '22')}">`,
  region(PRODUCT_PAGE, '<h1>P</h1>\n<p>79,99 €</p>'),
  region('21', '<h1>P – S</h1>'),
  region('22', '<h1>P – M</h1>'),
  '</article></body>',
);

describe('compileTemplate', () => {
  it.each([
    [PRODUCT_PAGE, '<head><title>P</title></head><body><article data-variant-id="21"><h1>P</h1>\n<p>79,99 €</p></article></body>'],
    ['21', '<head><title>P – S</title></head><body><article data-variant-id="21"><h1>P – S</h1></article></body>'],
    ['22', '<head><title>P – M</title></head><body><article data-variant-id="22"><h1>P – M</h1></article></body>'],
    // A key without copies keeps only what every page shares.
    ['99', '<head></head><body><article data-variant-id=""></article></body>'],
  ])('key %s', (key, page) => {
    expect(text(compileTemplate(template).page(key))).toBe(page);
    // The parts the build writes in one vectored write are the page.
    expect(text(Buffer.concat(compileTemplate(template).parts(key)))).toBe(page);
  });

  it('names the pages it holds, each once', () => {
    expect(compileTemplate(template).keys).toEqual([PRODUCT_PAGE, '21', '22']);
  });

  it('refuses a page without markers (no template)', () => {
    expect(() => compileTemplate(bytes('<p>a</p>'))).toThrow(/not a template/);
    expect(() => compileTemplate(compileTemplate(template).page('21'))).toThrow(/not a template/);
  });

  it("cuts a template of an earlier build (another marker word) by that template's own markers", () => {
    const earlier = bytes(text(template).replaceAll(regionStart('x').slice(1, 17), 'a'.repeat(16)));
    expect(text(earlier)).not.toContain(regionStart('21'));
    expect(text(compileTemplate(earlier).page('22'))).toBe(text(compileTemplate(template).page('22')));
  });

  it('keeps regions that stand side by side or at either end', () => {
    const { page } = compileTemplate(bytes(region('1', 'a'), region('2', 'b'), 'x', region('1', 'c'), region('2', 'd')));
    expect(['1', '2', '3'].map((key) => text(page(key)))).toEqual(['axc', 'bxd', 'x']);
  });

  it('does not mistake one key for another that starts alike', () => {
    const { page } = compileTemplate(bytes(region('2', 'two'), region('21', 'twenty-one')));
    expect(text(page('2'))).toBe('two');
    expect(text(page('21'))).toBe('twenty-one');
  });

  it('refuses a template whose markers do not pair', () => {
    expect(() => compileTemplate(bytes(regionStart('1'), 'a'))).toThrow(/without its end/);
    expect(() => compileTemplate(bytes('a', regionEnd('1')))).toThrow(/end without its start/);
    expect(() => compileTemplate(bytes(region('1', 'a'), regionStart('2').slice(0, -1)))).toThrow(/end of its marker/);
  });

  it('takes a private-use character in a text for text, not for a marker', () => {
    const glyphs = '\uE000\uE001 \uE000p\uE001 \uE000/p\uE001';
    const { page } = compileTemplate(bytes(`<p>${glyphs}</p>`, region('1', `<b>${glyphs}</b>`)));
    expect(text(page('1'))).toBe(`<p>${glyphs}</p><b>${glyphs}</b>`);
    expect(text(page('2'))).toBe(`<p>${glyphs}</p>`);
  });
});

describe('productsWithVariantPages', () => {
  it('names each product with variant pages, its page file and its variant pages in the order of the routes', () => {
    const routes = [
      { path: '/c.html', kind: 'category', id: 5 },
      { path: '/p1-m.html', kind: 'variant', id: 22, productId: 1 },
      { path: '/p1-s.html', kind: 'variant', id: 21, productId: 1 },
      { path: '/p1.html', kind: 'product', id: 1 },
      { path: '/p2.html', kind: 'product', id: 2 },
      { path: '/tools/p3-l.html', kind: 'variant', id: 31, productId: 3 },
      { path: '/tools/p3.html', kind: 'product', id: 3 },
    ];
    expect(productsWithVariantPages(routes)).toEqual([
      {
        file: 'p1.html',
        variants: [
          { key: '22', file: 'p1-m.html' },
          { key: '21', file: 'p1-s.html' },
        ],
      },
      { file: 'tools/p3.html', variants: [{ key: '31', file: 'tools/p3-l.html' }] },
    ]);
  });
});

describe('templatesOn', () => {
  it.each([
    [{}, true],
    [{ VARIANT_PAGES: '' }, true],
    [{ VARIANT_PAGES: 'rendered' }, false],
  ])('%o: %s', (env, on) => expect(templatesOn(env)).toBe(on));
});
