/**
 * Registers the `storefront:same-island` renderer (its server half: same-island-server.ts): React
 * islands whose HTML is the same on every page of a shop are rendered once per build. Their client
 * half is @astrojs/react's, so they hydrate as every other island. Comes after `react()`, whose
 * Vite set-up (JSX, the client's options module) both renderers share.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { SAME_ISLAND_RENDERER } from '../islands/renderer-tag.ts';

export function sameIsland(): AstroIntegration {
  return {
    name: 'same-island',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: SAME_ISLAND_RENDERER,
          serverEntrypoint: fileURLToPath(new URL('./same-island-server.ts', import.meta.url)),
          clientEntrypoint: '@astrojs/react/client.js',
        });
      },
    },
  };
}
