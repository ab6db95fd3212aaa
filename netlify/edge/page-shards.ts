/**
 * The Netlify Edge Function of a sharded shop (src/catalog/shards.ts): a request that finds no
 * file, redirect or rewrite of its own (the rest of Netlify's chain answers 404) is answered from
 * the shards:
 * - a page at the root (`/akku.html`) from the shard its file name gives, with status 200 at the
 *   address the shopper asked for;
 * - `/product/{id}` with a 301 to the product's page, read from the id's map (a sharded shop's
 *   `_redirects` has no rule per product);
 * Categories, brands, contents, shells, redirects and the API answer as before; an address no page
 * has ends at the site's 404 page.
 *
 * The build writes its declaration (.netlify/v1/, Netlify's Frameworks API) only for a shop whose
 * pages are in shards (scripts/build.ts --publish); scripts/lib/shop-server.ts does the same
 * locally.
 */
import { productIdOf, productMapFileOf, productTargetIn, shardPathOf } from '../../src/catalog/shards.ts';

/** What this function uses of Netlify's context. */
interface NextContext {
  next(): Promise<Response>;
}

/**
 * The requests it runs on: pages at the root, `/akku.html` or `/akku` (not `/robots.txt`, not
 * `/_astro/...`) and `/product/{id}`.
 */
export const PATTERN = '^/([^/]+\\.html|[^/.]+|product/[0-9]+)$';

export default async function pageShards(request: Request, context: NextContext): Promise<Response | URL> {
  const url = new URL(request.url);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return context.next();
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return context.next();
  const shard = shardPathOf(pathname);
  const id = productIdOf(pathname);
  if (!shard && id === undefined) return context.next();
  const answer = await context.next();
  if (answer.status !== 404) return answer;
  if (id !== undefined) {
    // A small static file of this site (256 of them, cached by the CDN like any other).
    const map = await fetch(new URL(`/${productMapFileOf(id)}`, url)).catch(() => undefined);
    const target = map?.ok ? productTargetIn(await map.text().catch(() => ''), id) : undefined;
    if (!target) return answer;
    await answer.body?.cancel();
    // The query goes along, as with Netlify's own redirect rules.
    return Response.redirect(new URL(target + url.search, url), 301);
  }
  // The 404 page's body is not read: the rewrite below answers instead.
  await answer.body?.cancel();
  return new URL(shard!.split('/').map(encodeURIComponent).join('/'), url);
}
