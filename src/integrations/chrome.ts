/**
 * The site chrome's build hooks: the client:interaction directive, and after the build the
 * contact data the phone box fetches again from its error state (/chrome/contact.json).
 */
import type { AstroIntegration } from 'astro';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShopConfig } from '../shops/schema.ts';

export function chrome({ shop }: { shop: ShopConfig }): AstroIntegration {
  return {
    name: 'site-chrome',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction-directive.ts', import.meta.url)) });
      },
      'astro:build:done': ({ dir }) => {
        const out = join(fileURLToPath(dir), 'chrome');
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, 'contact.json'), JSON.stringify({ phone: shop.phone.display, tel: shop.phone.tel, hours: shop.supportTime }));
      },
    },
  };
}
