/**
 * The server half of the `storefront:same-island` renderer (src/integrations/same-island.ts,
 * decision 0011): a React island whose HTML is the same on every page of a shop (the header's
 * search box, phone box, account menu and mini cart: their props are the shop's) is rendered once
 * per build and props, and that HTML is written into every page. Before, each of the ~26,000 pages
 * of a 10,000-product shop rendered them again: about a quarter of the pages phase.
 *
 * An island renders here only when its module says so (`withBoundary(Island, { samePerShop: true })`
 * in islands/IslandBoundary.tsx tags it, islands/renderer-tag.ts); `check` answers no for every
 * other component. The island's React ids (`useId`) take a prefix of their own per component
 * ("s0", "s1", ...) instead of the page's running "r0", "r1": the same HTML is then right on every
 * page and never meets a page island's ids. The client half is @astrojs/react's, so hydration is
 * unchanged.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { SAME_ISLAND_RENDERER } from '../islands/renderer-tag.ts';

type Slots = Record<string, unknown>;

const RESOURCE_HINTS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

const prefixes = new Map<unknown, string>();
const rendered = new Map<string, string>();

/** Each component's useId prefix, in the order they first render. */
function prefixOf(Component: unknown): string {
  let prefix = prefixes.get(Component);
  if (!prefix) prefixes.set(Component, (prefix = `s${prefixes.size}`));
  return prefix;
}

/**
 * The island's HTML for these props: rendered the first time, then the same string. Props are the
 * island's serialisable props (Astro serialises them into the page for hydration anyway).
 */
export function renderSameIsland<P extends object>(Component: ComponentType<P>, props: P & { class?: unknown }, slots: Slots): { html: string; attrs: { prefix: string } } {
  if (Object.values(slots).some((slot) => slot != null)) {
    throw new Error(`${Component.displayName ?? Component.name}: an island rendered once per shop takes no children or slots`);
  }
  const prefix = prefixOf(Component);
  const { class: _class, ...rest } = props;
  const key = `${prefix} ${JSON.stringify(rest)}`;
  let html = rendered.get(key);
  if (html === undefined) {
    // As @astrojs/react does: React's resource hints (preload and the like) would land inside the island.
    html = renderToString(createElement(Component, rest as P), { identifierPrefix: prefix }).replace(RESOURCE_HINTS, '');
    rendered.set(key, html);
  }
  return { html, attrs: { prefix } };
}

export default {
  name: SAME_ISLAND_RENDERER,
  check: () => false,
  renderToStaticMarkup: async (Component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, slots: Slots) => renderSameIsland(Component, props, slots),
  supportsAstroStaticSlot: true,
};
