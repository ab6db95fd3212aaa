/**
 * No layout shift while a page's HTML is still arriving (issue 19). On a slow connection the
 * browser paints what it has parsed: a text cut off by a network packet is painted half, then
 * grows. The breadcrumb's last item (the product's title) was painted as its first letters at the
 * end of the trail's first line, then moved to a second line when the rest came (0.0056 in the
 * budget gate, once, under load). Here the product page's HTML stops in the middle of that title
 * for a moment, through a loopback proxy in front of the test shop, and the load is measured as
 * the budget gate measures it.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { measurePage, offlineRecorder } from '../../../scripts/lib/page-metrics.ts';
import { testCatalog } from '../setup/catalog.ts';
import { E2E } from '../setup/paths.ts';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';

/** How long the HTML stops: long enough for the browser to paint what it has. */
const STALL_MS = 600;

/** Serves the shop through loopback; the document at `path` arrives in two parts, cut at `cut(html)`. */
async function stallingProxy(shop: string, path: string, cut: (html: string) => number): Promise<{ server: Server; url: string }> {
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

for (const shop of ['de', 'ro'] as const) {
  for (const width of [390, 1280]) {
    test(`${shop} ${width} px: the product page does not shift while its breadcrumb's last item arrives in two parts`, async ({ browser }) => {
      const product = testCatalog(shop).product(F.simpleProductId)!;
      const marker = `<span aria-current="page">`;
      // After the title's first two letters: a start that fits at the end of a line, the rest not.
      const { server, url } = await stallingProxy(shop, product.url, (html) => {
        const at = html.indexOf(marker);
        expect(at, 'the breadcrumb names the page').toBeGreaterThan(0);
        expect(html.slice(at + marker.length).startsWith(product.title.slice(0, 2)), 'the breadcrumb ends with the title').toBe(true);
        return at + marker.length + 2;
      });
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: width < 600 ? 2 : 1 });
      try {
        const thirdParty = await offlineRecorder(context);
        const page = await context.newPage();
        const figures = await measurePage(page, url, thirdParty);
        expect(figures.status).toBe(200);
        await expect(page.locator('.breadcrumb [aria-current="page"]')).toHaveText(product.title);
        expect(Number(figures.layoutShift.toFixed(4)), figures.shifts.join('; ')).toBe(0);
      } finally {
        await context.close();
        server.close();
      }
    });
  }
}
