/**
 * The local CDN stand-in (scripts/lib/shop-server.ts) follows the site's own `_redirects` and
 * `_headers` as Netlify's parsers read them: the /api proxy rule, headers on what the site serves
 * (not on proxied answers), Netlify's default revalidation, a broken rule failing loudly, and a
 * malformed %-escape answered 400 (not 502).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShopServer } from '../../../scripts/lib/shop-server.ts';

let api: Server;
let shop: Server;
let port = 0;
const seen: string[] = [];
const listen = (s: Server) => new Promise<number>((ok) => s.listen(0, '127.0.0.1', () => ok((s.address() as AddressInfo).port)));

beforeAll(async () => {
  api = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json', 'x-from': 'api' }).end('{"ok":true}');
  });
  const apiPort = await listen(api);
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, 'search.html'), '<!doctype html><title>search</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(join(dir, '_astro/a.B1.js'), 'x');
  writeFileSync(join(dir, '_redirects'), `/api/* http://127.0.0.1:${apiPort}/api/:splat 200\n/search/* /search.html 200\n/alt.html /neu.html 301\n`);
  writeFileSync(
    join(dir, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'none'\n  X-Frame-Options: DENY\n/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n",
  );
  const broken = mkdtempSync(join(tmpdir(), 'broken-'));
  writeFileSync(join(broken, 'index.html'), 'x');
  writeFileSync(join(broken, '_redirects'), '/a\n');
  shop = createShopServer({ sites: { de: dir, ro: broken } });
  port = await listen(shop);
});
afterAll(() => {
  shop.close();
  api.close();
});

function get(
  path: string,
  o: { method?: string; host?: string; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: o.method ?? 'GET', headers: { host: `${o.host ?? 'de'}.localhost:${port}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

test("/api goes where the site's _redirects proxy rule says, with method, body and query string; no site headers on the answer", async () => {
  const r = await get('/api/cart/get?x=1&y=%C3%A4', { method: 'POST', body: '{}' });
  expect(r).toMatchObject({ status: 200, body: '{"ok":true}' });
  expect(r.headers['x-from']).toBe('api');
  expect(r.headers['content-security-policy']).toBeUndefined();
  expect(seen.at(-1)).toBe('POST /api/cart/get?x=1&y=%C3%A4');
});

test('every page, rewrite, redirect and 404 carries the _headers; HTML revalidates, hashed assets are immutable', async () => {
  for (const [path, status] of [
    ['/', 200],
    ['/search/akku', 200],
    ['/alt.html', 301],
    ['/gibt-es-nicht', 404],
  ] as const) {
    const r = await get(path);
    expect(r.status, path).toBe(status);
    expect(r.headers['content-security-policy'], path).toBe("default-src 'none'");
    expect(r.headers['x-frame-options'], path).toBe('DENY');
  }
  expect((await get('/')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect((await get('/search/akku')).body).toContain('<title>search</title>');
  expect((await get('/_astro/a.B1.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a malformed %-escape is a 400, for the API (in its error shape) and for pages; the API is never asked', async () => {
  const before = seen.length;
  const r = await get("/api/ExternalOrderApi/customer/?email=x%1'");
  expect(r.status).toBe(400);
  expect(JSON.parse(r.body)).toMatchObject({ status_code: 400, status: 'error' });
  expect((await get('/api/cart/get?x=%E0%A4%A')).status).toBe(400);
  expect((await get('/bad%zzpath.html')).status).toBe(400);
  expect((await get('/%C3%28.html')).status).toBe(400);
  expect(seen.length).toBe(before);
});

test('rules Netlify would reject fail loudly (500 naming the problem), not silently', async () => {
  const r = await get('/', { host: 'ro' });
  expect(r.status).toBe(500);
  expect(r.body).toMatch(/Netlify would reject these rules[\s\S]*Missing destination/);
});
