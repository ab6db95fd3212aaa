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
/** src/integrations/script-island.ts: a framework-free island, a function of its element; no server HTML. */
export const SCRIPT_RENDERER = 'storefront:script';

/** Tags `component` with the renderer that renders it on the server. */
export function tagRenderer<T extends object>(component: T, renderer: typeof REACT_RENDERER | typeof SAME_ISLAND_RENDERER | typeof SCRIPT_RENDERER): T {
  (component as Record<symbol, string>)[RENDERER] = renderer;
  return component;
}

/**
 * A script island (src/integrations/script-island.ts): `start` adds behaviour to HTML the page
 * already has and is called with the island's element once its directive loads it (a promise it
 * returns is waited for: the island counts as loaded when it settles). Its module's default
 * export; the page renders it as `<Island client:painted />`.
 */
export function scriptIsland(start: (island: HTMLElement) => void | Promise<void>): ScriptIsland {
  // Typed for the page as a component without props: the renderer, not Astro, passes the element.
  return tagRenderer(start, SCRIPT_RENDERER) as unknown as ScriptIsland;
}

/** A script island as a page sees it: a component that takes no props. */
export type ScriptIsland = (props: object) => unknown;
