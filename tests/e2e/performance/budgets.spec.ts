/**
 * The page budget gate (issue 19): every page type of scripts/lib/page-budgets.ts, de and ro, at
 * 390 px (DPR 2) and 1280 px, loaded once as a first visit (no consent given, nothing leaves the
 * machine) and measured by scripts/lib/page-metrics.ts: compressed JS and CSS before interaction,
 * HTML bytes, requests before first paint, render-blocking resources, unsized or oversized images,
 * layout shift and third-party requests. A page over a budget fails with each figure and its
 * budget. The figures of the last run are in .cache/e2e/page-figures/ (one JSON per visit).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PAGE_TYPES, PAGE_TYPE_NAMES } from '../../../scripts/lib/page-budgets.ts';
import { describe as describeFigures, measurePage, offlineRecorder, overBudget, prepare } from '../../../scripts/lib/page-metrics.ts';
import { testCatalog } from '../setup/catalog.ts';
import { E2E, shopUrl } from '../setup/paths.ts';

const out = join(E2E.root, '.cache/e2e/page-figures');
mkdirSync(out, { recursive: true });

// Each visit is one page load and settling (~2 s); the margin is for a loaded machine.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

for (const shop of ['de', 'ro'] as const) {
  const catalog = testCatalog(shop);
  for (const name of PAGE_TYPE_NAMES) {
    const type = PAGE_TYPES[name];
    const path = type.path(catalog, shop);
    for (const width of [390, 1280]) {
      test(`${shop} ${width} px ${name} (${path}) within its budgets`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: width < 600 ? 2 : 1 });
        try {
          const thirdParty = await offlineRecorder(context);
          const page = await context.newPage();
          const query = await prepare(page, shopUrl(shop), shop, 'needs' in type ? type.needs : undefined);
          const figures = await measurePage(page, shopUrl(shop, path + query), thirdParty);
          writeFileSync(join(out, `${shop}-${width}-${name}.json`), JSON.stringify({ shop, width, type: name, path, ...figures }, null, 1));
          test.info().annotations.push({ type: 'figures', description: describeFigures(figures) });
          expect(figures.status, `${path}: status`).toBe(name === 'not-found' ? 404 : 200);
          const over = overBudget(figures, type);
          expect(over, `${shop} ${width} px ${name} ${path}:\n  ${over.join('\n  ')}\n`).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
}

/**
 * zod in the browser is zod/mini (the contract, the product page's fresh data): its classic API
 * (method chains, 12 KB compressed more on every page with the API client) must not come back
 * through a browser import of 'zod'. The constructors' names stay in the minified chunks: classic
 * zod's are `ZodObject`, `ZodString`..., zod/mini's `ZodMiniObject`... (the second check keeps the
 * first meaningful should zod rename them).
 */
test("the browser chunks carry zod/mini, not zod's classic API", () => {
  const classic = /[`"']Zod(Object|String|Number|Boolean|Array|Union|Pipe|Transform|Optional)[`"']/;
  const mini = /[`"']ZodMiniObject[`"']/;
  const found = { classic: [] as string[], mini: [] as string[] };
  for (const shop of ['de', 'at', 'ro']) {
    const dir = join(E2E.dist, shop, '_astro');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (classic.test(text)) found.classic.push(`${shop}/${file}`);
      if (mini.test(text)) found.mini.push(`${shop}/${file}`);
    }
  }
  expect(found.classic, 'chunks with classic zod').toEqual([]);
  expect(found.mini.length, 'chunks with zod/mini').toBeGreaterThan(0);
});
