/**
 * What JavaScript a page loads, as the network saw it, via the Chrome DevTools Protocol: per
 * script the compressed response body (the bytes of its `Network.dataReceived` events: what a
 * JavaScript budget counts) and, apart, the response's header bytes (the `encodedDataLength` the
 * response had when its headers arrived). `Network.loadingFinished`'s `encodedDataLength` is both
 * together; over HTTP/1.1 with chunked transfer (a body compressed on the fly) it also holds the
 * few bytes of chunk framing, counted in neither figure. Shared by the JS-budget, add-to-cart and
 * checkout benchmarks.
 */
import type { Page } from 'playwright-core';

export interface LoadedScript {
  url: string;
  /** Compressed response body as received. */
  bodyBytes: number;
  /** Response status line and headers as received. */
  headerBytes: number;
  /** Everything received for the request (headers, body, transfer framing). */
  encodedBytes: number;
  encoding: string;
}

/** Starts recording; the returned list fills as scripts finish loading. */
export async function trackScripts(page: Page): Promise<LoadedScript[]> {
  const scripts: LoadedScript[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const meta = new Map<string, { url: string; type: string; encoding: string; headerBytes: number; bodyBytes: number }>();
  cdp.on('Network.responseReceived', (e) =>
    meta.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity'),
      headerBytes: e.response.encodedDataLength,
      bodyBytes: 0,
    }),
  );
  cdp.on('Network.dataReceived', (e) => {
    const m = meta.get(e.requestId);
    if (m) m.bodyBytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const m = meta.get(e.requestId);
    if (m?.type === 'Script') scripts.push({ url: m.url, bodyBytes: m.bodyBytes, headerBytes: m.headerBytes, encodedBytes: e.encodedDataLength, encoding: m.encoding });
  });
  return scripts;
}

/** The compressed JavaScript: response bodies only. */
export const compressedBytes = (s: readonly LoadedScript[]) => s.reduce((n, x) => n + x.bodyBytes, 0);
/** The scripts' response headers. */
export const headerBytes = (s: readonly LoadedScript[]) => s.reduce((n, x) => n + x.headerBytes, 0);
