import type { Page } from '@playwright/test';

/**
 * Records every Intl.NumberFormat and Intl.DateTimeFormat the page makes from now on: a page's
 * first Intl formatter loads ICU's data (20-45 ms of main thread here, 80-180 ms on a slow phone),
 * so the pages keep it off their load. Returns a reader of the names made on the current page.
 */
export async function watchIntlFormatters(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __intl: string[] };
    w.__intl = [];
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const original = Intl[name];
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: new Proxy(original, {
          construct(target, args) {
            w.__intl.push(name);
            return Reflect.construct(target, args);
          },
        }),
      });
    }
  });
  return () => page.evaluate(() => (window as unknown as { __intl: string[] }).__intl);
}
