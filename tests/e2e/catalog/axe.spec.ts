/** Accessibility of the catalog pages and the not-found page (axe, no serious or critical violation), phone and desktop width. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { shopUrl } from '../setup/paths.ts';
import { testCatalog } from '../setup/catalog.ts';

for (const shop of ['de', 'ro'] as const) {
  const catalog = testCatalog(shop);
  const rows = catalog.categories();
  const withChildren = rows.find((c) => c.visible && rows.some((k) => k.parent === c.id && k.count > 0))!;
  const pages = {
    home: '/',
    category: withChildren.url,
    product: catalog.product(F.variantProductId)!.url,
    grid: '/shop-grid-standard/promotions',
    // The page an unknown address gets (served with 404): its big decorative code once failed contrast.
    'not-found': '/no-such-page.html',
  };
  for (const width of [390, 1280]) {
    for (const [name, path] of Object.entries(pages)) {
      test(`${shop} ${name} at ${width} px: no serious or critical axe violation`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(shopUrl(shop, path));
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
      });
    }
  }
}
