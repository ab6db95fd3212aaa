/**
 * The CDN's rules of a shop site, generated after the build into `_redirects` and `_headers`
 * (Netlify's formats; scripts/lib/shop-server.ts serves them locally with Netlify's own parsers):
 *
 * - `_redirects`: `/api/*` proxied (200) to the shop backend (SHOP_API_URL), the rewrites of the
 *   static shells (SHELL_REWRITES), 301 for `/product/{id}` (not in a sharded shop: its Edge
 *   Function answers them, decision 0010) and every superseded URL, and the 302 of `/widerrufsformular`. Netlify takes the first rule that matches, so the order matters.
 * - `_headers`: on documents only (documentPaths), a Content-Security-Policy without
 *   'unsafe-inline' for scripts (the hashes of every inline script and style element the build
 *   wrote, from the built pages themselves), the third parties the shop configures and nothing
 *   else, framing, permissions and opener headers; on every response HSTS, referrer and
 *   content-type headers; cache rules: HTML revalidated (Netlify's default, max-age=0,
 *   must-revalidate), hashed assets and search-index chunks immutable.
 *
 * Why the header and not Astro's `security.csp` <meta>: see docs/decisions/0007-csp-in-the-header.md.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogFile, sharedCatalog } from '../catalog/catalog.ts';
import { holdsMarker } from '../catalog/variant-template.ts';
import type { ShopConfig } from '../shops/schema.ts';
import { redirectRules } from './catalog-files.ts';
import { isSharded, pageFileInShards } from './page-shards.ts';
import { z } from 'zod';
import { incrementalEnabled, pathUnder, siteEntries } from './incremental.ts';
import { SEARCH_FOLDERS } from './search-index.ts';

/** Folders at the site's root that hold no page (the search index's 13,500 files at 10,000 products): not walked. */
const NO_PAGES: ReadonlySet<string> = new Set(SEARCH_FOLDERS);

/**
 * Pages that are one static shell for many addresses: `from` is rewritten (200) to the shell.
 * A rule is written only when its shell was built, so a page another issue has not added yet
 * leaves no rule behind. Pages that need one append it here.
 */
export const SHELL_REWRITES: readonly { from: string; shell: string }[] = [
  { from: '/search/*', shell: '/search.html' },
  { from: '/account/order/*', shell: '/account/order.html' },
  { from: '/guest/invoice/*', shell: '/guest/invoice.html' },
];

/** The shop API of `npm run api` (server/), what a build outside Netlify proxies /api to. */
export const LOCAL_SHOP_API_URL = 'http://127.0.0.1:4300';

/**
 * Whether this is a deploy build: on Netlify (NETLIFY=true) in a deploy context (production,
 * deploy-preview, branch-deploy; not `netlify dev`), or when SHOP_DEPLOY=1 asks for the
 * production checks elsewhere.
 */
export function isDeployBuild(env: Record<string, string | undefined>): boolean {
  return env.SHOP_DEPLOY === '1' || (env.NETLIFY === 'true' && env.CONTEXT !== 'dev');
}

/**
 * Where `/api/*` goes: SHOP_API_URL (the backend's base URL; `/api/x` goes to `<SHOP_API_URL>/api/x`).
 * A deploy build without it fails with a message saying what to set; other builds use the local
 * shop API.
 */
export function shopApiUrl(env: Record<string, string | undefined>): string {
  const raw = env.SHOP_API_URL?.trim();
  if (!raw) {
    if (isDeployBuild(env)) {
      throw new Error(
        'SHOP_API_URL is not set. Every cart, price and account call of the shop goes to /api, which this site proxies to the shop backend: ' +
          "set SHOP_API_URL in the site's environment (Netlify: Site configuration > Environment variables) to the backend's https base URL, " +
          'e.g. https://admin.shop.de (then /api/cart/get goes to https://admin.shop.de/api/cart/get).',
      );
    }
    return LOCAL_SHOP_API_URL;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SHOP_API_URL is not a URL: ${JSON.stringify(raw)}. Expected e.g. https://admin.shop.de`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SHOP_API_URL must be an http(s) URL, got ${JSON.stringify(raw)}`);
  if (isDeployBuild(env) && url.protocol !== 'https:')
    throw new Error(`SHOP_API_URL must be https in a deploy build (shoppers' carts and logins travel through it), got ${JSON.stringify(raw)}`);
  if (url.search || url.hash) throw new Error(`SHOP_API_URL must not carry a query or fragment, got ${JSON.stringify(raw)}`);
  return url.href.replace(/\/+$/, '');
}

export interface RedirectsInput {
  apiUrl: string;
  /** Shell pages that exist in the built site (paths like /search.html). */
  builtShells: (shell: string) => boolean;
  /** 301 rules of old URLs, "from to 301". */
  catalogRules: string[];
  withdrawalFormUrl: string;
}

/** The `_redirects` file of a shop. */
export function redirectsFile(o: RedirectsInput): string {
  const lines = [
    '# Generated by src/integrations/site-rules.ts. First match wins.',
    "# The shop backend (SHOP_API_URL), proxied so every call stays on the shop's origin.",
    `/api/* ${o.apiUrl}/api/:splat 200`,
    '# Static shells.',
    ...SHELL_REWRITES.filter((r) => o.builtShells(r.shell)).map((r) => `${r.from} ${r.shell} 200`),
    '# Superseded URLs.',
    ...o.catalogRules,
    `/widerrufsformular ${o.withdrawalFormUrl} 302`,
  ];
  return lines.join('\n') + '\n';
}

/** An absolute http(s) URL's origin, or undefined for a path. */
function originOfUrl(url: string): string | undefined {
  if (!/^https?:\/\//.test(url)) return undefined;
  try {
    return new URL(url.replace(/\{[a-z]+\}/g, 'x')).origin;
  } catch {
    return undefined;
  }
}

export interface CspSources {
  script: string[];
  style: string[];
  img: string[];
  connect: string[];
  frame: string[];
  form: string[];
}

/**
 * The origins of everything the shop configures: the rating widget, the tag manager,
 * `thirdParties`, absolute image URLs, and Thelia's media host when the export referenced its
 * images there (THELIA_MEDIA_URL).
 */
export function thirdPartySources(shop: ShopConfig, mediaUrl?: string): Omit<CspSources, 'style'> {
  const s: Omit<CspSources, 'style'> = { script: [], img: [], connect: [], frame: [], form: [] };
  const add = (list: string[], origin: string | undefined) => {
    if (origin && !list.includes(origin)) list.push(origin);
  };
  // The rating widget's badge data is fetched by src/islands/chrome.ts.
  if (shop.rating.provider !== 'none' && shop.rating.display) add(s.connect, originOfUrl(shop.ratingBadgeUrl));
  // The tag manager's script, loaded after consent.
  if (shop.tagManagerId) add(s.script, originOfUrl(shop.tagManagerUrl));
  // Error reporting sends its reports to the DSN's host; the support chat's script comes from its
  // `src` (both only when configured: issue 15 item 6).
  if (shop.errorReporting.dsn) add(s.connect, originOfUrl(shop.errorReporting.dsn.replace(/^(https?:\/\/)[^@/]*@/, '$1')));
  if (shop.supportChat.key && shop.supportChat.src) add(s.script, originOfUrl(shop.supportChat.src));
  for (const p of shop.thirdParties) {
    for (const o of p.script) add(s.script, o);
    for (const o of p.connect) add(s.connect, o);
    for (const o of p.img) add(s.img, o);
    for (const o of p.frame) add(s.frame, o);
    for (const o of p.form) add(s.form, o);
  }
  const images = [shop.logo.src, shop.mailPicture, shop.deliveryImage?.src ?? '', ...shop.paymentImages.map((i) => i.src), ...shop.partnerLinks.map((p) => p.image)];
  for (const src of images) add(s.img, originOfUrl(src));
  if (mediaUrl) add(s.img, originOfUrl(mediaUrl));
  return s;
}

export interface InlineHashes {
  /** 'sha256-…' of every inline script element that runs (not JSON/JSON-LD). */
  script: string[];
  /** 'sha256-…' of every style element. */
  style: string[];
}

/** The Content-Security-Policy of a shop's pages. */
export function contentSecurityPolicy(shop: ShopConfig, hashes: InlineHashes, mediaUrl?: string): string {
  const tp = thirdPartySources(shop, mediaUrl);
  const q = (h: string) => `'${h}'`;
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    // 'wasm-unsafe-eval': Pagefind's search runs WebAssembly (compiling wasm, not eval of strings).
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...hashes.script.map(q), ...tp.script]],
    ['style-src', ["'self'", ...hashes.style.map(q)]],
    // Style attributes carry layout values (price widths, the banner colour): no script can run in them.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...tp.img]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...tp.connect]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['frame-src', tp.frame.length ? tp.frame : ["'none'"]],
    ['form-action', ["'self'", ...tp.form]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Features no page uses, switched off for the page and every frame in it; payment only for the shop and its payment providers. */
export function permissionsPolicy(shop: ShopConfig): string {
  const payment = shop.thirdParties.filter((p) => p.purpose === 'payment').flatMap((p) => p.frame);
  const off = ['accelerometer', 'autoplay', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'usb', 'xr-spatial-tracking'];
  return [...off.map((f) => `${f}=()`), `payment=(self${payment.map((o) => ` "${o}"`).join('')})`, 'fullscreen=(self)'].join(', ');
}

/** Two years, every subdomain (the shop's own hosts are all https). */
export const HSTS = 'max-age=63072000; includeSubDomains';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Paths whose files carry a content hash in their name, or lie in a folder named by one (the
 * search index's parts, decision 0019): cached for a year, never revalidated.
 */
export const IMMUTABLE_PATHS = ['/_astro/*', '/pagefind/index/*', '/pagefind/fragment/*', '/pagefind/filter/*', '/pagefind/*.pf_meta', '/pagefind/parts/*'];

/**
 * The `_headers` paths that match the site's documents: the home page (`/`), every page at the
 * top level (`/:page`: product, category, brand, content and shell pages, and the not-found page
 * at such an address), every page in a folder, and the addresses a shell is rewritten from.
 * Netlify's `_headers` has no exclusion, so the document headers are written for these paths
 * instead of `/*`: hashed scripts, styles, images and search chunks (`/_astro/*`, `/_img/*`,
 * `/pagefind/*`, ...) then carry only the headers every response needs (EVERY_RESPONSE).
 *
 * Matching as Netlify does it (`:name` is one path segment, a standalone `*` anything, the part
 * before it optional): a folder's rule is `/<folder>/:name/*`, not `/<folder>/*`, since the
 * latter also matches `/<folder>` itself, which `/:page` matches already, and two rules matching
 * one address would send each header twice. A folder that also holds other files (SVGs, JSON)
 * gets a rule per page in it. Paths with a placeholder cannot overlap with a folder path that is
 * already covered: a rewrite's address under a folder rule is left out.
 */
export function documentPaths(dir: string, rewrites: readonly { from: string; shell: string }[] = SHELL_REWRITES): string[] {
  const paths = ['/'];
  const top = readdirSync(dir, { withFileTypes: true });
  if (top.some((e) => e.isFile() && e.name.endsWith('.html') && e.name !== 'index.html')) paths.push('/:page');
  const folder = (rel: string) => {
    const files = readdirSync(join(dir, rel), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const pages = files.filter((e) => e.name.endsWith('.html'));
    if (!pages.length) return;
    if (pages.length === files.length) return void paths.push(`/${rel}/:name/*`);
    // Pages beside other files: one rule per page (its address and its .html file).
    for (const e of pages) {
      const sub = join(e.parentPath, e.name)
        .slice(join(dir, rel).length + 1)
        .replace(/\\/g, '/');
      paths.push(`/${rel}/${sub.replace(/\.html$/, '')}*`);
    }
  };
  for (const e of top) if (e.isDirectory() && !NO_PAGES.has(e.name)) folder(e.name);
  for (const r of rewrites) {
    if (!existsSync(join(dir, r.shell))) continue;
    // '/search/*' -> '/search/:q/*': its addresses below the shell's own (which '/:page' has).
    const path = r.from.replace(/\/\*$/, '/:address/*');
    const example = path.replaceAll(':address', 'x').replace(/\*$/, 'y');
    if (!paths.some((p) => headerPathRegExp(p).test(example))) paths.push(path);
  }
  return paths;
}

/** A `_headers` path as Netlify matches it (the same as @netlify/headers-parser's `forRegExp`). */
export function headerPathRegExp(path: string): RegExp {
  const part = (p: string) =>
    p.startsWith(':')
      ? '([^/]+)'
      : p === '*'
        ? '?(.*)'
        : p
            .split('*')
            .map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('(.*)');
  return new RegExp(`^/${path.split('/').filter(Boolean).map(part).join('/')}/?$`, 'iu');
}

/** Headers every response needs, scripts and images included: https only, no type sniffing, the referrer of their own requests (a stylesheet's fonts). */
export const EVERY_RESPONSE: readonly [string, string][] = [
  ['Strict-Transport-Security', HSTS],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/** Headers only a document acts on: its policy, framing, features, opener. A script or an image ignores them. */
export function documentHeaders(shop: ShopConfig, hashes: InlineHashes, mediaUrl?: string): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(shop, hashes, mediaUrl)],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', permissionsPolicy(shop)],
    // Keeps other windows' scripts away from the shop's, while a payment provider's popup can still report back.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
}

/**
 * The `_headers` file of a shop: EVERY_RESPONSE on `/*`, the document headers on the documents'
 * paths (documentPaths), immutable caching for hashed files. HTML and everything else keep
 * Netlify's default Cache-Control (public, max-age=0, must-revalidate).
 */
export function headersFile(shop: ShopConfig, hashes: InlineHashes, documents: readonly string[], mediaUrl?: string): string {
  const block = (path: string, headers: readonly [string, string][]) => [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)];
  const doc = documentHeaders(shop, hashes, mediaUrl);
  const lines = [
    '# Generated by src/integrations/site-rules.ts.',
    '# Every response.',
    ...block('/*', EVERY_RESPONSE),
    '# Documents only (the policy is ~2.5 KB: not on every script, style and image).',
    ...documents.flatMap((path) => block(path, doc)),
  ];
  for (const path of IMMUTABLE_PATHS) lines.push(path, `  Cache-Control: ${IMMUTABLE}`);
  return lines.join('\n') + '\n';
}

const RUNS = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export interface ScanResult extends InlineHashes {
  pages: number;
  /** Of them, the pages taken from what their writer said they hold (`known`), not read. */
  known: number;
  /** Origins of external images in the pages (editor HTML) that the policy does not allow, with a page each. */
  blockedImages: Map<string, string>;
}

/** What one page holds: its running inline scripts' and style elements' hashes, its external image origins. */
export const PageInline = z.object({ script: z.array(z.string()), style: z.array(z.string()), images: z.array(z.string()) });
export type PageInline = z.infer<typeof PageInline>;
/**
 * The scan's cache file: what pages held, each distinct set once (`sets`), and per page (its path
 * in the site) the file's identity and the index of its set. The pages of one type hold one set:
 * 21 sets for 26,439 pages at 10,000 products. With the set in every page's entry the file was
 * 15 MB, and reading, checking and writing it took about a second of a one-price rebuild.
 */
const ScanCache = z.object({
  sets: z.array(PageInline),
  pages: z.record(z.string(), z.tuple([z.string(), z.number().int().nonnegative()])),
});
type ScanCache = z.infer<typeof ScanCache>;

/** HTML's whitespace (not JavaScript's \s, which would match a byte of a UTF-8 sequence read as latin1). */
const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const STYLE_RE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const SRC_RE = /[ \t\n\f\r]src[ \t\n\f\r]*=/i;
const TYPE_RE = /[ \t\n\f\r]type[ \t\n\f\r]*=[ \t\n\f\r]*["']?([^"'\t\n\f\r >]*)/i;
const IMG_RE = /<img\b[^>]*[ \t\n\f\r]src="(https?:\/\/[^"/]+)/gi;
/** What every match of IMG_RE holds. */
const ABSOLUTE_SRC_RE = /src="https?:\/\//i;

/**
 * One page's inline elements. The file is read as latin1 (one character per byte, ten times
 * faster than decoding UTF-8): the markup searched for is ASCII, and the hashes are taken over the
 * same bytes, so they are the hashes of the UTF-8 text the browser hashes.
 */
function scanPage(bytes: Buffer, hashes: Map<string, string>): PageInline {
  return scanText(bytes.toString('latin1'), hashes);
}

/** scanPage of a page read as latin1; with `template`, undefined where a counted element holds a marker of the template's regions. */
function scanText(html: string, hashes: Map<string, string>): PageInline;
function scanText(html: string, hashes: Map<string, string>, template: 'template'): PageInline | undefined;
function scanText(html: string, hashes: Map<string, string>, template?: 'template'): PageInline | undefined {
  // Most pages repeat their type's style and scripts: each distinct text is hashed once per scan.
  const hash = (text: string) => {
    let h = hashes.get(text);
    if (h === undefined) hashes.set(text, (h = `sha256-${createHash('sha256').update(text, 'latin1').digest('base64')}`));
    return h;
  };
  const script = new Set<string>();
  const style = new Set<string>();
  const images = new Set<string>();
  /** A template's element that holds (a part of) a marker differs from page to page: each page must be read. */
  const split = (m: RegExpMatchArray) => template !== undefined && holdsMarker(m[0]);
  for (const m of html.matchAll(SCRIPT_RE)) {
    const attrs = m[1]!;
    if (SRC_RE.test(attrs)) continue;
    const type = (TYPE_RE.exec(attrs)?.[1] ?? '').toLowerCase();
    if (!RUNS.has(type)) continue;
    if (split(m)) return undefined;
    script.add(hash(m[2]!));
  }
  for (const m of html.matchAll(STYLE_RE)) {
    if (split(m)) return undefined;
    style.add(hash(m[1]!));
  }
  // Only where an absolute source is (IMG_RE backtracks over every image tag's attributes).
  if (ABSOLUTE_SRC_RE.test(html))
    for (const m of html.matchAll(IMG_RE)) {
      if (split(m)) return undefined;
      images.add(Buffer.from(m[1]!, 'latin1').toString('utf8').toLowerCase());
    }
  return { script: [...script], style: [...style], images: [...images] };
}

/**
 * What the pages written from a product's template (catalog/variant-template.ts, decision 0013)
 * hold together, from the template alone: its inline elements, each region's included. Every
 * element outside the regions is on each page, and each region is on a page of its own (the
 * template has a region only for a page it is cut into), so this is exactly the union of the
 * pages' scans, which is all the site's policy takes of them. Undefined when an element counted
 * holds a region's marker (it differs from page to page): the pages are read one by one.
 */
export function scanTemplate(template: Buffer, hashes: Map<string, string> = new Map()): PageInline | undefined {
  return scanText(template.toString('latin1'), hashes, 'template');
}

/**
 * Every inline script and style element of the built site's HTML (pages and fragments), hashed
 * as the browser does (the element's text as written).
 *
 * With `cacheFile` (an incremental build), what each page held is kept there with the page file's
 * identity (inode, size, modification time; ScanCache): a page linked unchanged from the previous
 * build is not read again, so a rebuild reads only the pages it rendered.
 *
 * `known`: what pages written in this build hold, by their path in the site, as their writer knows
 * it (the pages written from a product's template: scanTemplate); they are not read.
 */
export function scanInline(dir: string, allowedImageOrigins: string[] = [], cacheFile?: string, known: ReadonlyMap<string, PageInline> = new Map()): ScanResult {
  const script = new Set<string>();
  const style = new Set<string>();
  const blockedImages = new Map<string, string>();
  let previous: ScanCache = { sets: [], pages: {} };
  if (cacheFile && existsSync(cacheFile)) {
    try {
      // Unreadable or not what this code writes: every page is read.
      previous = ScanCache.safeParse(JSON.parse(readFileSync(cacheFile, 'utf8'))).data ?? previous;
    } catch {
      // not JSON: every page is read
    }
  }
  const next: ScanCache = { sets: [], pages: {} };
  /** A set's index in `next.sets`, by its JSON, and by the object (a set from the cache is one object for all its pages). */
  const setIndex = new Map<string, number>();
  const indexOf = new Map<PageInline, number>();
  let pages = 0;
  let taken = 0;
  const hashes = new Map<string, string>();
  for (const entry of siteEntries(dir, NO_PAGES)) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    pages++;
    const file = join(entry.parentPath, entry.name);
    const page = pathUnder(dir, file);
    const held = known.get(page);
    if (held) taken++;
    let found: PageInline;
    if (cacheFile) {
      const st = statSync(file, { bigint: true });
      const id = `${st.ino}:${st.size}:${st.mtimeNs}`;
      const [knownId, knownSet] = previous.pages[page] ?? [];
      const cached = knownId === id && knownSet !== undefined ? previous.sets[knownSet] : undefined;
      found = held ?? cached ?? scanPage(readFileSync(file), hashes);
      let index = indexOf.get(found);
      if (index === undefined) {
        const key = JSON.stringify(found);
        index = setIndex.get(key) ?? next.sets.push(found) - 1;
        setIndex.set(key, index);
        indexOf.set(found, index);
      }
      next.pages[page] = [id, index];
    } else found = held ?? scanPage(readFileSync(file), hashes);
    for (const h of found.script) script.add(h);
    for (const h of found.style) style.add(h);
    for (const origin of found.images) if (!allowedImageOrigins.includes(origin) && !blockedImages.has(origin)) blockedImages.set(origin, page);
  }
  if (cacheFile) writeFileSync(cacheFile, JSON.stringify(next));
  return { script: [...script].sort(), style: [...style].sort(), pages, known: taken, blockedImages };
}

/** Writes the site's `_redirects` and `_headers` after the build (after the other integrations' files). */
export function siteRules({
  shop,
  knownInline = () => new Map(),
}: {
  shop: ShopConfig;
  /** What the pages written in this build by another integration hold, by their path in the site (scanInline's `known`). */
  knownInline?: () => ReadonlyMap<string, PageInline>;
}): AstroIntegration {
  let apiUrl = LOCAL_SHOP_API_URL;
  let scanCache: string | undefined;
  return {
    name: 'site-rules',
    hooks: {
      // Kept for the next incremental build only; INCREMENTAL=off reads every page.
      'astro:config:done': ({ config }) => {
        scanCache = incrementalEnabled() ? join(fileURLToPath(config.cacheDir), 'inline-scan.json') : undefined;
      },
      // Before any page is built: a deploy without its backend fails at once, saying what to set.
      'astro:config:setup': () => {
        apiUrl = shopApiUrl(process.env);
      },
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const catalog = sharedCatalog(catalogFile(shop.code));
        const redirects = redirectsFile({
          apiUrl,
          builtShells: (shell) => existsSync(join(out, shell)),
          catalogRules: redirectRules(catalog, { productIds: !isSharded(out) }),
          withdrawalFormUrl: shop.withdrawalFormUrl,
        });
        writeFileSync(join(out, '_redirects'), redirects);
        const mediaUrl = process.env.THELIA_MEDIA_URL;
        // A big shop's product and variant pages are in their shards by now (page-shards.ts).
        const known = isSharded(out) ? new Map([...knownInline()].map(([file, held]) => [pageFileInShards(file), held])) : knownInline();
        const scan = scanInline(out, thirdPartySources(shop, mediaUrl).img, scanCache, known);
        const documents = documentPaths(out);
        writeFileSync(join(out, '_headers'), headersFile(shop, scan, documents, mediaUrl));
        logger.info(
          `_redirects: /api -> ${apiUrl}/api, ${redirects.split('\n').filter((l) => l && !l.startsWith('#')).length} rules; ` +
            `_headers: CSP on ${documents.length} document paths with ${scan.script.length} script and ${scan.style.length} style hashes from ${scan.pages} pages (${scan.known} of them as their templates hold) in ${Math.round(performance.now() - started)} ms`,
        );
        for (const [origin, page] of scan.blockedImages) {
          logger.warn(
            `images from ${origin} (e.g. on ${page}) are blocked by the Content-Security-Policy: host them in Thelia's media, or add the origin to thirdParties (img) in src/shops/${shop.code}.json`,
          );
        }
      },
    },
  };
}
