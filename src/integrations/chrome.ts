/**
 * The site chrome's build hooks: the client:interaction and client:painted directives, and after the build the
 * contact data the phone box fetches again from its error state (/chrome/contact.json).
 */
import type { AstroIntegration } from 'astro';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShopConfig } from '../shops/schema.ts';
import { keyClientCode } from './client-code-key.ts';

export function chrome({ shop }: { shop: ShopConfig }): AstroIntegration {
  return {
    name: 'site-chrome',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        const interaction = fileURLToPath(new URL('./interaction-directive.ts', import.meta.url));
        const painted = fileURLToPath(new URL('./painted-directive.ts', import.meta.url));
        addClientDirective({ name: 'interaction', entrypoint: interaction });
        addClientDirective({ name: 'painted', entrypoint: painted });
        // Inlined into the pages, unseen by the incremental build's code hash: a change renders every page.
        keyClientCode(updateConfig, 'CLIENT_DIRECTIVES', [interaction, painted]);
      },
      'astro:build:done': ({ dir }) => {
        const out = join(fileURLToPath(dir), 'chrome');
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, 'contact.json'), JSON.stringify({ phone: shop.phone.display, tel: shop.phone.tel, hours: shop.supportTime }));
      },
    },
  };
}
