/**
 * A loopback proxy in front of the test shop whose document at `path` arrives in two parts, cut at
 * `cut(html)`, with a pause between them long enough for the browser to paint what it has parsed
 * (a first paint before the document is parsed to its end). Every other request goes through as it is.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E } from './paths.ts';

/** How long the HTML stops: long enough for the browser to paint what it has. */
export const STALL_MS = 600;

export async function stallingProxy(shop: string, path: string, cut: (html: string) => number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    // To the test shop's server by its address, with the shop's host name (Node does not resolve *.localhost).
    const upstream = request(
      { host: '127.0.0.1', port: E2E.port, path: req.url, method: req.method, headers: { ...req.headers, host: `${shop}.localhost:${E2E.port}`, 'accept-encoding': 'identity' } },
      (answer) => {
        if (req.url !== path) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = cut(html);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.write(html.slice(0, at));
          setTimeout(() => res.end(html.slice(at)), STALL_MS);
        });
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://${shop}.localhost:${(server.address() as AddressInfo).port}${path}` };
}
