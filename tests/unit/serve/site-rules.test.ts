/** The generated CDN rules (src/integrations/site-rules.ts), read back with Netlify's own parsers. */
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { getShop } from '../../../src/shops/index.ts';
import { ShopConfig } from '../../../src/shops/schema.ts';
import {
  contentSecurityPolicy,
  documentPaths,
  headerPathRegExp,
  headersFile,
  LOCAL_SHOP_API_URL,
  redirectsFile,
  scanInline,
  scanTemplate,
  shopApiUrl,
  thirdPartySources,
} from '../../../src/integrations/site-rules.ts';
import { gradeResponse, parseCsp } from '../../../scripts/lib/observatory.ts';
import { PRODUCT_PAGE, compileTemplate, regionEnd, regionStart } from '../../../src/catalog/variant-template.ts';

const HASHES = { script: ['sha256-AAAA'], style: ['sha256-BBBB'] };

describe('SHOP_API_URL', () => {
  test('a Netlify deploy build without it fails, saying what to set', () => {
    for (const env of [{ NETLIFY: 'true', CONTEXT: 'production' }, { NETLIFY: 'true', CONTEXT: 'deploy-preview' }, { NETLIFY: 'true' }, { SHOP_DEPLOY: '1' }]) {
      expect(() => shopApiUrl(env), JSON.stringify(env)).toThrow(/SHOP_API_URL is not set.*set SHOP_API_URL in the site's environment/s);
    }
  });
  test('locally, in the tests and in `netlify dev` the local shop API is the default', () => {
    expect(shopApiUrl({})).toBe(LOCAL_SHOP_API_URL);
    expect(shopApiUrl({ NETLIFY: 'true', CONTEXT: 'dev' })).toBe(LOCAL_SHOP_API_URL);
  });
  test('a deploy takes only an https URL without query; a trailing slash is dropped', () => {
    expect(shopApiUrl({ NETLIFY: 'true', CONTEXT: 'production', SHOP_API_URL: 'https://admin.shop.de/' })).toBe('https://admin.shop.de');
    expect(shopApiUrl({ SHOP_API_URL: 'https://admin.shop.de/thelia' })).toBe('https://admin.shop.de/thelia');
    expect(() => shopApiUrl({ NETLIFY: 'true', SHOP_API_URL: 'http://admin.shop.de' })).toThrow(/must be https/);
    expect(() => shopApiUrl({ SHOP_API_URL: 'admin.shop.de' })).toThrow(/not a URL/);
    expect(() => shopApiUrl({ SHOP_API_URL: 'https://admin.shop.de/?x=1' })).toThrow(/query/);
  });
});

async function parseRedirectsText(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'rules-'));
  writeFileSync(join(dir, '_redirects'), text);
  return parseAllRedirects({ redirectsFiles: [join(dir, '_redirects')], configRedirects: [], minimal: false });
}

describe('_redirects', () => {
  const text = (built: string[]) =>
    redirectsFile({
      apiUrl: 'https://admin.shop.de',
      builtShells: (s) => built.includes(s),
      catalogRules: ['/product/7 /bohrer-7.html 301', '/alt.html /neu.html 301'],
      withdrawalFormUrl: '/media/documents/w.pdf',
    });

  test('the /api proxy comes first, then the shells that exist, the old URLs and the withdrawal form; Netlify parses all of it', async () => {
    const { redirects, errors } = await parseRedirectsText(text(['/search.html']));
    expect(errors).toEqual([]);
    expect(redirects.map((r) => r as { from: string; to: string; status: number; proxy: boolean })).toMatchObject([
      { from: '/api/*', to: 'https://admin.shop.de/api/:splat', status: 200, proxy: true },
      { from: '/search/*', to: '/search.html', status: 200, proxy: false },
      { from: '/product/7', to: '/bohrer-7.html', status: 301 },
      { from: '/alt.html', to: '/neu.html', status: 301 },
      { from: '/widerrufsformular', to: '/media/documents/w.pdf', status: 302 },
    ]);
  });

  test('a shell that was not built leaves no rewrite (another issue adds the page later)', async () => {
    const without = await parseRedirectsText(text(['/search.html']));
    const withAll = await parseRedirectsText(text(['/search.html', '/account/order.html', '/guest/invoice.html']));
    expect(without.redirects.map((r) => (r as { from: string }).from)).not.toContain('/account/order/*');
    expect(withAll.redirects.map((r) => (r as { from: string; to: string }).to)).toEqual(expect.arrayContaining(['/account/order.html', '/guest/invoice.html']));
  });
});

describe('Content-Security-Policy', () => {
  const de = getShop('de');

  test("scripts: self, the wasm of the search, the build's hashes and the configured third parties only; never unsafe-inline or unsafe-eval", () => {
    const csp = parseCsp([contentSecurityPolicy(de, HASHES)]);
    expect([...csp.get('default-src')!]).toEqual(["'none'"]);
    const script = [...csp.get('script-src')!];
    expect(script).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-AAAA'", 'https://www.googletagmanager.com', 'https://*.googletagmanager.com']);
    expect([...csp.get('style-src')!]).toEqual(["'self'", "'sha256-BBBB'"]);
    expect([...csp.get('frame-ancestors')!]).toEqual(["'none'"]);
    expect([...csp.get('connect-src')!]).toEqual([
      "'self'",
      'https://widgets.shopvote.de',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
    expect([...csp.get('form-action')!]).toEqual([
      "'self'",
      'https://www.paypal.com',
      'https://checkout.stripe.com',
      'https://pay.realexpayments.com',
      'https://pay.klarna.com',
      'https://www.sofort.com',
    ]);
    expect([...csp.get('frame-src')!]).toEqual(["'none'"]);
  });

  test('the back office URL is read without a trailing slash (the admin bar appends its paths)', () => {
    expect(ShopConfig.parse({ ...de, backOfficeUrl: 'https://admin.example/admin/' }).backOfficeUrl).toBe('https://admin.example/admin');
    expect(ShopConfig.parse({ ...de, backOfficeUrl: undefined }).backOfficeUrl).toBe('');
  });

  test('a third party that is switched off is not allowed: no tag manager id, no rating display, nothing configured', () => {
    const bare = ShopConfig.parse({ ...de, tagManagerId: '', rating: { provider: 'shopvote', id: '1', display: false }, thirdParties: [] });
    const csp = contentSecurityPolicy(bare, HASHES);
    expect(csp).not.toMatch(/googletagmanager|shopvote|paypal|google-analytics/);
    expect(parseCsp([csp]).get('connect-src')).toEqual(new Set(["'self'"]));
  });

  test('support chat, error reporting, payment frames and media hosts go exactly where their config says', () => {
    const shop = ShopConfig.parse({
      ...de,
      thirdParties: [
        { purpose: 'supportChat', name: 'Chat', script: ['https://chat.example.com'], connect: ['https://api.chat.example.com'], frame: ['https://chat.example.com'] },
        { purpose: 'errorReporting', name: 'Sentry', connect: ['https://o1.ingest.sentry.io'] },
        { purpose: 'payment', name: 'Card', frame: ['https://js.stripe.com'] },
        { purpose: 'media', name: 'Thelia media', img: ['https://media.shop.de'] },
      ],
      paymentImages: [{ src: 'https://cdn.pay.example.com/visa.svg', alt: 'Visa' }],
    });
    const csp = parseCsp([contentSecurityPolicy(shop, HASHES)]);
    expect(csp.get('script-src')).toContain('https://chat.example.com');
    expect([...csp.get('connect-src')!]).toEqual(expect.arrayContaining(['https://api.chat.example.com', 'https://o1.ingest.sentry.io']));
    expect([...csp.get('frame-src')!]).toEqual(['https://chat.example.com', 'https://js.stripe.com']);
    expect([...csp.get('img-src')!]).toEqual(["'self'", 'data:', 'https://media.shop.de', 'https://cdn.pay.example.com']);
    expect(thirdPartySources(shop).script).not.toContain('https://api.chat.example.com');
    // Images referenced on Thelia's media host (export --media-url, THELIA_MEDIA_URL).
    expect(thirdPartySources(shop, 'https://cdn.shop.de/media/').img).toContain('https://cdn.shop.de');
  });

  test('a configured error-reporting DSN opens connect-src to its host, a support-chat key script-src to its src; nothing without them', () => {
    const bare = thirdPartySources(ShopConfig.parse({ ...de, thirdParties: [] }));
    expect(bare.connect).not.toContain('https://o9.ingest.example.io');
    const shop = ShopConfig.parse({
      ...de,
      thirdParties: [],
      errorReporting: { dsn: 'https://publickey@o9.ingest.example.io/4242' },
      supportChat: { key: 'k1', src: 'https://widget.chat.example.com/{key}.js' },
    });
    expect(thirdPartySources(shop).connect).toContain('https://o9.ingest.example.io');
    expect(thirdPartySources(shop).script).toContain('https://widget.chat.example.com');
    // a chat src without a key loads nothing, so it opens nothing
    expect(thirdPartySources(ShopConfig.parse({ ...de, thirdParties: [], supportChat: { key: '', src: 'https://widget.chat.example.com/x.js' } })).script).not.toContain(
      'https://widget.chat.example.com',
    );
  });

  test('a third party given as anything but an https origin is refused by the shop config', () => {
    for (const bad of ['http://x.example.com', 'https://x.example.com/path', "'unsafe-inline'", '*', 'https:']) {
      expect(ShopConfig.safeParse({ ...de, thirdParties: [{ purpose: 'payment', name: 'X', form: [bad] }] }).success, bad).toBe(false);
    }
  });
});

describe('scanTemplate', () => {
  const h = (s: string) => `sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}`;
  /** A product template with its own page's and two variant pages' regions around `each(key)`. */
  const template = (each: (key: string) => string, around = (regions: string) => regions) =>
    Buffer.from(
      `<style>p{}</style><script>shared()</script>${around([PRODUCT_PAGE, '11', '12'].map((k) => `${regionStart(k)}${each(k)}${regionEnd(k)}`).join(''))}<img src="https://a.example/x.png">`,
    );
  /** scanInline over the pages cut from a template, one file each. */
  const scanPages = (bytes: Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), 'template-site-'));
    const compiled = compileTemplate(bytes);
    for (const key of compiled.keys) writeFileSync(join(dir, `${key}.html`), compiled.page(key));
    const scan = scanInline(dir);
    rmSync(dir, { recursive: true });
    return scan;
  };

  test.each([
    ['a script of its own on each page', (k: string) => `<script>variant(${JSON.stringify(k)})</script><p>ș ${k}</p>`],
    ['a style of its own on each page', (k: string) => `<style>.v${k}{}</style>`],
    ['an image of another origin on one page', (k: string) => (k === '12' ? '<img src="https://b.example/y.png">' : '')],
    ['JSON-LD of its own on each page (no hash)', (k: string) => `<script type="application/ld+json">{"sku":"${k}"}</script>`],
    ['no inline element in its regions', (k: string) => `<h1>Variante ${k} – Größe</h1>`],
  ])('gives what the pages cut from it hold together: %s', (_, each) => {
    const bytes = template(each);
    const pages = scanPages(bytes);
    const held = scanTemplate(bytes);
    expect(held).toBeDefined();
    expect([...held!.script].sort()).toEqual(pages.script);
    expect([...held!.style].sort()).toEqual(pages.style);
    expect([...held!.images].sort()).toEqual([...pages.blockedImages.keys()].sort());
    expect(held!.script).toContain(h('shared()'));
  });

  test.each([
    ['inside a running script', (r: string) => `<script>const v = "${r}";</script>`],
    ['inside a style element', (r: string) => `<style>.x{content:"${r}"}</style>`],
    ['inside an image tag of another origin, before its source', (r: string) => `<img alt="${r}" src="https://c.example/z.png">`],
  ])('cannot tell them where a region lies %s: the pages are read one by one', (_, around) => {
    expect(scanTemplate(template((k) => k, around))).toBeUndefined();
  });

  test('a region inside JSON-LD or an external script tag does not matter: neither is hashed', () => {
    const bytes = template(
      (k) => k,
      (r) => `<script type="application/ld+json">{"v":"${r}"}</script><script src="/_astro/x.js" data-v="${r}"></script>`,
    );
    expect(scanTemplate(bytes)).toEqual({ script: [h('shared()')], style: [h('p{}')], images: ['https://a.example'] });
  });
});

describe('scanInline', () => {
  test('hashes running inline scripts and style elements as the browser does; JSON-LD, external scripts are left out; foreign images are reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    mkdirSync(join(dir, 'chrome'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script>a()</script><script type="module">b()</script><script type="application/ld+json">{"@type":"X"}</script><script src="/_astro/x.js"></script><style>p{color:red}</style><img src="https://other.example.com/x.png">',
    );
    writeFileSync(join(dir, 'chrome/menu.html'), '<style>\n.m{}\n</style>');
    const scan = scanInline(dir);
    const h = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    expect(scan.script).toEqual([h('a()'), h('b()')].sort());
    expect(scan.style).toEqual([h('p{color:red}'), h('\n.m{}\n')].sort());
    expect(scan.pages).toBe(2);
    expect([...scan.blockedImages.keys()]).toEqual(['https://other.example.com']);
    expect(scanInline(dir, ['https://other.example.com']).blockedImages.size).toBe(0);
  });

  test('takes what a page written in this build holds from its writer (known): the page is not read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    const cache = join(mkdtempSync(join(tmpdir(), 'scan-')), 'inline-scan.json');
    writeFileSync(join(dir, 'a.html'), '<script>a()</script>');
    writeFileSync(join(dir, 'b.html'), '<script>not what the writer says()</script>');
    const known = new Map([['b.html', { script: ['sha256-from-the-writer'], style: [], images: ['https://d.example'] }]]);
    const h = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    for (const scan of [scanInline(dir, [], undefined, known), scanInline(dir, [], cache, known)]) {
      expect(scan).toMatchObject({ pages: 2, known: 1 });
      expect(scan.script).toEqual([h('a()'), 'sha256-from-the-writer'].sort());
      expect([...scan.blockedImages]).toEqual([['https://d.example', 'b.html']]);
    }
    // Kept in the cache for the next build, which does not know it: unchanged, it is not read either.
    expect(scanInline(dir, [], cache).script).toEqual([h('a()'), 'sha256-from-the-writer'].sort());
    rmSync(dir, { recursive: true });
    rmSync(cache, { force: true });
  });

  test('text beyond ASCII is hashed as its UTF-8 bytes, as the browser hashes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<p title="à src=x">ä</p><script>t("Größe, șurub")</script><style>p::after{content:"€"}</style><img alt="é" src="https://bücher.example/x.png">',
    );
    const h = (s: string) => `sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}`;
    const scan = scanInline(dir);
    expect(scan.script).toEqual([h('t("Größe, șurub")')]);
    expect(scan.style).toEqual([h('p::after{content:"€"}')]);
    expect([...scan.blockedImages.keys()]).toEqual(['https://bücher.example']);
  });

  test('with a cache file, a page whose file is unchanged is not read again; a rewritten page is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    const cache = join(mkdtempSync(join(tmpdir(), 'scan-')), 'inline-scan.json');
    const h = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    writeFileSync(join(dir, 'a.html'), '<script>a()</script>');
    writeFileSync(join(dir, 'b.html'), '<script>b()</script>');
    expect(scanInline(dir, [], cache).script).toEqual([h('a()'), h('b()')].sort());
    // What the cache says about an unchanged file is taken as it is: proof that it was not read.
    const kept = JSON.parse(readFileSync(cache, 'utf8'));
    kept.sets[kept.pages['a.html'][1]].script = ['sha256-from-the-cache'];
    writeFileSync(cache, JSON.stringify(kept));
    expect(scanInline(dir, [], cache).script).toEqual([h('b()'), 'sha256-from-the-cache'].sort());
    // A page written again (a new modification time) is read again, and a page gone is forgotten.
    writeFileSync(join(dir, 'a.html'), '<script>a2()</script>');
    rmSync(join(dir, 'b.html'));
    expect(scanInline(dir, [], cache).script).toEqual([h('a2()')]);
    expect(Object.keys(JSON.parse(readFileSync(cache, 'utf8')).pages)).toEqual(['a.html']);
  });

  test('the cache file holds each set of hashes once: pages that hold the same share it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    const cache = join(mkdtempSync(join(tmpdir(), 'scan-')), 'inline-scan.json');
    const h = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, `${name}.html`), '<script>same()</script><style>p{}</style>');
    writeFileSync(join(dir, 'd.html'), '<script>other()</script>');
    const first = scanInline(dir, [], cache);
    const read = () => JSON.parse(readFileSync(cache, 'utf8')) as { sets: { script: string[] }[]; pages: Record<string, [string, number]> };
    expect(read().sets).toHaveLength(2);
    // A second scan from the cache (nothing read again) finds the same and writes the same sets.
    const again = scanInline(dir, [], cache);
    expect(again).toEqual(first);
    const { sets, pages } = read();
    expect(sets).toHaveLength(2);
    expect(new Set(['a.html', 'b.html', 'c.html'].map((p) => pages[p]![1])).size).toBe(1);
    expect(sets[pages['a.html']![1]]!.script).toEqual([h('same()')]);
    expect(sets[pages['d.html']![1]]!.script).toEqual([h('other()')]);
  });

  test('a cache file that is corrupt or of another shape is ignored: every page is read, and the file written anew', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    const cache = join(mkdtempSync(join(tmpdir(), 'scan-')), 'inline-scan.json');
    const h = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    writeFileSync(join(dir, 'a.html'), '<script>a()</script>');
    const st = statSync(join(dir, 'a.html'), { bigint: true });
    const id = `${st.ino}:${st.size}:${st.mtimeNs}`;
    // The page's own identity, but pointing at no set, or at a set of another shape.
    const sameFileNoFinds = JSON.stringify({ sets: [], pages: { 'a.html': [id, 0] } });
    const sameFileBadSet = JSON.stringify({ sets: [{ script: 'sha256-x' }], pages: { 'a.html': [id, 0] } });
    // The layout before the sets (what the page held in its own entry).
    const oldLayout = JSON.stringify({ 'a.html': { id, script: ['sha256-old'], style: [], images: [] } });
    for (const bad of [sameFileNoFinds, sameFileBadSet, oldLayout, '{"sets": [], "pages": {"a.html": [1, -1]}}', '[1, 2]', '{not json', '']) {
      writeFileSync(cache, bad);
      expect(scanInline(dir, [], cache).script, bad).toEqual([h('a()')]);
      const written = JSON.parse(readFileSync(cache, 'utf8'));
      expect(written.sets[written.pages['a.html'][1]].script).toEqual([h('a()')]);
    }
  });
});

/** A built site's files, as documentPaths reads them: pages at the top and in folders, assets beside and below. */
function fakeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  const files = [
    'index.html',
    '404.html',
    'search.html',
    'account.html',
    'akku-bohrschrauber-12-v-78.html',
    'robots.txt',
    'account/order.html',
    'guest/invoice.html',
    'not-found/route-not-found.html',
    'chrome/category-menu.html',
    'chrome/logo.svg',
    '_astro/client.B1a2.js',
    '_astro/Layout.C3d4.css',
    '_img/a.webp',
    'pagefind/pagefind.js',
    'pagefind/pagefind-worker.js',
    'pagefind/index/de_1.pf_index',
  ];
  for (const f of files) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), '');
  }
  return dir;
}

async function parseHeadersText(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'headers-'));
  writeFileSync(join(dir, '_headers'), text);
  const parsed = await parseAllHeaders({ headersFiles: [join(dir, '_headers')], configHeaders: [], minimal: false });
  const rules = parsed.headers.map((h) => ({ for: h.for, values: h.values, re: (h as { forRegExp: RegExp }).forRegExp }));
  return { errors: parsed.errors, rules, match: (path: string) => rules.filter((r) => r.re.test(path)) };
}

const DOCUMENT_ONLY = ['Content-Security-Policy', 'Cross-Origin-Opener-Policy', 'Permissions-Policy', 'X-Frame-Options'];
const EVERY = ['Referrer-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options'];

describe('_headers', () => {
  test("the document paths: home, the top level, each page folder, the search shell's addresses; a folder with other files page by page", () => {
    expect(documentPaths(fakeSite())).toEqual(['/', '/:page', '/account/:name/*', '/chrome/category-menu*', '/guest/:name/*', '/not-found/:name/*', '/search/:address/*']);
  });

  test('Netlify parses it: the security headers on every document, only HSTS, nosniff and the referrer rule on scripts, styles, images, search chunks; hashed files immutable', async () => {
    const site = fakeSite();
    const { rules, errors, match } = await parseHeadersText(headersFile(getShop('ro'), HASHES, documentPaths(site)));
    expect(errors).toEqual([]);
    expect(Object.keys(rules.find((h) => h.for === '/*')!.values).sort()).toEqual(EVERY);
    const headersOf = (path: string) => {
      const out: Record<string, string[]> = {};
      for (const r of match(path)) for (const [k, v] of Object.entries(r.values)) (out[k] ??= []).push(v);
      return out;
    };
    const documents = [
      '/',
      '/akku-bohrschrauber-12-v-78',
      '/akku-bohrschrauber-12-v-78.html',
      '/akku-bohrschrauber-12-v-78/',
      '/search',
      '/search/Bohrer%20gross',
      '/search/a/b',
      '/account',
      '/account/order/12',
      '/guest/invoice/ORD000000012/abc',
      '/not-found/route-not-found',
      '/chrome/category-menu.html',
      '/gibt-es-nicht',
    ];
    for (const path of documents) {
      const h = headersOf(path);
      expect(Object.keys(h).sort(), path).toEqual([...DOCUMENT_ONLY, ...EVERY].sort());
      // Exactly one rule sends each header: two would be joined into one value ("DENY, DENY").
      for (const [k, v] of Object.entries(h)) expect(v, `${path} ${k}`).toHaveLength(1);
    }
    for (const path of [
      '/_astro/client.B1a2.js',
      '/_astro/Layout.C3d4.css',
      '/_img/a.webp',
      '/chrome/logo.svg',
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-worker.js',
      '/pagefind/index/de_1.pf_index',
      '/pagefind/pagefind.ro_3355ff8ec6.pf_meta',
      '/pagefind/parts/0123456789abcdef/pagefind-entry.json',
    ]) {
      const h = headersOf(path);
      expect(
        Object.keys(h)
          .filter((k) => k !== 'Cache-Control')
          .sort(),
        path,
      ).toEqual(EVERY);
    }
    expect(headersOf('/')['Cache-Control']).toBeUndefined();
    const immutable = rules.filter((h) => h.values['Cache-Control'] === 'public, max-age=31536000, immutable').map((h) => h.for);
    expect(immutable).toEqual(['/_astro/*', '/pagefind/index/*', '/pagefind/fragment/*', '/pagefind/filter/*', '/pagefind/*.pf_meta', '/pagefind/parts/*']);
    expect(match('/pagefind/pagefind.js').map((r) => r.for)).toEqual(['/*']);
    // The list of the index's parts changes with the index; a part's files never do (a hash names its folder).
    expect(match('/pagefind/pagefind-parts.json').map((r) => r.for)).toEqual(['/*']);
    expect(match('/pagefind/parts/0123456789abcdef/index/de_1.pf_index').map((r) => r.for)).toEqual(['/*', '/pagefind/parts/*']);
    expect(match('/pagefind/pagefind.ro_3355ff8ec6.pf_meta').map((r) => r.for)).toEqual(['/*', '/pagefind/*.pf_meta']);
    expect(match('/_astro/client.B1a2.js').map((r) => r.for)).toEqual(['/*', '/_astro/*']);
  });

  test("our matcher is Netlify's: headerPathRegExp agrees with the parser on every generated path", async () => {
    const { rules } = await parseHeadersText(headersFile(getShop('de'), HASHES, documentPaths(fakeSite())));
    const samples = [
      '/',
      '/a',
      '/a/',
      '/a.html',
      '/account/order/1',
      '/account/order',
      '/search/x',
      '/search/x/y',
      '/chrome/category-menu',
      '/_astro/x.js',
      '/pagefind/x.pf_meta',
      '/pagefind/pagefind-parts.json',
      '/pagefind/parts/a/b',
    ];
    for (const r of rules) for (const p of samples) expect(headerPathRegExp(r.for).test(p), `${r.for} ${p}`).toBe(r.re.test(p));
  });

  test('graded like the Mozilla HTTP Observatory: A+ for every shop', async () => {
    for (const code of ['de', 'at', 'ro'] as const) {
      const { match } = await parseHeadersText(headersFile(getShop(code), HASHES, documentPaths(fakeSite())));
      const values = Object.assign({}, ...match('/').map((r) => r.values));
      const grade = gradeResponse({ url: 'https://shop.example/', headers: values, html: '<script type="module" src="/_astro/a.js"></script>' });
      expect(grade.grade, JSON.stringify(grade.findings)).toBe('A+');
      expect(grade.findings.filter((f) => f.modifier < 0)).toEqual([]);
    }
  });
});
