/**
 * Netlify build plugin (local): keeps what the incremental build needs between deploys, with
 * Netlify's own cache utilities (utils.cache, @netlify/cache-utils, given to every build plugin).
 *
 * - node_modules/.astro: Astro's per-shop cache folder (astro.config.mjs cacheDir): the
 *   incremental build's manifest and its copy of every keyed page, and the content store;
 * - .cache/catalog: the shop's catalog index (page cache keys, image hashes, the previous
 *   index the build log compares with);
 * - .cache/images: the WebP derivatives, made once per source image and width;
 * - .cache/node-compile-cache: Node's compiled code of the build's modules (a shorter start of
 *   each build process; Node checks every entry against its source).
 *
 * Restored before the build, saved after the build command succeeded (a failed build saves nothing, so the
 * next build starts from the last good cache). See README, Deploying.
 */
const PATHS = ['node_modules/.astro', '.cache/catalog', '.cache/images', '.cache/node-compile-cache'];

export const onPreBuild = async ({ utils }) => {
  for (const path of PATHS) {
    const restored = await utils.cache.restore(path);
    console.log(`build cache: ${path} ${restored ? 'restored' : 'not cached yet'}`);
  }
};

export const onPostBuild = async ({ utils }) => {
  for (const path of PATHS) {
    const saved = await utils.cache.save(path);
    console.log(`build cache: ${path} ${saved ? 'saved' : 'absent, not saved'}`);
  }
};
