/**
 * Serves the built shops the way the CDN (Netlify) does: one site per host (`de.localhost` ->
 * dist/de), the site's generated `_redirects` and `_headers` read by Netlify's own parsers
 * (@netlify/redirect-parser, @netlify/headers-parser): the first matching redirect (301/302) or
 * rewrite (200), a 200 to an absolute URL proxied (`/api/*` to the shop backend), the headers of
 * every matching `_headers` rule on everything served from the site (not on proxied answers, as on
 * Netlify), Netlify's default `Cache-Control: public, max-age=0, must-revalidate` where no rule
 * sets one. Also `x.html` for `/x`, a sharded shop's pages from their shard folder and its
 * `/product/{id}` from its maps where nothing else answers (netlify/edge/page-shards.ts), the site's 404.html with status 404, gzip or brotli for text,
 * and 400 for a URL with a malformed percent-escape. Over HTTP/1.1 (createShopServer) or, like a
 * real CDN, HTTP/2 over TLS (createSecureShopServer, for the benchmarks: one connection for all
 * of a page's requests).
 */
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { productIdOf, productMapFileOf, productTargetIn, shardPathOf } from '../../src/catalog/shards.ts';
import { createReadStream, existsSync, readFile, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { brotliCompress, gzip } from 'node:zlib';
import { z } from 'zod';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

/** A redirect rule as @netlify/redirect-parser gives it (the fields this server acts on). */
const Redirect = z.object({
  from: z.string(),
  to: z.string(),
  status: z.number().int().optional(),
  force: z.boolean().default(false),
  conditions: z.record(z.string(), z.unknown()).default({}),
  query: z.record(z.string(), z.unknown()).default({}),
});
type Redirect = z.infer<typeof Redirect>;
const HeaderRule = z.object({ for: z.string(), forRegExp: z.instanceof(RegExp), values: z.record(z.string(), z.string()) });
type HeaderRule = z.infer<typeof HeaderRule>;

export interface Rule {
  pattern: RegExp;
  names: string[];
  to: string;
  status: number;
  force: boolean;
}

export interface SiteRules {
  redirects: Rule[];
  headers: HeaderRule[];
}

/** A `from` path of Netlify's syntax (`*` splat at the end, `:name` placeholders) as a pattern. */
function compile(r: Redirect): Rule {
  const names: string[] = [];
  const source = r.from
    .split('/')
    .map((seg) => {
      if (seg === '*') {
        names.push('splat');
        return '(.*)';
      }
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // Netlify's default status is 301; a trailing slash matches too.
  return { pattern: new RegExp(`^${source}/?$`), names, to: r.to, status: r.status ?? 301, force: r.force };
}

/**
 * The site's `_redirects` and `_headers`, parsed by Netlify's parsers. A file Netlify would
 * reject (any parse error) throws with Netlify's messages, so a broken rule fails here, not in a deploy.
 */
export async function readSiteRules(dir: string): Promise<SiteRules> {
  const [r, h] = await Promise.all([
    parseAllRedirects({ redirectsFiles: [join(dir, '_redirects')], configRedirects: [], minimal: false }),
    parseAllHeaders({ headersFiles: [join(dir, '_headers')], configHeaders: [], minimal: false }),
  ]);
  const errors = [...r.errors, ...h.errors].map((e: unknown) => (e instanceof Error ? e.message : String(e)));
  if (errors.length) throw new Error(`${dir}: Netlify would reject these rules:\n${errors.join('\n')}`);
  const redirects = z.array(Redirect).parse(r.redirects);
  const unsupported = redirects.filter((x) => Object.keys(x.conditions).length || Object.keys(x.query).length);
  if (unsupported.length) throw new Error(`${dir}/_redirects: conditions and query matches are not served locally: ${unsupported.map((x) => x.from).join(', ')}`);
  return { redirects: redirects.map(compile), headers: z.array(HeaderRule).parse(h.headers) };
}

/** The first rule matching a path, its target with :splat and :placeholders filled in. */
export function matchRule(rules: Rule[], path: string): { to: string; status: number; force: boolean } | undefined {
  for (const rule of rules) {
    const m = rule.pattern.exec(path);
    if (!m) continue;
    let to = rule.to;
    rule.names.forEach((name, i) => (to = to.replaceAll(`:${name}`, m[i + 1] ?? '')));
    return { to, status: rule.status, force: rule.force };
  }
  return undefined;
}

/** The headers of every `_headers` rule matching a path, later rules overriding earlier ones (as Netlify's CLI does), names in lower case. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) if (rule.forRegExp.test(path)) for (const [k, v] of Object.entries(rule.values)) out[k.toLowerCase()] = v;
  return out;
}

/** Whether every percent-escape of a request target is well formed and decodes to UTF-8. */
export function isWellFormedTarget(target: string): boolean {
  if (/%(?![0-9a-fA-F]{2})/.test(target)) return false;
  try {
    decodeURIComponent(target.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

export interface ShopServerOptions {
  /** Site folder per shop code; the shop is the first label of the Host header. */
  sites: Record<string, string>;
  /**
   * Where /api/* goes instead of the site's own `/api/*` rule, e.g. http://127.0.0.1:4300: for
   * serving a build whose SHOP_API_URL is not the API running now. Without it the rule decides.
   */
  apiUrl?: string;
}

// HTTP/2's compatibility API mirrors these (writeHead, end, pipe targets), so one handler serves both.
type Req = IncomingMessage;
type Res = ServerResponse;

/** Headers that belong to one HTTP/1.1 connection: HTTP/2 refuses them, and a proxy never forwards them. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(':') && !HOP_BY_HOP.has(k.toLowerCase())));
}

/** The Host of a request: the Host header over HTTP/1.1, :authority over HTTP/2. */
const hostOf = (req: Req) => String(req.headers.host ?? req.headers[':authority'] ?? '');

export function createShopServer(options: ShopServerOptions): Server {
  const handle = createShopHandler(options);
  return createServer((req, res) => handle(req, res));
}

/** The same site over HTTP/2 with TLS (HTTP/1.1 still accepted), as a CDN serves it. */
export function createSecureShopServer(options: ShopServerOptions & { key: string | Buffer; cert: string | Buffer }): Http2SecureServer {
  const handle = createShopHandler(options);
  return createSecureServer({ key: options.key, cert: options.cert, allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) =>
    handle(req as unknown as IncomingMessage, res as unknown as ServerResponse),
  );
}

export function createShopHandler({ sites, apiUrl }: ShopServerOptions): (req: Req, res: Res) => void {
  const rulesCache = new Map<string, { key: string; rules: Promise<SiteRules> }>();
  const rulesOf = (dir: string): Promise<SiteRules> => {
    const key = ['_redirects', '_headers'].map((f) => (existsSync(join(dir, f)) ? statSync(join(dir, f)).mtimeMs : 0)).join(':');
    const cached = rulesCache.get(dir);
    if (cached?.key === key) return cached.rules;
    const rules = readSiteRules(dir);
    rulesCache.set(dir, { key, rules });
    return rules;
  };

  const fileFor = (dir: string, path: string): string | undefined => {
    const base = resolve(dir);
    const candidate = normalize(join(base, path));
    if (candidate !== base && !candidate.startsWith(base + sep)) return undefined;
    for (const f of [candidate, `${candidate}.html`, join(candidate, 'index.html')]) {
      if (existsSync(f) && statSync(f).isFile()) return f;
    }
    return undefined;
  };

  const bodies = new Map<string, Promise<Buffer>>();
  const compressed = (file: string, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    const { mtimeMs, size } = statSync(file);
    const key = `${encoding}:${file}:${mtimeMs}:${size}`;
    let body = bodies.get(key);
    if (!body) {
      body = new Promise<Buffer>((done, fail) =>
        readFile(file, (error, raw) => {
          if (error) return fail(error);
          const finish = (e: Error | null, out: Buffer) => (e ? fail(e) : done(out));
          if (encoding === 'br') brotliCompress(raw, finish);
          else gzip(raw, finish);
        }),
      );
      body.catch(() => bodies.delete(key));
      bodies.set(key, body);
    }
    return body;
  };

  const send = (req: Req, res: Res, file: string, extra: Record<string, string>, status = 200) => {
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      // Netlify's default for everything no rule gives a Cache-Control.
      'cache-control': 'public, max-age=0, must-revalidate',
      ...extra,
      vary: 'accept-encoding',
    };
    const accept = String(req.headers['accept-encoding'] ?? '');
    const compress = COMPRESSIBLE.test(type) ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : '') : '';
    if (!compress) {
      res.writeHead(status, { ...headers, 'content-length': String(statSync(file).size) });
      if (req.method === 'HEAD') return void res.end();
      if (closed(res)) return;
      return void pipeline(createReadStream(file), res, () => undefined);
    }
    // Compressed once per file version and kept, as a CDN does: brotli's default quality (11) per
    // request cost hundreds of milliseconds on the larger scripts and showed in every timing.
    void compressed(file, compress).then(
      (body) => {
        if (closed(res)) return;
        res.writeHead(status, { ...headers, 'content-encoding': compress, 'content-length': String(body.length) });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        if (closed(res)) return;
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('could not read the file');
      },
    );
  };

  const proxy = (req: Req, res: Res, target: URL) => {
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = request(target, { method: req.method, headers: { ...forwardable(req.headers), host: target.host } }, (up) => {
      // The browser may have given up (an aborted fetch) before the API answered: piping into a
      // closed response throws (ERR_STREAM_UNABLE_TO_PIPE), so drain the answer instead.
      if (closed(res)) return void up.resume();
      res.writeHead(up.statusCode ?? 502, forwardable(up.headers));
      pipeline(up, res, () => undefined);
    });
    upstream.on('error', () => {
      if (closed(res)) return;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status_code: 502, status: 'error', message: 'There was an error connecting to the server. Please try again later.' }));
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(req, upstream, () => undefined);
  };

  const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

  const handle = async (req: Req, res: Res) => {
    const host = hostOf(req);
    const shop = host.split('.')[0]!.split(':')[0]!;
    const dir = sites[shop];
    if (!dir) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const port = host.split(':')[1] ?? '';
      return void res.end(
        `<!doctype html><title>Shops</title><ul>${Object.keys(sites)
          .map((s) => `<li><a href="http://${s}.localhost${port ? `:${port}` : ''}/">${s}</a></li>`)
          .join('')}</ul>`,
      );
    }
    const target = req.url ?? '/';
    const url = new URL(target, 'http://local');
    // A malformed percent-escape is the client's error (400), never the backend's (502).
    if (!isWellFormedTarget(target)) {
      if (isApi(url.pathname)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ status_code: 400, status: 'error', message: 'The address of the request is malformed (an invalid %-escape).' }));
      }
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Bad Request: the address has an invalid %-escape.');
    }
    if (apiUrl && isApi(url.pathname)) return proxy(req, res, new URL(url.pathname + url.search, apiUrl));
    const rules = await rulesOf(dir);
    const path = decodeURIComponent(url.pathname);
    const extra = headersFor(rules.headers, path);
    const direct = fileFor(dir, path);
    const rule = matchRule(rules.redirects, path);
    if (rule?.status === 200 && /^https?:\/\//.test(rule.to) && (rule.force || !direct)) {
      // A proxy rule, matched again on the path as sent (still %-encoded); the query string goes along, as on Netlify.
      const raw = matchRule(rules.redirects, url.pathname) ?? rule;
      return proxy(req, res, new URL(raw.to.includes('?') ? raw.to : raw.to + url.search));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...extra, allow: 'GET, HEAD' });
      return void res.end();
    }
    if (direct && !rule?.force) return send(req, res, direct, extra);
    if (rule && rule.status >= 300 && rule.status < 400) {
      res.writeHead(rule.status, { ...extra, location: rule.to + (rule.to.includes('?') ? '' : url.search) });
      return void res.end();
    }
    const rewritten = rule?.status === 200 ? fileFor(dir, new URL(rule.to, 'http://local').pathname) : undefined;
    if (rewritten) return send(req, res, rewritten, extra);
    if (direct) return send(req, res, direct, extra);
    // A sharded shop's page and /product/{id} (src/catalog/shards.ts), as its Edge Function answers them on Netlify.
    const shard = shardPathOf(path);
    const sharded = shard ? fileFor(dir, shard) : undefined;
    if (sharded) return send(req, res, sharded, extra);
    const id = productIdOf(path);
    const map = id === undefined ? undefined : fileFor(dir, `/${productMapFileOf(id)}`);
    const productUrl = map ? productTargetIn(readFileSync(map, 'utf8'), id!) : undefined;
    if (productUrl) {
      res.writeHead(301, { ...extra, location: productUrl + url.search });
      return void res.end();
    }
    const notFound = join(dir, '404.html');
    if (existsSync(notFound)) return send(req, res, notFound, extra, 404);
    res.writeHead(404, extra);
    res.end();
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A rule Netlify would reject: say so loudly (the browser tests fail on it).
      console.error(error instanceof Error ? error.message : error);
      if (closed(res)) return;
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`The site's rules are broken: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
}

function closed(res: Res): boolean {
  const h2 = (res as unknown as Partial<Http2ServerResponse>).stream;
  return res.writableEnded || res.destroyed || h2?.destroyed === true;
}
