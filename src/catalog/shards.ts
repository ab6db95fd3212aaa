/**
 * Page shards: where a big shop's product and variant pages lie in its site (issue 16).
 *
 * Thelia's product URLs are flat (`/akku-bohrschrauber-rot.html`), and Netlify fails a deploy
 * with more than 54,000 files in one folder. A shop with more product and variant pages than
 * SHARD_FROM keeps them in 256 folders instead, `/_p/<2 hex>/<file>`, the folder chosen by a hash
 * of the file's name, so that the address of a page needs no table: the build moves each page to
 * its shard (src/integrations/page-shards.ts), an Edge Function on Netlify and the local server
 * look a request that has no file of its own up in the shard its name gives
 * (netlify/edge/page-shards.ts, scripts/lib/shop-server.ts). Pagefind's search fragments need no
 * shards: its index is in parts of at most 20,000 records (decision 0019).
 *
 * No imports: the Edge Function (Deno) imports this file as it is.
 */

/** The folder of the shards, at the site's root. */
export const SHARD_FOLDER = '_p';

/**
 * The folder of a sharded shop's `/product/{id}` targets: 256 maps `{ "<id>": "/<url>" }`, the
 * file chosen by the id's low byte, instead of one `_redirects` rule per product (100,000 rules).
 */
export const PRODUCT_MAP_FOLDER = '_product-ids';

/**
 * Product and variant pages from which a shop's pages go into shards: Netlify's 54,000 files per
 * folder less room for the other pages at the root (categories, brands, contents, shells).
 */
export const SHARD_FROM = 40_000;

/** FNV-1a (32 bit) over the name's UTF-8 bytes: fast, the same in Node and Deno. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const hex2 = (n: number) => (n & 0xff).toString(16).padStart(2, '0');

/** A file's path in the shard of `folder` that its name's hash gives. */
const inShard = (folder: string, name: string) => `${folder}/${hex2(fnv1a(name))}/${name}`;

/** The site path of a root-level page file in its shard: `akku.html` -> `_p/3f/akku.html`. */
export function shardFileOf(name: string): string {
  return inShard(SHARD_FOLDER, name);
}

/**
 * The shard address of a request's decoded path, or undefined for a path a shard cannot hold:
 * only a page at the root, `/x.html` or `/x` (served from `x.html`, as the CDN does), not the home
 * page and not another kind of file (`/robots.txt`).
 */
export function shardPathOf(pathname: string): string | undefined {
  const slug = pathname.slice(1);
  if (!pathname.startsWith('/') || !slug || slug.includes('/') || slug.startsWith('.')) return undefined;
  const name = slug.endsWith('.html') ? slug : slug.includes('.') ? undefined : `${slug}.html`;
  if (!name || name === 'index.html') return undefined;
  return `/${shardFileOf(name)}`;
}

/** The site path of the map that holds a product id's `/product/{id}` target. */
export function productMapFileOf(id: number): string {
  return `${PRODUCT_MAP_FOLDER}/${hex2(id)}.json`;
}

/** The product id of a `/product/{id}` address, or undefined. */
export function productIdOf(pathname: string): number | undefined {
  const m = /^\/product\/([1-9][0-9]{0,9})$/.exec(pathname);
  return m ? Number(m[1]) : undefined;
}

/** A `/product/{id}` target read from its map's text: a site path, or undefined (no such id, or not a map). */
export function productTargetIn(mapText: string, id: number): string | undefined {
  try {
    const target: unknown = (JSON.parse(mapText) as Record<string, unknown>)[String(id)];
    return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : undefined;
  } catch {
    return undefined;
  }
}
