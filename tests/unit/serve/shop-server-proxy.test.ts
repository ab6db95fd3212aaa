/** The local CDN stand-in (scripts/lib/shop-server.ts) forwarding /api: it must outlive browsers that give up. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShopServer } from '../../../scripts/lib/shop-server.ts';

let api: Server;
let shop: Server;
let port = 0;
let apiPort = 0;

const listen = (s: Server) => new Promise<number>((ok) => s.listen(0, '127.0.0.1', () => ok((s.address() as AddressInfo).port)));

beforeAll(async () => {
  // An API that answers slowly: long enough for the client to give up first.
  api = createServer((req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), req.url === '/api/slow' ? 150 : 0));
  apiPort = await listen(api);
  const dir = mkdtempSync(join(tmpdir(), 'shop-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  shop = createShopServer({ sites: { de: dir }, apiUrl: `http://127.0.0.1:${apiPort}` });
  port = await listen(shop);
});
afterAll(() => {
  shop.close();
  api.close();
});

function get(path: string, abortAfterMs?: number): Promise<{ status: number; body: string } | 'aborted'> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `de.localhost:${port}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (e) => (abortAfterMs !== undefined ? resolve('aborted') : reject(e)));
    req.end();
    if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
  });
}

test('a browser that aborts an /api call before the API answers does not bring the server down', async () => {
  expect(await get('/api/slow', 20)).toBe('aborted');
  await new Promise((r) => setTimeout(r, 250));
  expect(await get('/api/fast')).toEqual({ status: 200, body: '{"ok":true}' });
  expect(((await get('/')) as { status: number }).status).toBe(200);
});

test('an API that is down answers 502 with the connection message in the API error shape', async () => {
  const down = createShopServer({ sites: { de: tmpdir() }, apiUrl: 'http://127.0.0.1:9' });
  const downPort = await listen(down);
  const answer = await new Promise<{ status: number; body: string }>((resolve) => {
    request({ host: '127.0.0.1', port: downPort, path: '/api/cart/get', method: 'POST', headers: { host: `de.localhost:${downPort}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).end('{}');
  });
  down.close();
  expect(answer.status).toBe(502);
  expect(JSON.parse(answer.body)).toMatchObject({ status_code: 502, message: 'There was an error connecting to the server. Please try again later.' });
});

test("over HTTP/2 with TLS (the benchmarks' CDN stand-in) it serves the shop by :authority and forwards /api", async () => {
  const { connect } = await import('node:http2');
  const { createSecureShopServer } = await import('../../../scripts/lib/shop-server.ts');
  const { localCertificate } = await import('../../../scripts/lib/tls.ts');
  const tls = localCertificate(mkdtempSync(join(tmpdir(), 'tls-')));
  const dir = mkdtempSync(join(tmpdir(), 'shop-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>h2</title>');
  const secure = createSecureShopServer({ sites: { de: dir }, apiUrl: `http://127.0.0.1:${apiPort}`, ...tls });
  const securePort = await new Promise<number>((ok) => secure.listen(0, '127.0.0.1', () => ok((secure.address() as AddressInfo).port)));
  const client = connect(`https://de.localhost:${securePort}`, { ca: tls.cert, lookup: (_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]) as never });
  const get = (path: string) =>
    new Promise<{ status: number; body: string; encoding?: string }>((resolve, reject) => {
      const req = client.request({ ':path': path });
      let status = 0;
      let encoding: string | undefined;
      let body = '';
      req.on('response', (h) => {
        status = Number(h[':status']);
        encoding = h['content-encoding'] as string | undefined;
      });
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => resolve({ status, body, encoding }));
      req.on('error', reject);
      req.end();
    });
  try {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>h2</title>');
    expect(await get('/api/fast')).toMatchObject({ status: 200, body: '{"ok":true}' });
  } finally {
    client.close();
    secure.close();
  }
});
