/**
 * Registers the `storefront:script` renderer: an island that is a plain function of its element,
 * with no framework and no server HTML of its own (the site chrome's behaviours, islands/chrome.ts,
 * which work on the header and footer the page already has). What it gives over a `<script>`: the
 * module's hashed URL sits in the page as data (the island's `component-url`), so a client directive
 * decides when it is fetched — `client:painted`, after the first paint — where a module script is
 * fetched while the page is parsed. Server half: script-island-server.ts; client half:
 * script-island-client.ts.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { SCRIPT_RENDERER } from '../islands/renderer-tag.ts';
import { keyClientCode } from './client-code-key.ts';

export function scriptIsland(): AstroIntegration {
  return {
    name: 'script-island',
    hooks: {
      'astro:config:setup': ({ addRenderer, updateConfig }) => {
        const client = fileURLToPath(new URL('./script-island-client.ts', import.meta.url));
        addRenderer({ name: SCRIPT_RENDERER, serverEntrypoint: fileURLToPath(new URL('./script-island-server.ts', import.meta.url)), clientEntrypoint: client });
        // Named by its hash in every script island's renderer-url, unseen by the incremental build's code hash.
        keyClientCode(updateConfig, 'SCRIPT_ISLAND_CLIENT', [client]);
      },
    },
  };
}
