/**
 * The page budgets (issue 19): one line per page type, the one list the budget gate in `npm test`
 * (tests/e2e/performance/budgets.spec.ts) and the Lighthouse benchmark (scripts/bench/lighthouse.ts)
 * both go through. Adding a page type is one line here: its path in a shop's catalog, what the visit
 * needs first (a filled cart, a logged-in customer) and its budgets; the gate and the bench pick it
 * up. Figures are what does not depend on the machine's speed, measured in Chromium by
 * scripts/lib/page-metrics.ts (what each figure is exactly is written there).
 *
 * Here because both scripts/ (the bench) and tests/ use it and neither is shop code (src/ is what
 * the build and the browser run; docs/architecture.md "Layers").
 *
 * How the figures were set (2026-11-24, 200-product test shops, de and ro, 390 and 1280 px, the
 * worst of the four visits): each byte budget is today's figure plus 5 % rounded up to the next
 * half KB (the raw HTML: plus 2 KB): room for a message or a class name, not for a new library or
 * a new island; a real increase fails and the budget is raised on purpose, in review. Requests
 * the HTML makes: today's plus 2 (an image more in a listing). CSS: every page's own CSS is
 * inlined into its HTML (astro.config `inlineStylesheets: 'always'`) and counted in the HTML's
 * bytes; the one stylesheet file is the header islands' open states, which the chrome links after
 * the first paint (styles/after-paint.scss, 1.1 KB): 1.5 KB, and another file would fail. Render-blocking resources, unsized or oversized images,
 * layout shift and third-party requests before consent: none, as today on most pages; the
 * exceptions are marked "known defect" on their line, allowed at today's figure until fixed.
 * /cart, /checkout, /account and the order outcomes carry React 19 and zod/mini (82–107 KB
 * compressed): their JS budget is today's figure + 5 %, known to be too heavy (the old targets
 * were 70 KB for the account pages, 90 KB for /checkout). Lowered 2026-11-24 with the contract's
 * move to zod/mini (15 KB less on each of them, 5.5 KB less on the product page); lower them again
 * with the next cut. Today's figures: docs/architecture.md "Performance".
 *
 * Raised 2026-11-25 on purpose with the script islands (decision 0012: the pages' behaviours load
 * after the first paint): each island's element and the client:painted directive add 0.5–1.5 KB of
 * raw HTML (0.2–0.5 KB compressed) to a page, and the islands' renderer and tag chunks 0.1–0.2 KB
 * of JavaScript. What it bought: Lighthouse LCP 873 ms on the content page (1,055 before).
 *
 * Lowered 2026-11-25 (later) with the header islands' open states out of every page's inline CSS
 * (0.7 KB compressed less on each page), by the rule above, and the catalog pages' and the advent
 * calendar's compressed HTML held at 14 KB at most: a new connection's first round trip carries
 * about 14 KB (TCP's initial window, 10 segments of 1,460 bytes), and a page over it waits one
 * round trip more for its first paint (Lighthouse: the category page's LCP 1,122 -> 976 ms with
 * 13.8 KB instead of 14.6, docs/architecture.md "Performance"). The same day the admin bar's links
 * left the pages for a fragment the chrome fetches (0.25 KB less HTML, 0.15 KB more of the chrome's
 * JS after the paint): the home page's JS budget 12 -> 12.5 KB.
 *
 * Raised 2026-11-28 on purpose, by 0.5 KB on the category, brand, content, login and not-found
 * pages: the site chrome's start split into three tasks (islands/next-task.ts, decision 0012's last
 * amendment) is 45 bytes more of compressed JS on every page, and these five were within 42 bytes
 * of their budget (now 3-21 bytes over). What it bought: no long task from the chrome on a phone
 * (51-68 ms at 4x CPU in one task before, at most 37 ms after).
 */
import { SAMPLE_FIXTURES as F } from '../sample/fixtures.ts';
import type { Catalog } from '../../src/catalog/catalog.ts';

export type Shop = 'de' | 'at' | 'ro';

/** What a page type's visit needs before the page is loaded (made through the shop API). */
export type Needs = 'cart' | 'customer' | 'order';

export interface Budget {
  /** Compressed JavaScript bytes loaded before any interaction (response bodies, headers not counted), KB. */
  jsKB: number;
  /** Compressed CSS bytes before any interaction, KB. */
  cssKB: number;
  /** The document's compressed body, KB. */
  htmlKB: number;
  /** The document's decoded body, KB. */
  htmlRawKB: number;
  /** Requests started before the first paint, the document included. */
  requestsBeforePaint: number;
  /** Resources Chromium marks render-blocking (`renderBlockingStatus`). */
  renderBlocking: number;
  /** Images without width and height attributes, or loaded at more than OVERSIZE x their rendered size x DPR. */
  badImages: number;
  /** Sum of the layout shifts (PerformanceObserver 'layout-shift', no input) of a scripted load. */
  layoutShift: number;
  /** Requests to anything but the shop's own origin before consent. */
  thirdPartyRequests: number;
}

/** What every page must keep, whatever its type. */
const STRICT = { renderBlocking: 0, badImages: 0, layoutShift: 0, thirdPartyRequests: 0 } as const;

/** An image counts as oversized when its source is wider than this x its rendered width x DPR (a srcset's steps are 1.5–2x apart). */
export const OVERSIZE = 2;

interface PageType extends Budget {
  /** The page's path in a shop built from the sample catalog (the fixtures hold for every sample of 200+ products). */
  path: (catalog: Catalog, shop: Shop) => string;
  /** One need, or several made in this order (a customer, then a cart). */
  needs?: Needs | readonly Needs[];
}

const variantOf = (c: Catalog) => c.product(F.variantProductId)!.variants.find((v) => v.url && !v.isDefault)!.url!;

// biome-ignore format: one line per page type
export const PAGE_TYPES = {
  home:           { path: () => '/', jsKB: 12.5, cssKB: 1.5, htmlKB: 14, htmlRawKB: 73, requestsBeforePaint: 19, ...STRICT },
  category:       { path: (c) => c.category(F.deepestCategoryId)!.url, jsKB: 13.5, cssKB: 1.5, htmlKB: 14, htmlRawKB: 67.5, requestsBeforePaint: 12, ...STRICT },
  brand:          { path: (c) => c.routes().find((r) => r.kind === 'brand')!.path, jsKB: 13.5, cssKB: 1.5, htmlKB: 13, htmlRawKB: 58.5, requestsBeforePaint: 22, ...STRICT },
  // raw HTML +1 KB after issue 15 (the review form's markup on the reviews tab)
  product:        { path: (c) => c.product(F.simpleProductId)!.url, jsKB: 24.5, cssKB: 1.5, htmlKB: 14, htmlRawKB: 66, requestsBeforePaint: 16, ...STRICT },
  variant:        { path: variantOf, jsKB: 24.5, cssKB: 1.5, htmlKB: 14, htmlRawKB: 65, requestsBeforePaint: 15, ...STRICT },
  content:        { path: (c) => c.content(F.contentPages.imprint)!.url, jsKB: 11.5, cssKB: 1.5, htmlKB: 12.5, htmlRawKB: 52, requestsBeforePaint: 15, ...STRICT },
  // Result thumbnails: the 128 px derivative (THUMB_WIDTH) since 2026-11-28; the 240 px one was more than twice their 64 px at 1280 px.
  search:         { path: (_, shop) => (shop === 'ro' ? '/search/suruburi' : '/search/Premium'), jsKB: 90, cssKB: 1.5, htmlKB: 10.5, htmlRawKB: 44.5, requestsBeforePaint: 15, ...STRICT },
  // The cart line's image: the 128 px thumbnail the shop API names (IMAGE_THUMB) since 2026-11-28, no longer the export's 400 px file at 96 px.
  cart:           { path: () => '/cart', needs: 'cart', jsKB: 103, cssKB: 1.5, htmlKB: 11, htmlRawKB: 47.5, requestsBeforePaint: 15, ...STRICT },
  checkout:       { path: () => '/checkout', needs: 'cart', jsKB: 112, cssKB: 1.5, htmlKB: 11.5, htmlRawKB: 51, requestsBeforePaint: 15, ...STRICT },
  // A logged-in customer's checkout (2026-11-28): the address book arrived after the form and moved the sections below it.
  'checkout-in':  { path: () => '/checkout', needs: ['customer', 'cart'], jsKB: 112, cssKB: 1.5, htmlKB: 11.5, htmlRawKB: 51, requestsBeforePaint: 15, ...STRICT },
  login:          { path: () => '/login-register', jsKB: 11.5, cssKB: 1.5, htmlKB: 11.5, htmlRawKB: 49.5, requestsBeforePaint: 15, ...STRICT },
  // The expired-token check is a script island after the first paint since 2026-11-28 (islands/account/session-check.ts): 5 requests before it, as /login-register.
  account:        { path: () => '/account', needs: 'customer', jsKB: 105, cssKB: 1.5, htmlKB: 11, htmlRawKB: 46, requestsBeforePaint: 15, ...STRICT },
  'order-placed': { path: () => '/order-placed', needs: 'order', jsKB: 96.5, cssKB: 1.5, htmlKB: 11.5, htmlRawKB: 48, requestsBeforePaint: 15, ...STRICT },
  'order-failed': { path: () => '/order-failed', needs: 'order', jsKB: 87, cssKB: 1.5, htmlKB: 11, htmlRawKB: 45.5, requestsBeforePaint: 15, ...STRICT },
  // JS: issue 15's budget, 35 KB (12.2 KB today); the rest as the other lines (14.0 KB / 80.4 KB HTML, 7 requests).
  advent:         { path: () => '/advent-calendar', jsKB: 35, cssKB: 1.5, htmlKB: 14, htmlRawKB: 80, requestsBeforePaint: 9, ...STRICT },
  'not-found':    { path: () => '/gibt-es-nicht', jsKB: 11.5, cssKB: 1.5, htmlKB: 11.5, htmlRawKB: 48, requestsBeforePaint: 15, ...STRICT },
} satisfies Record<string, PageType>;

export type PageTypeName = keyof typeof PAGE_TYPES;
export const PAGE_TYPE_NAMES = Object.keys(PAGE_TYPES) as PageTypeName[];
