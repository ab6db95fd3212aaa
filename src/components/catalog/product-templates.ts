/**
 * Every page of a product with variant pages from one render (decision 0013): the first of its
 * pages the build asks for renders the product's template (ProductView.astro with `template`);
 * that page and each later one of the same product are cut from it, and the later ones render
 * nothing (catalog/variant-template.ts, `templatePages`). Astro still writes, caches and reports
 * every page as its own. Every other page, a product without variant pages among them, is Astro's
 * as it renders it.
 *
 * Called for every page by src/middleware.ts, which Astro's incremental build does not hash: the
 * product route imports this module, so a change here renders the product pages again.
 *
 * VARIANT_PAGES=rendered renders every page on its own, as before (the build test compares the two).
 */
import { templatePages } from '../../catalog/variant-template.ts';
import { catalog } from '../../shops/current.ts';
import { routeOf } from '../chrome/context.ts';

export const templatesOn = (): boolean => process.env.VARIANT_PAGES !== 'rendered';

let withVariantPages: Set<number> | undefined;

const fromTemplates = templatePages({
  routeOf,
  hasVariantPages: (productId) => (withVariantPages ??= new Set(catalog.routes().flatMap((r) => (r.kind === 'variant' && r.productId ? [r.productId] : [])))).has(productId),
});

/** The page at `pathname`, as `render()` gives it or cut from its product's template. */
export const productPage = (pathname: string, render: () => Promise<Response>): Promise<Response> => (templatesOn() ? fromTemplates(pathname, render) : render());
