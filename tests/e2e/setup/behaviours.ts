/**
 * The pages' behaviours (the site chrome's, the listing's, the product page's, the advent
 * calendar's) are script islands loaded after the first paint (decision 0012); Astro drops an
 * island's `ssr` attribute once it has run. Tests of what a behaviour does, rather than of a click that comes before it (those clicks are
 * held and replayed: chrome/early-click.spec.ts), wait for them first.
 */
import { expect, type Page, type Route } from '@playwright/test';

export async function behavioursLoaded(page: Page): Promise<void> {
  await expect(page.locator('astro-island[client="painted"][ssr]')).toHaveCount(0);
}

// Astro asks for a module that failed once more, a second later, with `?astro-retry=`: held as well.
const BEHAVIOURS = /\/_astro\/(chrome|product-page|listing|advent)\.[\w-]+\.js(\?|$)/;

/** Holds the behaviours' modules back until `release` is called (or fails them). */
export async function holdBehaviours(page: Page, outcome: 'arrive' | 'fail') {
  const waiting: Route[] = [];
  let released = false;
  const answer = (route: Route) => (outcome === 'arrive' ? route.continue() : route.abort('internetdisconnected'));
  await page.route(BEHAVIOURS, (route) => {
    if (released) return answer(route);
    waiting.push(route);
  });
  const requested = () => expect.poll(() => waiting.length).toBeGreaterThan(0);
  const release = async () => {
    released = true;
    for (const route of waiting.splice(0)) await answer(route);
  };
  return { requested, release };
}
