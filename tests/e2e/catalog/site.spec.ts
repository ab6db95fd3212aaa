/**
 * Checks over each built shop (no browser needed): the routes of spec §2 answer, no internal
 * link leads to a missing page, the HTML validates, every JSON-LD block parses and products carry
 * the required fields, the site's icon draws no text, and no script or event handler from editor
 * HTML survives.
 */
import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { E2E } from '../setup/paths.ts';
import { testCatalog } from '../setup/catalog.ts';
import { htmlFiles, internalLinks, jsonLdBlocks, read, resolver, SHOPS } from './site-files.ts';

const CONTENT_ROUTES = ['/about', '/contact', '/faq', '/Impressum', '/widerrufsrecht', '/bezahlen', '/lieferung', '/datenschutz', '/agb.html', '/versandkosten'];
const ROUTES: Record<string, string[]> = {
  de: ['/', '/advent-calendar', '/blog', '/presse', ...CONTENT_ROUTES],
  at: ['/', '/advent-calendar', '/blog', '/presse', ...CONTENT_ROUTES],
  ro: ['/', '/advent-calendar', '/blog', '/conditii-de-garantie.html', '/manual-de-utilizare-1.html', ...CONTENT_ROUTES],
};
/** Pages that other issues build (checkout, account, search, newsletter): not checked here. */
const OTHER_ISSUES = /^\/(checkout|account|login-register|logout|forgot-password|search|newsletter|newsletter-unsubscribe|order-placed|order-failed|guest|api)(\/|$|\.html$)/;

for (const shop of SHOPS) {
  test.describe(`${shop} shop`, () => {
    test('every catalog route of spec §2 answers', async ({ request }) => {
      // Node does not resolve *.localhost: ask the loopback address with the shop's Host header.
      const get = (path: string) => request.get(`http://127.0.0.1:${E2E.port}${path}`, { headers: { host: `${shop}.localhost:${E2E.port}` }, maxRedirects: 0 });
      for (const path of [...ROUTES[shop]!, '/shop-grid-standard/bestsellers', '/shop-grid-standard/new', '/shop-grid-standard/promotions', '/not-found']) {
        const r = await get(path);
        expect(r.status(), path).toBe(200);
        expect(await r.text(), path).toContain('<h1');
      }
      const form = await get('/widerrufsformular');
      expect(form.status()).toBe(302);
      expect(form.headers().location).toMatch(/^\/media\/documents\/.+\.pdf$/);
      const pdf = await get(form.headers().location!);
      expect(pdf.status(), 'the withdrawal form PDF exists').toBe(200);
      expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
      const product = await get(`/product/${F.simpleProductId}`);
      expect(product.status()).toBe(301);
      expect(product.headers().location).toBe(testCatalog(shop).product(F.simpleProductId)!.url);
      const unknown = await get('/gibt-es-nicht');
      expect(unknown.status()).toBe(404);
    });

    test('no internal link leads to a missing page', async () => {
      const served = await resolver(shop);
      const cache = new Map<string, boolean>();
      const broken: string[] = [];
      for (const file of htmlFiles(shop)) {
        for (const link of internalLinks(read(shop, file))) {
          if (OTHER_ISSUES.test(link)) continue;
          let ok = cache.get(link);
          if (ok === undefined) cache.set(link, (ok = served(link)));
          if (!ok) broken.push(`${file} -> ${link}`);
        }
      }
      expect(cache.size).toBeGreaterThan(300);
      expect(broken.slice(0, 20)).toEqual([]);
    });

    test('the built HTML passes the validator', async () => {
      const catalog = testCatalog(shop);
      const routes = catalog.routes();
      const pick = (kind: string) =>
        routes
          .filter((r) => r.kind === kind)
          .slice(0, 3)
          .map((r) => `${r.path}`);
      const pages = [
        '/index.html',
        '/404.html',
        '/not-found.html',
        '/server-error.html',
        '/shop-grid-standard/new.html',
        '/about.html',
        ...['product', 'variant', 'category', 'brand', 'folder', 'content'].flatMap(pick),
        catalog.product(F.variantProductId)!.url,
        catalog.product(F.hostileHtml.productId)!.url,
        catalog.content(F.listingContentId)!.url,
      ];
      // Validity (html-validate's standard and document presets), not style preferences.
      const validator = new HtmlValidate({
        extends: ['html-validate:standard', 'html-validate:document'],
        // Subresource integrity is for scripts from other origins; ours are same-origin.
        rules: { 'require-sri': 'off' },
      });
      const problems: string[] = [];
      for (const page of pages) {
        const html = read(shop, page.endsWith('.html') ? page : `${page}.html`);
        const report = await validator.validateString(html, page);
        for (const r of report.results) {
          for (const m of r.messages) {
            // Astro's own island style (astro-island { display: contents }), written where the first island renders.
            if (m.ruleId === 'element-permitted-content' && m.selector?.endsWith('> style')) continue;
            problems.push(`${page}:${m.line}:${m.column} ${m.ruleId} ${m.message} (${m.selector})`);
          }
        }
      }
      // The category menu's tree and the admin bar's links are fragments (fetched into every page's menu and bar), not documents.
      for (const name of ['category-menu', 'admin-bar']) {
        const fragment = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(read(shop, `/chrome/${name}.html`), name);
        for (const r of fragment.results) for (const m of r.messages) problems.push(`${name}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
      }
      expect(problems.slice(0, 30)).toEqual([]);
    });

    test('every JSON-LD block parses and products carry the required fields', () => {
      const catalog = testCatalog(shop);
      const productPaths = new Set(
        catalog
          .routes()
          .filter((r) => r.kind === 'product' || r.kind === 'variant')
          .map((r) => `${r.path.replace(/\.html$/, '')}.html`),
      );
      // Every catalog page (and the pages of this issue) carries a breadcrumb; other issues' pages are theirs.
      const catalogPages = new Set([...catalog.routes().map((r) => `${r.path.replace(/\.html$/, '')}.html`), '/404.html', '/not-found.html', '/server-error.html']);
      let products = 0;
      for (const file of htmlFiles(shop)) {
        const blocks = jsonLdBlocks(read(shop, file)).map((b) => JSON.parse(b) as Record<string, unknown>);
        const types = blocks.map((b) => b['@type']);
        if (catalogPages.has(file)) expect(types, file).toContain('BreadcrumbList');
        if (file === '/index.html') expect(types).toContain('Organization');
        if (!productPaths.has(file)) continue;
        const p = blocks.find((b) => b['@type'] === 'Product')!;
        expect(p, file).toBeTruthy();
        products++;
        expect(p.name).toBeTruthy();
        expect(p.sku).toBeTruthy();
        expect((p.image as string[]).every((i) => i.startsWith('http'))).toBe(true);
        const offer = p.offers as Record<string, string>;
        expect(offer['@type']).toBe('Offer');
        expect(offer.price).toMatch(/^\d+\.\d\d$/);
        expect(offer.priceCurrency).toBe('EUR');
        expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
        expect(offer.url).toMatch(/^http/);
      }
      expect(products).toBe(productPaths.size);
    });

    test('the icon is inline and draws no text', () => {
      for (const file of ['/index.html', '/404.html']) {
        const html = read(shop, file);
        const icon = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)"/.exec(html)?.[1];
        expect(icon, file).toBeTruthy();
        // A <text> in the icon's own SVG document makes Chromium look fonts up again after the load.
        const svg = decodeURIComponent(icon!);
        expect(svg).toMatch(/^<svg [^>]*>.*<path /);
        expect(svg).not.toMatch(/<text/);
      }
    });

    test("the header's islands are the same HTML on every page, with React ids no page island shares (decision 0011)", () => {
      const header = /<astro-island [^>]*component-url="\/_astro\/(SearchBox|PhoneBox|AccountMenu|MiniCart)\.[^"]+"[\s\S]*?<\/astro-island>/g;
      const seen = new Map<string, string>();
      const files = htmlFiles(shop).filter((f) => !f.startsWith('/chrome/'));
      for (const file of files) {
        const html = read(shop, file);
        const islands = [...html.matchAll(header)];
        expect(islands.map((m) => m[1]).sort(), file).toEqual(['AccountMenu', 'MiniCart', 'PhoneBox', 'SearchBox']);
        for (const [island, name] of islands) {
          // Rendered once per build (prefix "s…"): the first page's HTML on every page.
          expect(island, file).toMatch(/ prefix="s\d+"/);
          const first = seen.get(name!) ?? (seen.set(name!, island), island);
          expect(island, `${file}: ${name}`).toBe(first);
        }
        const prefixes = [...html.matchAll(/<astro-island [^>]*prefix="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(prefixes).size, `${file}: island prefixes ${prefixes.join(' ')}`).toBe(prefixes.length);
        const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
        expect(
          ids.filter((id, i) => ids.indexOf(id) !== i),
          `${file}: duplicate ids`,
        ).toEqual([]);
      }
      expect(files.length).toBeGreaterThan(300);
    });

    test('no script or event handler from editor HTML survives', () => {
      const catalog = testCatalog(shop);
      const hostile = [catalog.product(F.hostileHtml.productId)!.url, catalog.category(F.hostileHtml.categoryId)!.url, catalog.content(F.hostileHtml.contentId)!.url];
      for (const path of hostile) expect(read(shop, path), path).toContain('Text formatat'); // the hostile snippet's text stays, its markup goes
      for (const file of htmlFiles(shop)) {
        const html = read(shop, file);
        expect(html, file).not.toMatch(/alert\(1\)|javascript:|<iframe|expression\(/i);
        expect(html, file).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
        for (const m of html.matchAll(/<script([^>]*)>/g)) {
          expect(m[1], file).toMatch(/type="application\/ld\+json"|type="module"|^$/);
        }
      }
    });
  });
}
