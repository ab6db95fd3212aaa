/** Page shards (issue 16): the address rule, the Edge Function, its declaration and the build's move. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pageShards, { PATTERN } from '../../netlify/edge/page-shards.ts';
import { declareEdgeFunctions, EDGE_FUNCTION, FRAMEWORK_CONFIG } from '../../scripts/lib/edge-functions.ts';
import { SHARD_FROM, productIdOf, productMapFileOf, productTargetIn, shardFileOf, shardPathOf } from '../../src/catalog/shards.ts';
import { movePagesToShards, pageFileInShards, pagesInShards, shardFrom, writeProductMaps } from '../../src/integrations/page-shards.ts';
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { getShop } from '../../src/shops/index.ts';
import { writeMiniExport } from '../fixtures/mini-export.ts';

const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shards-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.unstubAllGlobals();
});

describe('shardFileOf', () => {
  it('puts a page in one of 256 folders, always the same one', () => {
    expect(shardFileOf('akku-bohrschrauber.html')).toMatch(/^_p\/[0-9a-f]{2}\/akku-bohrschrauber\.html$/);
    expect(shardFileOf('akku-bohrschrauber.html')).toBe(shardFileOf('akku-bohrschrauber.html'));
    expect(shardFileOf('akku-bohrschrauber.html')).not.toBe(shardFileOf('akku-bohrschrauber-rot.html'));
  });

  it('spreads 260,000 pages (a 100,000-product shop) far below 54,000 files a folder', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 260_000; i++) {
      const folder = shardFileOf(`produkt-${i}-variante.html`).split('/')[1]!;
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
    }
    expect(counts.size).toBe(256);
    expect(Math.max(...counts.values())).toBeLessThan(1_200);
  });

  it('hashes the UTF-8 bytes of a name (the same in Node and in the Edge Function)', () => {
    expect(shardFileOf('sägeblatt.html')).not.toBe(shardFileOf('sageblatt.html'));
  });
});

describe('shardPathOf', () => {
  it.each([
    ['/akku.html', `/${shardFileOf('akku.html')}`],
    ['/akku', `/${shardFileOf('akku.html')}`],
    ['/sägeblatt.html', `/${shardFileOf('sägeblatt.html')}`],
    ['/', undefined],
    ['/index.html', undefined],
    ['/robots.txt', undefined],
    ['/.env', undefined],
    ['/blog/artikel.html', undefined],
    ['/_p/3f/akku.html', undefined],
    ['akku.html', undefined],
  ])('%s -> %s', (path, shard) => {
    expect(shardPathOf(path)).toBe(shard);
  });

  it("the Edge Function's pattern takes the root pages and leaves files and folders", () => {
    const re = new RegExp(PATTERN);
    for (const p of ['/akku.html', '/akku', '/a.b.html', '/product/12']) expect(re.test(p), p).toBe(true);
    for (const p of [
      '/',
      '/robots.txt',
      '/_astro/x.js',
      '/_p/3f/akku.html',
      '/api/cart',
      '/product/x',
      '/product/12/y',
      '/pagefind/pagefind.js',
      '/pagefind/fragment/de_1f6d.pf_fragment',
      '/pagefind/parts/0123456789abcdef/fragment/de_1f6d.pf_fragment',
    ])
      expect(re.test(p), p).toBe(false);
  });
});

describe('/product/{id} in a sharded shop', () => {
  it.each([
    ['/product/12', 12],
    ['/product/1234567890', 1234567890],
    ['/product/0', undefined],
    ['/product/012', undefined],
    ['/product/12/', undefined],
    ['/product/', undefined],
    ['/produkt/12', undefined],
  ])('%s is product %s', (path, id) => {
    expect(productIdOf(path)).toBe(id);
  });

  it('spreads the ids over 256 maps by their low byte', () => {
    expect(productMapFileOf(1)).toBe('_product-ids/01.json');
    expect(productMapFileOf(257)).toBe('_product-ids/01.json');
    expect(productMapFileOf(255)).toBe('_product-ids/ff.json');
  });

  it('reads a target from a map, and nothing from a corrupt map or a foreign value', () => {
    expect(productTargetIn('{"12":"/akku.html"}', 12)).toBe('/akku.html');
    expect(productTargetIn('{"12":"/akku.html"}', 13)).toBeUndefined();
    expect(productTargetIn('{"12":"//evil.example/x"}', 12)).toBeUndefined();
    expect(productTargetIn('{"12":"https://evil.example/x"}', 12)).toBeUndefined();
    expect(productTargetIn('{"12":5}', 12)).toBeUndefined();
    expect(productTargetIn('null', 12)).toBeUndefined();
    expect(productTargetIn('<!doctype html>', 12)).toBeUndefined();
  });

  it('the build writes each id into its map', () => {
    const out = temp();
    expect(
      writeProductMaps(out, [
        { id: 1, url: '/a.html' },
        { id: 257, url: '/b.html' },
        { id: 2, url: '/c.html' },
      ]),
    ).toBe(2);
    expect(JSON.parse(readFileSync(join(out, productMapFileOf(1)), 'utf8'))).toEqual({ 1: '/a.html', 257: '/b.html' });
    expect(JSON.parse(readFileSync(join(out, productMapFileOf(2)), 'utf8'))).toEqual({ 2: '/c.html' });
  });
});

describe('the page-shards Edge Function', () => {
  const context = (status: number) => ({ next: async () => new Response(status === 404 ? 'not found' : 'page', { status }) });

  it('rewrites a page the site has no file, rule or redirect for to its shard', async () => {
    const c = context(404);
    const answer = await pageShards(new Request('https://shop.de/s%C3%A4geblatt.html?x=1'), c);
    expect(answer).toBeInstanceOf(URL);
    expect(decodeURIComponent((answer as URL).pathname)).toBe(`/${shardFileOf('sägeblatt.html')}`);
    expect((answer as URL).origin).toBe('https://shop.de');
  });

  it("passes on what the rest of Netlify's chain answers: a page at the root, a redirect", async () => {
    for (const status of [200, 301, 302]) {
      const answer = await pageShards(new Request('https://shop.de/kategorie.html'), context(status));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(status);
    }
  });

  it('answers /product/{id} with a 301 to the product page from its map', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      fetched.push(url.href);
      return new Response(url.pathname === `/${productMapFileOf(12)}` ? '{"12":"/akku.html"}' : 'no', { status: url.pathname === `/${productMapFileOf(12)}` ? 200 : 404 });
    });
    const answer = (await pageShards(new Request('https://shop.de/product/12?utm_source=mail'), context(404))) as Response;
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('https://shop.de/akku.html?utm_source=mail');
    expect(fetched).toEqual([`https://shop.de/${productMapFileOf(12)}`]);
    // An id no map holds, and a map that cannot be fetched: the 404 page.
    expect(((await pageShards(new Request('https://shop.de/product/13'), context(404))) as Response).status).toBe(404);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network');
    });
    expect(((await pageShards(new Request('https://shop.de/product/12'), context(404))) as Response).status).toBe(404);
  });

  it('leaves other paths, other methods and malformed escapes to the chain', async () => {
    for (const [url, method] of [
      ['https://shop.de/robots.txt', 'GET'],
      ['https://shop.de/akku.html', 'POST'],
      ['https://shop.de/%E0%A4%A.html', 'GET'],
    ] as const) {
      const answer = await pageShards(new Request(url, { method }), context(404));
      expect(answer, url).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(404);
    }
  });
});

describe('declareEdgeFunctions', () => {
  it('declares the function for a sharded site and removes it for a flat one', () => {
    const base = temp();
    const site = join(base, 'dist/site');
    mkdirSync(join(site, '_p/3f'), { recursive: true });
    expect(declareEdgeFunctions(site, base)).toBe(true);
    expect(readFileSync(join(base, EDGE_FUNCTION), 'utf8')).toContain("export { default } from '../../../netlify/edge/page-shards.ts';");
    expect(JSON.parse(readFileSync(join(base, FRAMEWORK_CONFIG), 'utf8'))).toEqual({ edge_functions: [{ function: 'page-shards', pattern: PATTERN }] });
    rmSync(join(site, '_p'), { recursive: true });
    expect(declareEdgeFunctions(site, base)).toBe(false);
    expect(existsSync(join(base, EDGE_FUNCTION))).toBe(false);
    expect(existsSync(join(base, FRAMEWORK_CONFIG))).toBe(false);
  });
});

describe('the build', () => {
  it('moves root product pages into their shards and leaves the rest', () => {
    const out = temp();
    mkdirSync(join(out, 'blog'));
    for (const f of ['akku.html', 'akku-rot.html', 'kategorie.html', 'blog/artikel.html']) writeFileSync(join(out, f), f);
    expect(movePagesToShards(out, ['/akku.html', '/akku-rot.html', '/blog/artikel.html', '/gone.html'])).toBe(2);
    expect(readdirSync(out).sort()).toEqual(['_p', 'blog', 'kategorie.html']);
    expect(readFileSync(join(out, shardFileOf('akku-rot.html')), 'utf8')).toBe('akku-rot.html');
    expect(readFileSync(join(out, 'blog/artikel.html'), 'utf8')).toBe('blog/artikel.html');
  });

  it('shards a shop from as many product and variant pages as PAGE_SHARDS_FROM says, counted in its catalog index', async () => {
    const dbFile = join(temp(), 'de.sqlite');
    await buildCatalogIndex({ exportDir: await writeMiniExport(temp()), shop: getShop('de'), dbFile, force: true });
    const catalog = new Catalog(dbFile);
    const pages = catalog.routes().filter((r) => r.kind === 'product' || r.kind === 'variant').length;
    expect(pages).toBeGreaterThan(2);
    expect(catalog.countRoutes(['product', 'variant'])).toBe(pages);
    expect(catalog.countRoutes(['product'])).toBe(catalog.routes().filter((r) => r.kind === 'product').length);
    expect(pagesInShards(catalog, pages)).toBe(true);
    expect(pagesInShards(catalog, pages + 1)).toBe(false);
  });

  it("says where a page file lies once moved: a root page in its shard, one in a folder where it was (the CSP scan's pages from templates)", () => {
    const out = temp();
    writeFileSync(join(out, 'akku.html'), 'a');
    mkdirSync(join(out, 'gruppe'));
    writeFileSync(join(out, 'gruppe/akku.html'), 'b');
    movePagesToShards(out, ['/akku.html', '/gruppe/akku.html']);
    expect(readFileSync(join(out, pageFileInShards('akku.html')), 'utf8')).toBe('a');
    expect(pageFileInShards('akku.html')).toBe(shardFileOf('akku.html'));
    expect(readFileSync(join(out, pageFileInShards('gruppe/akku.html')), 'utf8')).toBe('b');
  });

  it('reads PAGE_SHARDS_FROM, and stops on a wrong one', () => {
    expect(shardFrom({})).toBe(SHARD_FROM);
    expect(shardFrom({ PAGE_SHARDS_FROM: '1' })).toBe(1);
    expect(() => shardFrom({ PAGE_SHARDS_FROM: 'many' })).toThrow(/PAGE_SHARDS_FROM must be a whole number/);
  });
});
