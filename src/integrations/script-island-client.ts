/**
 * The client half of the `storefront:script` renderer (script-island.ts): "hydrating" a script
 * island calls its module's default export with the island's element.
 */
export default (element: HTMLElement) => async (start: (island: HTMLElement) => void | Promise<void>) => start(element);
