/**
 * The i18n integration: compiles the messages (Paraglide JS 2, src/i18n/compile.ts) before
 * anything else runs, and makes the browser bundles single-language.
 *
 * Paraglide's message functions pick the language at run time
 * (`options.locale ?? getLocale()`), so every language would ship in every island. A shop build
 * has one language: in client bundles this plugin replaces that expression by the shop's
 * language as a literal and drops the runtime import; Rollup then folds the comparisons and
 * keeps only that language's strings, and only of the messages an island imports. Server-side
 * rendering (pages and the islands' HTML) defaults to the shop's language too, so an island's
 * server HTML and its hydration agree.
 */
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { compileMessages } from '../i18n/compile.ts';

const LOCALE_EXPR = /const locale = (?:experimentalStaticLocale \?\? )?options\.locale \?\? getLocale\(\)/;
const RUNTIME_IMPORT = /^import \{[^}]*\} from ['"]\.\.\/runtime\.js['"];?$/m;

export function staticLocalePlugin(language: string): Plugin {
  return {
    name: 'i18n-static-locale',
    enforce: 'pre',
    transform(code, id, options) {
      if (!/[\\/]src[\\/]i18n[\\/]generated[\\/]messages[\\/][^\\/]+\.js$/.test(id) || id.endsWith('_index.js')) return null;
      if (!LOCALE_EXPR.test(code)) this.error(`i18n: unexpected Paraglide output in ${id}; update src/integrations/i18n.ts`);
      const lang = JSON.stringify(language);
      // Server rendering (pages and the islands' HTML) defaults to the shop's language but keeps an
      // explicit { locale } (the server-error page's English); the browser gets the literal only.
      const expr = options?.ssr ? `const locale = options.locale ?? ${lang}` : `const locale = ${lang}`;
      return { code: code.replace(LOCALE_EXPR, expr).replace(RUNTIME_IMPORT, ''), map: null };
    },
  };
}

export function i18n({ language }: { language: string }): AstroIntegration {
  return {
    name: 'i18n',
    hooks: {
      'astro:config:setup': async ({ updateConfig, logger, config }) => {
        await compileMessages(new URL('.', config.root).pathname, (line) => logger.info(line));
        updateConfig({ vite: { plugins: [staticLocalePlugin(language)] } });
      },
    },
  };
}
