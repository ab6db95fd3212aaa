/**
 * Which Astro renderer renders an island on the server. Astro reads a component's
 * `Symbol.for('astro:renderer')` (its runtime's `Renderer` tag) and then skips asking every
 * renderer's `check`; untagged, @astrojs/react's check renders each React island an extra time
 * (a throw-away render with a stream of its own) on every page: 0.6 ms a page at 1,000 products.
 */
const RENDERER = Symbol.for('astro:renderer');

/** @astrojs/react: the island renders on each page. */
export const REACT_RENDERER = '@astrojs/react';
/** src/integrations/same-island.ts: the island's HTML is the same on every page of a shop, rendered once per build. */
export const SAME_ISLAND_RENDERER = 'storefront:same-island';

/** Tags `component` with the renderer that renders it on the server. */
export function tagRenderer<T extends object>(component: T, renderer: typeof REACT_RENDERER | typeof SAME_ISLAND_RENDERER): T {
  (component as Record<symbol, string>)[RENDERER] = renderer;
  return component;
}
