/**
 * What JavaScript a page loads, as the network saw it (compressed bytes per script), via the
 * Chrome DevTools Protocol. Shared by the JS-budget and add-to-cart benchmarks.
 */
import type { Page } from 'playwright-core';

export interface LoadedScript {
  url: string;
  encodedBytes: number;
  decodedBytes: number;
  encoding: string;
}

/** Starts recording; the returned list fills as scripts finish loading. */
export async function trackScripts(page: Page): Promise<LoadedScript[]> {
  const scripts: LoadedScript[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const meta = new Map<string, { url: string; type: string; encoding: string }>();
  cdp.on('Network.responseReceived', (e) =>
    meta.set(e.requestId, { url: e.response.url, type: e.type, encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity') }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const m = meta.get(e.requestId);
    if (m?.type === 'Script') scripts.push({ url: m.url, encodedBytes: e.encodedDataLength, decodedBytes: 0, encoding: m.encoding });
  });
  return scripts;
}

export const compressedBytes = (s: readonly LoadedScript[]) => s.reduce((n, x) => n + x.encodedBytes, 0);
