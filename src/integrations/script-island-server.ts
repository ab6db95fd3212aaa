/**
 * The server half of the `storefront:script` renderer (script-island.ts): a script island renders
 * no HTML. It renders only the components tagged with it (islands/renderer-tag.ts), so `check` says
 * no to every other one.
 */
import { SCRIPT_RENDERER } from '../islands/renderer-tag.ts';

export default {
  name: SCRIPT_RENDERER,
  check: () => false,
  renderToStaticMarkup: async () => ({ html: '' }),
};
