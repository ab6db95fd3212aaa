/**
 * client:painted — load an island once the page is parsed and its first contentful paint is on
 * the screen: for code that only adds behaviour to HTML the page already shows (the site chrome's
 * cart count, country picker, consent banner…, decision 0012), so that neither its download nor
 * its run comes before the first paint. The paint is the browser's own `first-contentful-paint`
 * entry (the frame presented, not only drawn); where there is none to wait for (a hidden tab
 * paints nothing, a browser without paint timing), the island loads one frame after the document
 * is parsed.
 *
 * What the shopper does before the page's painted islands have all loaded is not lost. A click on
 * a button (which does nothing without its script) or on an element marked `data-hold-click` (the
 * cart link, whose script opens the mini cart instead of following it) is held and replayed on the
 * same element once they have (the last one: a double click adds once); if one fails to load, the
 * click is replayed all the same, so a link still follows. A form control changed meanwhile (a
 * sort, a filter, a tab) keeps its new value, and its `change` event is dispatched again then, in
 * order. Framework islands' own controls are theirs (client:interaction replays its own).
 *
 * A page whose content is a React island (the cart, the checkout, the account, the order outcomes,
 * the search results) loads it this way too: its server HTML is the page's heading and a loading
 * line, nothing to click, so the shell paints before React's code is fetched and run.
 */
import type { ClientDirective } from 'astro';

const FCP = 'first-contentful-paint';
const HELD = 'button, [data-hold-click]';

/** The page's painted islands not loaded yet; the click held and the controls changed meanwhile. */
let pending = 0;
let held: HTMLElement | null = null;
const changed: Element[] = [];

function hold(event: MouseEvent): void {
  const target = (event.target as Element | null)?.closest<HTMLElement>(HELD);
  if (!target || target.closest('astro-island')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = target;
}

function noteChange(event: Event): void {
  const target = event.target as Element | null;
  if (!target || target.closest('astro-island')) return;
  const at = changed.indexOf(target);
  if (at >= 0) changed.splice(at, 1);
  changed.push(target);
}

function settled(): void {
  if (--pending > 0) return;
  document.removeEventListener('click', hold, true);
  document.removeEventListener('change', noteChange, true);
  for (const target of changed.splice(0)) target.dispatchEvent(new Event('change', { bubbles: true }));
  const target = held;
  held = null;
  target?.click();
}

const painted: ClientDirective = (load) => {
  if (pending++ === 0) {
    document.addEventListener('click', hold, true);
    document.addEventListener('change', noteChange, true);
  }
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    load()
      .then((hydrate) => hydrate())
      .catch((error: unknown) => console.error('island not loaded', error))
      .finally(settled);
  };
  const afterPaint = () => {
    if (document.visibilityState === 'hidden' || performance.getEntriesByName(FCP).length > 0) return run();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(run, 0));
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName(FCP).length) return;
      observer.disconnect();
      run();
    });
    // buffered: a first paint that came before this point is delivered too. The check above
    // does not see it where `performance` lists no entries (a privacy tool's stub, a test's fake
    // clock), and without it an island of a page painted before it was parsed would never load.
    observer.observe({ type: 'paint', buffered: true });
    // A tab hidden before its first paint paints nothing until it is shown again.
    document.addEventListener('visibilitychange', run, { once: true });
  };
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
};

export default painted;
