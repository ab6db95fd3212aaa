/**
 * Serves the built shops the way the CDN does: one site per host (`de.localhost` -> dist/de),
 * the site's `_redirects` (301/302 redirects and 200 rewrites, with `*`/:splat and :placeholders),
 * `x.html` for `/x`, the site's 404.html with status 404, gzip or brotli for text, and `/api`
 * forwarded to the shop API when one is given. Over HTTP/1.1 (createShopServer) or, like a real
 * CDN, HTTP/2 over TLS (createSecureShopServer, for the benchmarks: one connection for all of a
 * page's requests).
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { createBrotliCompress, createGzip } from 'node:zlib';

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

interface Rule {
  pattern: RegExp;
  names: string[];
  to: string;
  status: number;
}

export function parseRedirects(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (!parts[0] || parts[0].startsWith('#') || parts.length < 2) continue;
    const [from, to, status = '301'] = parts as [string, string, string?];
    const names: string[] = [];
    const source = from
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
    rules.push({ pattern: new RegExp(`^${source}$`), names, to, status: Number.parseInt(status, 10) });
  }
  return rules;
}

function matchRule(rules: Rule[], path: string): { to: string; status: number } | undefined {
  for (const rule of rules) {
    const m = rule.pattern.exec(path);
    if (!m) continue;
    let to = rule.to;
    rule.names.forEach((name, i) => (to = to.replace(name === 'splat' ? ':splat' : `:${name}`, m[i + 1] ?? '')));
    return { to, status: rule.status };
  }
  return undefined;
}

export interface ShopServerOptions {
  /** Site folder per shop code; the shop is the first label of the Host header. */
  sites: Record<string, string>;
  /** Where /api/* goes, e.g. http://127.0.0.1:4300. */
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
  const rulesCache = new Map<string, { mtime: number; rules: Rule[] }>();
  const rulesOf = (dir: string): Rule[] => {
    const file = join(dir, '_redirects');
    if (!existsSync(file)) return [];
    const mtime = statSync(file).mtimeMs;
    const cached = rulesCache.get(dir);
    if (cached?.mtime === mtime) return cached.rules;
    const rules = parseRedirects(readFileSync(file, 'utf8'));
    rulesCache.set(dir, { mtime, rules });
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

  const send = (req: Req, res: Res, file: string, status = 200) => {
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      vary: 'accept-encoding',
    };
    const accept = String(req.headers['accept-encoding'] ?? '');
    const compress = COMPRESSIBLE.test(type) ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : '') : '';
    if (compress) headers['content-encoding'] = compress;
    else headers['content-length'] = String(statSync(file).size);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return void res.end();
    if (closed(res)) return;
    const source = createReadStream(file);
    const out = res;
    if (compress) pipeline(source, compress === 'br' ? createBrotliCompress() : createGzip(), out, () => undefined);
    else pipeline(source, out, () => undefined);
  };

  const proxy = (req: Req, res: Res, target: URL) => {
    const upstream = httpRequest(target, { method: req.method, headers: { ...forwardable(req.headers), host: target.host } }, (up) => {
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

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const host = hostOf(req);
    const shop = host.split('.')[0]!.split(':')[0]!;
    const dir = sites[shop];
    if (!dir) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const port = host.split(':')[1] ?? '';
      return void res.end(`<!doctype html><title>Shops</title><ul>${Object.keys(sites).map((s) => `<li><a href="http://${s}.localhost${port ? `:${port}` : ''}/">${s}</a></li>`).join('')}</ul>`);
    }
    if (apiUrl && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return proxy(req, res, new URL(url.pathname + url.search, apiUrl));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = '/';
    }
    const direct = fileFor(dir, path);
    if (direct) return send(req, res, direct);
    const rule = matchRule(rulesOf(dir), path);
    if (rule && rule.status >= 300 && rule.status < 400) {
      res.writeHead(rule.status, { location: rule.to + (rule.to.includes('?') ? '' : url.search) });
      return void res.end();
    }
    const rewritten = rule?.status === 200 ? fileFor(dir, new URL(rule.to, 'http://local').pathname) : undefined;
    if (rewritten) return send(req, res, rewritten);
    const notFound = join(dir, '404.html');
    if (existsSync(notFound)) return send(req, res, notFound, 404);
    res.writeHead(404);
    res.end();
  };
}

function closed(res: Res): boolean {
  const h2 = (res as unknown as Partial<Http2ServerResponse>).stream;
  return res.writableEnded || res.destroyed || h2?.destroyed === true;
}
