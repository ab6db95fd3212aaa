/**
 * A product's page template (decision 0013): the product page with every part that depends on the
 * page rendered once per page of the product (its own page, `PRODUCT_PAGE`, and each variant page,
 * keyed by the variant's id), each copy between markers. `compileTemplate` makes its pages: the
 * build renders one template per product with variant pages and writes each of its pages from it
 * (components/catalog/product-templates.ts), byte for byte what rendering that page gives.
 *
 * A marker is a character of Unicode's private use area followed by a random word drawn once per
 * build, then the key and a second private-use character: Astro writes them unescaped, in text and
 * in attribute values alike, and no text of the export can hold one (an icon font's glyph pasted
 * into a description is one private-use character, not a marker). Templates are cut as UTF-8
 * bytes, as Astro hands the page over and writes it: no page is decoded or encoded again.
 */
import { randomBytes } from 'node:crypto';

/** The key of the product's own page (at the product's URL, with its default variant selected). */
export const PRODUCT_PAGE = 'p';

const OPEN = `\uE000${randomBytes(8).toString('hex')}`;
const CLOSE = '\uE001';

export const regionStart = (key: string): string => `${OPEN}${key}${CLOSE}`;
export const regionEnd = (key: string): string => `${OPEN}/${key}${CLOSE}`;

const OPEN_BYTES = Buffer.from(OPEN);
const CLOSE_BYTES = Buffer.from(CLOSE);

/** Whether a rendered page is a template. */
export const isTemplate = (page: Uint8Array): boolean => Buffer.from(page.buffer, page.byteOffset, page.byteLength).includes(OPEN_BYTES);

/**
 * The pages of a template: `compileTemplate(bytes)(key)` is the page of one key, its own copies kept
 * without their markers, every other key's dropped. The template is read once into the parts every
 * page shares and each key's copies, so that each page costs its own length, not the template's.
 */
export function compileTemplate(template: Uint8Array): (key: string) => Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(template.buffer, template.byteOffset, template.byteLength);
  const shared: Buffer[] = [];
  const regions: { at: number; key: string; inner: Buffer }[] = [];
  let last = 0;
  let from = 0;
  for (;;) {
    const start = bytes.indexOf(OPEN_BYTES, from);
    if (start < 0) break;
    const keyEnd = bytes.indexOf(CLOSE_BYTES, start);
    if (keyEnd < 0) throw new Error('a template region without the end of its marker');
    const key = bytes.toString('utf8', start + OPEN_BYTES.length, keyEnd);
    if (key.startsWith('/')) throw new Error(`a template region's end without its start: ${key}`);
    const end = Buffer.from(regionEnd(key));
    const innerStart = keyEnd + CLOSE_BYTES.length;
    const endAt = bytes.indexOf(end, innerStart);
    if (endAt < 0) throw new Error(`a template region without its end: ${key}`);
    shared.push(bytes.subarray(last, start));
    regions.push({ at: shared.length, key, inner: bytes.subarray(innerStart, endAt) });
    last = from = endAt + end.length;
  }
  shared.push(bytes.subarray(last));
  return (key) => {
    const parts: Buffer[] = [];
    let r = 0;
    for (let i = 0; i < shared.length; i++) {
      for (; r < regions.length && regions[r]!.at === i; r++) if (regions[r]!.key === key) parts.push(regions[r]!.inner);
      parts.push(shared[i]!);
    }
    return Buffer.concat(parts);
  };
}

/** What the pages' writer needs to know of the catalog. */
export interface TemplateRoutes {
  /** The product or variant page at a path: its kind, id and (for a variant) its product's id. */
  routeOf(pathname: string): { kind: string; id: number; productId?: number } | undefined;
  hasVariantPages(productId: number): boolean;
}

interface Rendered {
  page: (key: string) => Uint8Array<ArrayBuffer>;
  status: number;
  headers: Headers;
}

/**
 * The writer of a build's product and variant pages: `page(pathname, render)` answers a page of a
 * product with variant pages from the product's template, rendering (`render()`, Astro's) only the
 * first of them the build asks for; any other page is `render()`'s own. The templates of the last
 * `keep` products are kept (a product's pages come one after another, in path order).
 */
export function templatePages(routes: TemplateRoutes, keep = 32): (pathname: string, render: () => Promise<Response>) => Promise<Response> {
  const templates = new Map<number, Promise<Rendered>>();
  return async (pathname, render) => {
    const route = routes.routeOf(pathname);
    if (!route || (route.kind !== 'product' && route.kind !== 'variant')) return render();
    const productId = route.productId ?? route.id;
    if (!routes.hasVariantPages(productId)) return render();
    let rendered = templates.get(productId);
    if (!rendered) {
      rendered = render().then(async (r) => {
        const html = new Uint8Array(await r.arrayBuffer());
        if (!r.ok || !isTemplate(html)) throw new Error(`${pathname}: the product's page is no template (decision 0013; status ${r.status})`);
        return { page: compileTemplate(html), status: r.status, headers: r.headers };
      });
      const pending = rendered;
      templates.set(productId, pending);
      if (templates.size > keep) templates.delete(templates.keys().next().value!);
      // A failed render is not kept: the page that asked fails; the next one of the product tries again.
      pending.catch(() => templates.get(productId) === pending && templates.delete(productId));
    }
    const { page, status, headers } = await rendered;
    return new Response(page(route.kind === 'product' ? PRODUCT_PAGE : String(route.id)), { status, headers });
  };
}
