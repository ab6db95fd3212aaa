/**
 * Issue 16: a shop whose product and variant pages are in shard folders (src/catalog/shards.ts)
 * serves the same site at the same addresses as a flat one.
 *
 * A small sample catalog is built sharded (PAGE_SHARDS_FROM=1), changed (one price) and built
 * again incrementally, and built flat from scratch. The sharded site must hold the flat site's
 * files byte for byte, the product and variant pages at their shard paths and nothing else moved
 * (Pagefind's fragments stay in their folder: decision 0019),
 * with two files that differ: `_headers` (its document rule for the shard folder) and
 * `_redirects` (no `/product/{id}` rules: the maps in `_product-ids/` answer them). The local CDN
 * stand-in (as the Edge Function on Netlify) must answer every sitemap address with the flat
 * site's page and the page's headers, every search fragment with the flat site's, every `/product/{id}` and superseded address with its
 * redirect, and an unknown one with the 404 page.
 */
import { type BigIntStats, readFileSync, readdirSync, statSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopBuild } from '../../scripts/lib/build-shops.ts';
import { createShopServer } from '../../scripts/lib/shop-server.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { SHARD_FOLDER, productMapFileOf, shardFileOf } from '../../src/catalog/shards.ts';
import { astroCacheDir } from '../../src/integrations/incremental.ts';
import { files, root, sampleSite, type Json } from './sample-site.ts';

const PRODUCTS = 30;
const { base, reset, build, readNdjson, writeNdjson } = sampleSite('test-shards', PRODUCTS);

let first: ShopBuild;
let rebuilt: ShopBuild;
let server: Server;
let port = 0;
/** Root-level product and variant page files. */
let productFiles: string[] = [];
let changedUrl = '';
let keptPage = '';
let keptBefore: BigIntStats;
/** The sharded site's search index files (path: inode and change time) before and after the rebuild. */
let searchBefore: Map<string, string>;
let searchAfter: Map<string, string>;
const searchFiles = () => {
  const dir = join(base, 'sharded-dist/de/pagefind');
  const found = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const st = statSync(join(e.parentPath, e.name), { bigint: true });
    found.set(relative(dir, join(e.parentPath, e.name)), `${st.ino}:${st.ctimeNs}`);
  }
  return found;
};
/** Every shown product's `/product/{id}` target. */
let productUrls: { id: number; url: string }[] = [];
let productIds: number[] = [];

function get(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `de.localhost:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  reset(['sharded', 'flat']);
  first = await build('sharded', { PAGE_SHARDS_FROM: '1' });
  // An editor's change between the two builds: one price.
  const products = readNdjson('products.ndjson');
  const product = products.find((p) => p.variants.every((v: Json) => Number(v.prices.EUR.price) > 0))!;
  product.variants[0].prices.EUR.price = '98.76';
  changedUrl = product.url.de_DE as string;
  writeNdjson('products.ndjson', products);
  // A variant page of another product, written from its template (decision 0013): the rebuild keeps its file.
  const written = JSON.parse(readFileSync(join(root, astroCacheDir('de', join(base, 'sharded-dist')), 'variant-pages.json'), 'utf8')) as {
    products: Record<string, { variants: string[] }>;
  };
  const [, { variants }] = Object.entries(written.products).find(([file]) => `/${file}` !== changedUrl && file !== changedUrl)!;
  keptPage = shardFileOf(variants[0]!);
  keptBefore = statSync(join(base, 'sharded-dist/de', keptPage), { bigint: true });
  searchBefore = searchFiles();
  rebuilt = await build('sharded', { PAGE_SHARDS_FROM: '1' });
  searchAfter = searchFiles();
  await build('flat', { INCREMENTAL: 'off' });
  const catalog = new Catalog(join(base, 'flat-index/de.sqlite'));
  productFiles = catalog
    .routes()
    .filter((r) => r.kind === 'product' || r.kind === 'variant')
    .map((r) => r.path.slice(1));
  productUrls = catalog.productUrls();
  productIds = productUrls.map((p) => p.id);
  server = createShopServer({ sites: { de: join(base, 'sharded-dist/de') } });
  port = await new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)));
}, 900_000);
afterAll(() => server?.close());

describe('a shop with its product pages in shards', () => {
  it('renders the changed page again and reuses the rest, the pages written from templates too', () => {
    expect(first.reused ?? 0).toBe(0);
    expect(rebuilt.changes).toMatch(/1 product/);
    expect(rebuilt.rendered).toBeGreaterThan(0);
    expect(rebuilt.reused).toBeGreaterThan(rebuilt.rendered!);
    // Moved back out of its shard, kept, and moved into it again: the same file.
    const kept = statSync(join(base, 'sharded-dist/de', keptPage), { bigint: true });
    expect([kept.ino, kept.mtimeNs]).toEqual([keptBefore.ino, keptBefore.mtimeNs]);
  });

  it('leaves the search index in place when a price changed: its fragments not moved or linked again', () => {
    expect([...searchAfter.keys()].filter((f) => f.startsWith('fragment/')).length).toBeGreaterThan(PRODUCTS / 2);
    expect(searchAfter).toEqual(searchBefore);
  });

  it("holds the flat site's files, the product and variant pages in their shards", () => {
    const flat = files(join(base, 'flat-dist/de'));
    const sharded = files(join(base, 'sharded-dist/de'));
    expect(productFiles.length).toBeGreaterThan(PRODUCTS);
    const moved = new Set(productFiles);
    const inShard = (f: string) => (moved.has(f) ? shardFileOf(f) : f);
    const maps = [...new Set(productIds.map((id) => productMapFileOf(id)))];
    const expected = [...[...flat.keys()].map(inShard), ...maps].sort();
    expect([...sharded.keys()].sort()).toEqual(expected);
    const different = [...flat.keys()].filter((f) => !flat.get(f)!.equals(sharded.get(inShard(f))!));
    expect(different.sort()).toEqual(['_headers', '_redirects']);
    expect(sharded.get('_headers')!.toString()).toContain(`/${SHARD_FOLDER}/:name/*\n  Content-Security-Policy:`);
    // The same policy (the inline scripts' and styles' hashes of the same pages, read or taken from their templates).
    const policies = (f: Buffer) =>
      new Set(
        f
          .toString()
          .split('\n')
          .filter((l) => l.includes('Content-Security-Policy:')),
      );
    expect(policies(sharded.get('_headers')!)).toEqual(policies(flat.get('_headers')!));
    // /product/{id}: a rule per product in the flat site, the maps in the sharded one; the other rules the same.
    const rules = (f: Buffer) => f.toString().split('\n');
    expect(rules(flat.get('_redirects')!).filter((l) => l.startsWith('/product/')).length).toBe(productIds.length);
    expect(rules(sharded.get('_redirects')!)).toEqual(rules(flat.get('_redirects')!).filter((l) => !l.startsWith('/product/')));
    expect(readFileSync(join(base, `sharded-dist/de/${shardFileOf(changedUrl)}`), 'utf8')).toMatch(/data-pm="[^"]*n:9876"/);
  });

  it('keeps one copy of each page: a page in its shard is the page cache’s file, but for the pages written from a template', () => {
    const cacheDir = join(root, astroCacheDir('de', join(base, 'sharded-dist')));
    const cache = join(cacheDir, 'dist');
    // Decision 0013: a product with variant pages has its template in the cache; its pages are written from it.
    const written = JSON.parse(readFileSync(join(cacheDir, 'variant-pages.json'), 'utf8')) as { products: Record<string, { variants: string[] }> };
    const fromTemplates = new Set(Object.entries(written.products).flatMap(([file, { variants }]) => [file, ...variants]));
    expect(fromTemplates.size).toBeGreaterThan(2);
    const cached = productFiles.filter((f) => !fromTemplates.has(f));
    expect(cached.length).toBeGreaterThan(PRODUCTS / 2);
    const separate = cached.filter((f) => statSync(join(base, 'sharded-dist/de', shardFileOf(f))).ino !== statSync(join(cache, f)).ino);
    expect(separate).toEqual([]);
  });

  it('answers every address of the sitemap and every search fragment as the flat site does', async () => {
    const dist = join(base, 'sharded-dist/de');
    const sitemap = readdirSync(dist)
      .filter((f) => /^sitemap.*\.xml$/.test(f))
      .map((f) => readFileSync(join(dist, f), 'utf8'))
      .join('');
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => !p.endsWith('.xml'));
    expect(paths.filter((p) => productFiles.includes(p.slice(1))).length).toBe(productFiles.length);
    const flatDir = join(base, 'flat-dist/de');
    const wrong: string[] = [];
    for (const path of paths) {
      const answer = await get(encodeURI(path));
      const flatFile = path === '/' ? 'index.html' : path.endsWith('.html') ? path.slice(1) : `${path.slice(1)}.html`;
      if (answer.status !== 200 || answer.body !== readFileSync(join(flatDir, flatFile), 'utf8')) wrong.push(`${path}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
    const page = await get(`/${productFiles[0]}`);
    expect(page.headers['content-security-policy']).toMatch(/script-src/);
    // The search fragments at their own addresses, as Pagefind's script asks for them.
    const fragments = readdirSync(join(flatDir, 'pagefind/fragment'));
    for (const name of fragments) {
      const answer = await get(`/pagefind/fragment/${name}`);
      if (answer.status !== 200 || answer.body !== readFileSync(join(flatDir, 'pagefind/fragment', name), 'utf8')) wrong.push(`fragment ${name}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('redirects a superseded address and /product/{id}, and answers an unknown one with the 404 page', async () => {
    const rule = readFileSync(join(base, 'sharded-dist/de/_redirects'), 'utf8')
      .split('\n')
      .find((l) => / 301$/.test(l) && !l.startsWith('/product/'));
    expect(rule, 'the sample has superseded URLs').toBeDefined();
    const [from, to] = rule!.split(' ');
    const answer = await get(from!);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(to);
    const wrong: string[] = [];
    for (const { id, url } of productUrls) {
      const answer = await get(`/product/${id}`);
      if (answer.status !== 301 || answer.headers.location !== url) wrong.push(`/product/${id}: ${answer.status} ${answer.headers.location}`);
    }
    expect(wrong).toEqual([]);
    expect((await get('/product/999999')).status).toBe(404);
    const missing = await get('/kein-solches-produkt.html');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(readFileSync(join(base, 'sharded-dist/de/404.html'), 'utf8'));
  });
});
