/**
 * The shop's catalog index in the build (decision 0014). It is made current from
 * `astro:build:start` on (src/catalog/current-index.ts: the index built beside Astro's setup
 * waited for, or built here), while Vite bundles the code; the pages wait for it after the
 * bundles, before Astro imports them to find their routes (a Vite `buildApp` hook that runs
 * before Astro's page generation), so no page opens an index that is still being written.
 * Integrations that read the index before the pages (the search index) wait with `ready()`.
 * Under `astro dev` it is made current before the dev server starts.
 */
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { makeIndexCurrent } from '../catalog/current-index.ts';
import type { ShopConfig } from '../shops/schema.ts';

export type CatalogIndexIntegration = AstroIntegration & {
  /** Resolves when the index is current (at once when nothing started it); rejects with its fault. */
  ready: () => Promise<void>;
};

export function catalogIndex({ shop, exportDir }: { shop: ShopConfig; exportDir: string }): CatalogIndexIntegration {
  let current: Promise<void> | undefined;
  let settled = false;
  const start = (logger: AstroIntegrationLogger): Promise<void> => {
    if (!current) {
      current = makeIndexCurrent({
        shop,
        exportDir,
        strict: process.env.CATALOG_STRICT === '1',
        // Set by npm run build (scripts/lib/build-shops.ts) when it builds the index beside Astro's setup.
        prebuilt: process.env.CATALOG_PREBUILT || undefined,
        log: logger,
      });
      // Awaited after the bundles: until then a fault must not count as unhandled (it would end the process).
      current.then(
        () => (settled = true),
        () => (settled = true),
      );
    }
    return current;
  };
  const ready = () => current ?? Promise.resolve();
  let command = '';
  return {
    name: 'thelia-catalog',
    ready,
    hooks: {
      'astro:config:setup': ({ updateConfig, logger, command: running }) => {
        command = running;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'catalog-index-before-pages',
                // 'post': after Vite's bundles (the builder's own buildApp), before Astro's page generation.
                buildApp: {
                  order: 'post',
                  async handler() {
                    const started = performance.now();
                    const waits = current !== undefined && !settled;
                    logger.info(`bundles built: ${waits ? 'waiting for the catalog index' : 'the catalog index is ready'}`);
                    await ready();
                    if (waits) logger.info(`the catalog index came ${Math.round(performance.now() - started)} ms after the bundles`);
                  },
                },
              },
            ],
          },
        });
      },
      // The dev server's pages read the index from the start. Astro also starts a server during
      // some builds (NODE_ENV=test): there the build's own order holds (the wait after the bundles).
      'astro:server:setup': async ({ logger }) => {
        if (command === 'dev') await start(logger);
      },
      'astro:build:start': ({ logger }) => {
        void start(logger);
      },
    },
  };
}
