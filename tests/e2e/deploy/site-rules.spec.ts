/**
 * Each built test shop's generated `_redirects` and `_headers`, parsed with Netlify's own parsers
 * (what a deploy would read), and the headers the local server sends from them, graded like the
 * Mozilla HTTP Observatory (goal A+).
 */
import { expect, test } from '@playwright/test';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { join } from 'node:path';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { gradeResponse, parseCsp } from '../../../scripts/lib/observatory.ts';
import { getShop } from '../../../src/shops/index.ts';
import { parseParts } from '../../../src/catalog/search-parts.ts';
import { testCatalog } from '../setup/catalog.ts';
import { E2E } from '../setup/paths.ts';
import { siteDir, SHOPS } from '../catalog/site-files.ts';

interface ParsedRedirect {
  from: string;
  to: string;
  status?: number;
  proxy?: boolean;
}

for (const shop of SHOPS) {
  test.describe(`${shop} shop's generated rules`, () => {
    test('_redirects: /api proxied to the shop API first, the search shell, old URLs with 301, the withdrawal form with 302', async () => {
      const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [join(siteDir(shop), '_redirects')], configRedirects: [], minimal: false });
      expect(errors).toEqual([]);
      const rules = redirects as ParsedRedirect[];
      expect(rules[0]).toMatchObject({ from: '/api/*', to: `http://127.0.0.1:${E2E.apiPort}/api/:splat`, status: 200, proxy: true });
      expect(rules).toContainEqual(expect.objectContaining({ from: '/search/*', to: '/search.html', status: 200, proxy: false }));
      const catalog = testCatalog(shop);
      expect(rules).toContainEqual(expect.objectContaining({ from: `/product/${F.simpleProductId}`, to: catalog.product(F.simpleProductId)!.url, status: 301 }));
      // Superseded URLs of the fixture's chain A -> B -> C lead to C in one hop.
      if (shop === 'de') {
        const [a, b, c] = F.redirectChain.urls.map((u) => `/${u}`);
        expect(rules).toContainEqual(expect.objectContaining({ from: a, to: c, status: 301 }));
        expect(rules).toContainEqual(expect.objectContaining({ from: b, to: c, status: 301 }));
      }
      expect(rules.at(-1)).toMatchObject({ from: '/widerrufsformular', to: getShop(shop).withdrawalFormUrl, status: 302 });
      // Only the /api rule leaves the site.
      expect(rules.filter((r) => r.proxy).map((r) => r.from)).toEqual(['/api/*']);
    });

    test('_headers: CSP without unsafe-inline or unsafe-eval for scripts, HSTS, framing, referrer, permissions, nosniff; immutable hashed assets', async () => {
      const { headers, errors } = await parseAllHeaders({ headersFiles: [join(siteDir(shop), '_headers')], configHeaders: [], minimal: false });
      expect(errors).toEqual([]);
      // The document headers on the documents' paths (home, '/:page', ...), the rest on every response.
      const all: Record<string, string> = Object.assign({}, ...headers.filter((h) => 'forRegExp' in h && h.forRegExp.test('/')).map((h) => h.values));
      expect(Object.keys(headers.find((h) => h.for === '/*')!.values).sort()).toEqual(['Referrer-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options']);
      expect(headers.map((h) => h.for)).toEqual(expect.arrayContaining(['/', '/:page', '/search/:address/*']));
      const csp = parseCsp([all['Content-Security-Policy']!]);
      const script = [...csp.get('script-src')!];
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
      expect(script.filter((s) => s.startsWith("'sha256-")).length).toBeGreaterThan(0);
      expect([...csp.get('default-src')!]).toEqual(["'none'"]);
      expect([...csp.get('frame-ancestors')!]).toEqual(["'none'"]);
      expect(all['Strict-Transport-Security']).toMatch(/^max-age=(\d{8,})/);
      expect(Number(/max-age=(\d+)/.exec(all['Strict-Transport-Security']!)![1])).toBeGreaterThanOrEqual(31_536_000);
      expect(all['X-Frame-Options']).toBe('DENY');
      expect(all['X-Content-Type-Options']).toBe('nosniff');
      expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(all['Permissions-Policy']).toMatch(/camera=\(\)/);
      expect(all['Cache-Control']).toBeUndefined();
      for (const path of ['/_astro/*', '/pagefind/index/*', '/pagefind/fragment/*', '/pagefind/filter/*', '/pagefind/*.pf_meta', '/pagefind/parts/*']) {
        expect(headers.find((h) => h.for === path)?.values['Cache-Control'], path).toBe('public, max-age=31536000, immutable');
      }
    });

    test('served: every page type carries the document headers once; hashed scripts, styles, images and search chunks only HSTS, nosniff and the referrer rule', async ({
      request,
    }) => {
      const catalog = testCatalog(shop);
      const routes = catalog.routes();
      const get = (path: string) => request.get(`http://127.0.0.1:${E2E.port}${path}`, { headers: { host: `${shop}.localhost:${E2E.port}` }, maxRedirects: 0 });
      const documents = [
        '/',
        catalog.product(F.simpleProductId)!.url,
        catalog.category(F.deepestCategoryId)!.url,
        routes.find((r) => r.kind === 'brand')!.path,
        catalog.content(F.contentPages.imprint)!.url,
        '/cart',
        '/checkout',
        '/login-register',
        '/account',
        '/account/order/12',
        '/guest/invoice/ORD000000012/abc',
        '/forgot-password',
        '/search/Bohrer',
        '/not-found',
        '/gibt-es-nicht',
        '/server-error',
      ];
      const assets = new Set<string>();
      for (const path of documents) {
        const r = await get(path);
        expect([200, 404], path).toContain(r.status());
        const h = r.headersArray();
        for (const name of [
          'content-security-policy',
          'x-frame-options',
          'permissions-policy',
          'cross-origin-opener-policy',
          'strict-transport-security',
          'x-content-type-options',
          'referrer-policy',
        ]) {
          expect(
            h.filter((x) => x.name.toLowerCase() === name).map((x) => x.value),
            `${path} ${name}`,
          ).toHaveLength(1);
        }
        expect(r.headers()['content-security-policy'], path).toContain("default-src 'none'");
        expect(r.headers()['x-frame-options'], path).toBe('DENY');
        // Islands name their modules in component-url and renderer-url (the script islands, decision 0012).
        for (const m of (await r.text()).matchAll(/(?:src|href|component-url|renderer-url)="(\/(?:_astro|_img)\/[^"?]+)"/g)) assets.add(m[1]!);
      }
      const pagefind = (await (await get('/pagefind/pagefind-entry.json')).json()) as { languages: Record<string, { hash: string }> };
      // The search index's other parts (decision 0019; the browser tests' de index has some): in folders a hash names.
      const parts = parseParts(await (await get('/pagefind/pagefind-parts.json')).json());
      if (shop === 'de') expect(parts.length).toBeGreaterThan(0);
      const hashed = [...assets, `/pagefind/pagefind.${Object.values(pagefind.languages)[0]!.hash}.pf_meta`, ...parts.map((part) => `${part}pagefind-entry.json`)];
      expect([...assets].filter((a) => a.endsWith('.js')).length).toBeGreaterThan(3);
      expect([...assets].filter((a) => a.startsWith('/_img/')).length).toBeGreaterThan(0);
      for (const path of hashed) {
        const r = await get(path);
        expect(r.status(), path).toBe(200);
        const h = r.headers();
        expect(h['content-security-policy'], path).toBeUndefined();
        expect(h['x-frame-options'], path).toBeUndefined();
        expect(h['permissions-policy'], path).toBeUndefined();
        expect(h['x-content-type-options'], path).toBe('nosniff');
        expect(h['strict-transport-security'], path).toMatch(/^max-age=/);
        if (!path.startsWith('/_img/')) expect(h['cache-control'], path).toBe('public, max-age=31536000, immutable');
      }
    });

    test('served: the home page and a product page get an A+ the way the Mozilla HTTP Observatory grades', async ({ request }) => {
      const catalog = testCatalog(shop);
      for (const path of ['/', catalog.product(F.simpleProductId)!.url]) {
        const r = await request.get(`http://127.0.0.1:${E2E.port}${path}`, { headers: { host: `${shop}.localhost:${E2E.port}` } });
        expect(r.status()).toBe(200);
        expect(r.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
        const grade = gradeResponse({ url: new URL(path, getShop(shop).origin).href, headers: r.headers(), html: await r.text() });
        test.info().annotations.push({ type: 'observatory', description: `${shop} ${path}: ${grade.grade} (${grade.score})` });
        expect(grade.grade, JSON.stringify(grade.findings)).toBe('A+');
      }
    });
  });
}
