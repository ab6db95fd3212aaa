import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE, compileTemplate, isTemplate, regionEnd, regionStart, templatePages } from '../../../src/catalog/variant-template.ts';

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
    expect(text(compileTemplate(template)(key))).toBe(page);
  });

  it('leaves a page without markers as it is', () => {
    expect(text(compileTemplate(bytes('<p>a</p>'))('21'))).toBe('<p>a</p>');
  });

  it('keeps regions that stand side by side or at either end', () => {
    const page = compileTemplate(bytes(region('1', 'a'), region('2', 'b'), 'x', region('1', 'c'), region('2', 'd')));
    expect(['1', '2', '3'].map((key) => text(page(key)))).toEqual(['axc', 'bxd', 'x']);
  });

  it('does not mistake one key for another that starts alike', () => {
    const page = compileTemplate(bytes(region('2', 'two'), region('21', 'twenty-one')));
    expect(text(page('2'))).toBe('two');
    expect(text(page('21'))).toBe('twenty-one');
  });

  it('tells a template from a page', () => {
    expect(isTemplate(template)).toBe(true);
    expect(isTemplate(compileTemplate(template)('21'))).toBe(false);
    expect(isTemplate(bytes('<p>a</p>'))).toBe(false);
  });

  it('refuses a template whose markers do not pair', () => {
    expect(() => compileTemplate(bytes(regionStart('1'), 'a'))).toThrow(/without its end/);
    expect(() => compileTemplate(bytes('a', regionEnd('1')))).toThrow(/end without its start/);
    expect(() => compileTemplate(bytes(region('1', 'a'), regionStart('2').slice(0, -1)))).toThrow(/end of its marker/);
  });

  it('takes a private-use character in a text for text, not for a marker', () => {
    const glyphs = '\uE000\uE001 \uE000p\uE001 \uE000/p\uE001';
    const page = compileTemplate(bytes(`<p>${glyphs}</p>`, region('1', `<b>${glyphs}</b>`)));
    expect(text(page('1'))).toBe(`<p>${glyphs}</p><b>${glyphs}</b>`);
    expect(text(page('2'))).toBe(`<p>${glyphs}</p>`);
  });
});

describe('templatePages', () => {
  // Product 1 has the variant pages 21 and 22; product 2 has none; /c.html is a category.
  const routes = new Map([
    ['/p1.html', { kind: 'product', id: 1 }],
    ['/p1-s.html', { kind: 'variant', id: 21, productId: 1 }],
    ['/p1-m.html', { kind: 'variant', id: 22, productId: 1 }],
    ['/p2.html', { kind: 'product', id: 2 }],
    ['/c.html', { kind: 'category', id: 5 }],
  ]);
  const lookup = { routeOf: (path: string) => routes.get(path), hasVariantPages: (id: number) => id === 1 };
  const response = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html' } });
  const counting = (body: () => string | Promise<string>) => {
    const calls: number[] = [];
    const render = async () => {
      calls.push(1);
      return response(await body());
    };
    return { calls, render };
  };
  it('renders a product with variant pages once and cuts each of its pages from it', async () => {
    const page = templatePages(lookup);
    const { calls, render } = counting(() => new TextDecoder().decode(template));
    // The three pages asked at once, as Astro's concurrent pages are.
    const [p, s, m] = await Promise.all(['/p1.html', '/p1-s.html', '/p1-m.html'].map((path) => page(path, render)));
    expect(calls.length).toBe(1);
    expect(await p!.text()).toBe('<head><title>P</title></head><body><article data-variant-id="21"><h1>P</h1>\n<p>79,99 €</p></article></body>');
    expect(await s!.text()).toContain('<h1>P – S</h1>');
    expect(await m!.text()).toContain('<h1>P – M</h1>');
    expect(p!.headers.get('content-type')).toBe('text/html');
  });

  it('leaves every other page to its own render', async () => {
    const page = templatePages(lookup);
    const { calls, render } = counting(() => '<p>page</p>');
    expect(await (await page('/p2.html', render)).text()).toBe('<p>page</p>');
    expect(await (await page('/c.html', render)).text()).toBe('<p>page</p>');
    expect(await (await page('/elsewhere.json', render)).text()).toBe('<p>page</p>');
    expect(calls.length).toBe(3);
  });

  it('fails the pages of a product whose page is no template, and tries again on the next', async () => {
    const page = templatePages(lookup);
    let body = '<p>no template</p>';
    const { calls, render } = counting(() => body);
    await expect(page('/p1-s.html', render)).rejects.toThrow(/no template/);
    body = new TextDecoder().decode(template);
    expect(await (await page('/p1-m.html', render)).text()).toContain('<h1>P – M</h1>');
    expect(calls.length).toBe(2);
  });

  it('keeps the templates of the last products only', async () => {
    const many = { routeOf: (path: string) => ({ kind: 'product', id: Number(path.slice(1)) }), hasVariantPages: () => true };
    const page = templatePages(many, 2);
    const { calls, render } = counting(() => new TextDecoder().decode(template));
    for (const id of [1, 2, 3, 1]) await page(`/${id}`, render);
    expect(calls.length).toBe(4);
    await page('/1', render);
    expect(calls.length).toBe(4);
  });
});
