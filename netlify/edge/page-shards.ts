/**
 * The Netlify Edge Function of a sharded shop (src/catalog/shards.ts): a page request that finds
 * no file, redirect or rewrite of its own (the rest of Netlify's chain answers 404) is served from
 * the shard its file name gives, with status 200 at the address the shopper asked for. Categories,
 * brands, contents, shells, redirects and the API answer as before; an address no page has ends
 * at the site's 404 page.
 *
 * The build writes its declaration (.netlify/v1/edge-functions/, Netlify's Frameworks API) only
 * for a shop whose pages are in shards (scripts/build.ts --publish); scripts/lib/shop-server.ts
 * does the same locally.
 */
import { shardPathOf } from '../../src/catalog/shards.ts';

/** What this function uses of Netlify's context. */
interface NextContext {
  next(): Promise<Response>;
}

/** The requests it runs on: pages at the root, `/akku.html` or `/akku` (not `/robots.txt`, not `/_astro/...`). */
export const PATTERN = '^/([^/]+\\.html|[^/.]+)$';

export default async function pageShards(request: Request, context: NextContext): Promise<Response | URL> {
  const url = new URL(request.url);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return context.next();
  }
  const shard = shardPathOf(pathname);
  if (!shard || (request.method !== 'GET' && request.method !== 'HEAD')) return context.next();
  const answer = await context.next();
  if (answer.status !== 404) return answer;
  // The 404 page's body is not read: the rewrite below answers instead.
  await answer.body?.cancel();
  return new URL(shard.split('/').map(encodeURIComponent).join('/'), url);
}
