/**
 * No layout shift while a page's HTML is still arriving (issue 19). On a slow connection the
 * browser paints what it has parsed: a text cut off by a network packet is painted half, then
 * grows. The breadcrumb's last item (the product's title) was painted as its first letters at the
 * end of the trail's first line, then moved to a second line when the rest came (0.0056 in the
 * budget gate, once, under load). Here the product page's HTML stops in the middle of that title
 * for a moment, through a loopback proxy in front of the test shop, and the load is measured as
 * the budget gate measures it.
 */
import { expect, test } from '@playwright/test';
import { measurePage, offlineRecorder } from '../../../scripts/lib/page-metrics.ts';
import { testCatalog } from '../setup/catalog.ts';
import { stallingProxy } from '../setup/stalling-proxy.ts';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';

for (const shop of ['de', 'ro'] as const) {
  for (const width of [390, 1280]) {
    test(`${shop} ${width} px: the product page does not shift while its breadcrumb's last item arrives in two parts`, async ({ browser }) => {
      const product = testCatalog(shop).product(F.simpleProductId)!;
      const marker = `<span aria-current="page">`;
      // After the title's first two letters: a start that fits at the end of a line, the rest not.
      const { server, url } = await stallingProxy(shop, product.url, (html) => {
        const at = html.indexOf(marker);
        expect(at, 'the breadcrumb names the page').toBeGreaterThan(0);
        expect(html.slice(at + marker.length).startsWith(product.title.slice(0, 2)), 'the breadcrumb ends with the title').toBe(true);
        return at + marker.length + 2;
      });
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: width < 600 ? 2 : 1 });
      try {
        const thirdParty = await offlineRecorder(context);
        const page = await context.newPage();
        const figures = await measurePage(page, url, thirdParty);
        expect(figures.status).toBe(200);
        await expect(page.locator('.breadcrumb [aria-current="page"]')).toHaveText(product.title);
        expect(Number(figures.layoutShift.toFixed(4)), figures.shifts.join('; ')).toBe(0);
      } finally {
        await context.close();
        server.close();
      }
    });
  }
}
