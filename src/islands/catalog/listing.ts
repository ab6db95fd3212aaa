/**
 * The listing island's entry (about 1 kB): the first page is server-rendered HTML; the engine
 * (listing-island.ts and the listing's JSON) loads on the first interaction with the form, or at
 * once when the URL holds a listing state (a shared link, the back button). Events that arrive
 * before it has loaded are handed to it when it has.
 */
import type { ListingHandlers } from './listing-island.ts';
import { wireAddToCart } from '../cart/add-to-cart.ts';
import { scriptIsland } from '../renderer-tag.ts';

const STATE_PARAMS = /[?&](sort|cat|brand|stock|min|max|feat|page|more)=/;

export function start(): void {
  const form = document.getElementById('listing') as HTMLFormElement | null;
  if (!form || form.dataset.ready) return;
  form.dataset.ready = '1';
  let handlers: Promise<ListingHandlers> | undefined;
  const engine = () =>
    (handlers ??= import('./listing-island.ts')
      .then((m) => m.create(form))
      .catch((error: unknown) => {
        console.error('listing island failed to load', error);
        (form.querySelector('.listing-error') as HTMLElement).hidden = false;
        throw error;
      }));
  const use = (fn: (h: ListingHandlers) => unknown) => void engine().then(fn, () => undefined);

  form.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name !== 'min' && target.name !== 'max') use((h) => h.change(target)); // prices apply on submit
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    use((h) => h.submit());
  });
  form.addEventListener('click', (e) => {
    const el = (e.target as Element).closest('a[data-page], a[data-reset], button[data-more]');
    if (!el) return;
    e.preventDefault();
    use((h) => h.click(el));
  });
  for (const type of ['pointerdown', 'focusin', 'touchstart']) form.addEventListener(type, () => use(() => undefined), { once: true, passive: true });
  addEventListener('popstate', () => use((h) => h.restore()));
  if (STATE_PARAMS.test(location.search)) use((h) => h.restore());
}

/** As a script island (Listing.astro): the listing and its cards' add-to-cart buttons, started after the first paint. */
export default scriptIsland(() => {
  start();
  wireAddToCart();
});
