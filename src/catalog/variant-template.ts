/**
 * A product's page template (decision 0013): the product page with every part that depends on the
 * page rendered once per page of the product (its own page, `PRODUCT_PAGE`, and each variant page,
 * keyed by the variant's id), each copy between markers. Astro renders (and caches) one template
 * per product with variant pages at the product's URL; the variant-pages integration
 * (src/integrations/variant-pages.ts) writes each of its pages from it with `compileTemplate`,
 * byte for byte what rendering that page gives.
 *
 * A marker is a character of Unicode's private use area followed by a random word drawn once per
 * build, then the key and a second private-use character: Astro writes them unescaped, in text and
 * in attribute values alike, and no text of the export can hold one (an icon font's glyph pasted
 * into a description is one private-use character, not a marker). A template reused from an
 * earlier build carries that build's word: `compileTemplate` reads it from the template's first
 * marker, which the layout writes before any text of the export (the head's, layouts/Base.astro).
 * Templates are cut as UTF-8 bytes, as Astro writes them: no page is decoded or encoded again.
 */
import { randomBytes } from 'node:crypto';
import { pageFileOf } from './urls.ts';

/** The key of the product's own page (at the product's URL, with its default variant selected). */
export const PRODUCT_PAGE = 'p';

const PRIVATE = '\uE000';
const WORD = 16;
const OPEN = `${PRIVATE}${randomBytes(WORD / 2).toString('hex')}`;
const CLOSE = '\uE001';

export const regionStart = (key: string): string => `${OPEN}${key}${CLOSE}`;
export const regionEnd = (key: string): string => `${OPEN}/${key}${CLOSE}`;

const PRIVATE_BYTES = Buffer.from(PRIVATE);
const CLOSE_BYTES = Buffer.from(CLOSE);

/** A marker's characters (its start and its end) in a page's bytes read as latin1 (their UTF-8 bytes, each a character). */
const MARKER_LATIN1 = new RegExp([PRIVATE, CLOSE].map((c) => Buffer.from(c).toString('latin1')).join('|'));

/** Whether a template's text read as latin1 (site-rules' scan reads pages so) holds a marker or a part of one. */
export const holdsMarker = (latin1: string): boolean => MARKER_LATIN1.test(latin1);

/** Whether product and variant pages are written from templates (VARIANT_PAGES=rendered: each rendered by Astro on its own, as before). */
export const templatesOn = (env: Record<string, string | undefined> = process.env): boolean => env.VARIANT_PAGES !== 'rendered';

/** The marker's start a template uses: its first private-use character and the word after it (undefined: no template). */
function openerOf(bytes: Buffer): Buffer | undefined {
  for (let at = bytes.indexOf(PRIVATE_BYTES); at >= 0; at = bytes.indexOf(PRIVATE_BYTES, at + 1)) {
    const word = bytes.subarray(at + PRIVATE_BYTES.length, at + PRIVATE_BYTES.length + WORD);
    if (/^[0-9a-f]+$/.test(word.toString('latin1')) && word.length === WORD) return bytes.subarray(at, at + PRIVATE_BYTES.length + WORD);
  }
  return undefined;
}

/** The pages of a template: `page(key)` for each of `keys` (in the order they first appear). */
export interface CompiledTemplate {
  keys: string[];
  page(key: string): Uint8Array<ArrayBuffer>;
  /** The page of a key as the template's parts in order, not copied into one buffer (for a vectored write). */
  parts(key: string): Buffer[];
}

/**
 * The pages of a template: `page(key)` is the page of one key, its own copies kept without their
 * markers, every other key's dropped. The template is read once into the parts every page shares
 * and each key's copies, so that each page costs its own length, not the template's. A page with no
 * marker is no template: an error.
 */
export function compileTemplate(template: Uint8Array): CompiledTemplate {
  const bytes = Buffer.from(template.buffer, template.byteOffset, template.byteLength);
  const opener = openerOf(bytes);
  if (!opener) throw new Error('not a template (no marker)');
  const shared: Buffer[] = [];
  const regions: { at: number; key: string; inner: Buffer }[] = [];
  let last = 0;
  let from = 0;
  for (;;) {
    const start = bytes.indexOf(opener, from);
    if (start < 0) break;
    const keyEnd = bytes.indexOf(CLOSE_BYTES, start);
    if (keyEnd < 0) throw new Error('a template region without the end of its marker');
    const key = bytes.toString('utf8', start + opener.length, keyEnd);
    if (key.startsWith('/')) throw new Error(`a template region's end without its start: ${key}`);
    const end = Buffer.concat([opener, Buffer.from(`/${key}${CLOSE}`)]);
    const innerStart = keyEnd + CLOSE_BYTES.length;
    const endAt = bytes.indexOf(end, innerStart);
    if (endAt < 0) throw new Error(`a template region without its end: ${key}`);
    shared.push(bytes.subarray(last, start));
    regions.push({ at: shared.length, key, inner: bytes.subarray(innerStart, endAt) });
    last = from = endAt + end.length;
  }
  shared.push(bytes.subarray(last));
  const parts = (key: string) => {
    const found: Buffer[] = [];
    let r = 0;
    for (let i = 0; i < shared.length; i++) {
      for (; r < regions.length && regions[r]!.at === i; r++) if (regions[r]!.key === key) found.push(regions[r]!.inner);
      found.push(shared[i]!);
    }
    return found;
  };
  return { keys: [...new Set(regions.map((r) => r.key))], page: (key) => Buffer.concat(parts(key)), parts };
}

/** A product's pages as the build writes them: its own page's file and each variant page's key and file. */
export interface ProductPages {
  file: string;
  variants: { key: string; file: string }[];
}

/** The products with variant pages, from the catalog's routes (`path`, `kind`, `id`, a variant's `productId`). */
export function productsWithVariantPages(routes: readonly { path: string; kind: string; id: number; productId?: number }[]): ProductPages[] {
  const variants = new Map<number, ProductPages['variants']>();
  for (const r of routes) {
    if (r.kind !== 'variant' || !r.productId) continue;
    const list = variants.get(r.productId) ?? [];
    list.push({ key: String(r.id), file: pageFileOf(r.path) });
    variants.set(r.productId, list);
  }
  return routes.flatMap((r) => (r.kind === 'product' && variants.has(r.id) ? [{ file: pageFileOf(r.path), variants: variants.get(r.id)! }] : []));
}
