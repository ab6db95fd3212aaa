/** The product page's behaviour: next-day delivery text, the quantity step, fresh price and stock. No framework. */
import { nextDayPossible } from '../../catalog/delivery.ts';
import { wireAddToCart } from '../cart/add-to-cart.ts';
import { stepQuantity } from '../../stores/cart.ts';
import { scriptIsland } from '../renderer-tag.ts';

function afterLoad(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

export function startProductPage(): void {
  // Live price and stock from the shop API (its own module: it brings zod/mini along). It starts
  // once the page has loaded and the browser is idle, so neither its bytes nor its request
  // compete with the page's own (the main image above all); the built values show until then.
  const article = document.querySelector<HTMLElement>('article.product[data-product-id]');
  if (article) {
    afterLoad(() => void import('./fresh-data.ts').then((f) => f.startFreshData(article)).catch((error: unknown) => console.warn('fresh product data not loaded', error)));
  }
  wireAddToCart();
  const reviews = document.querySelector<HTMLElement>('[data-reviews]');
  const reviewsTab = document.getElementById('tab-reviews');
  if (reviews && reviewsTab) {
    // One load at a time: a change that comes while the reviews load (a second change event, or the
    // one the painted directive replays once every island of the page has started) asks nothing more.
    let reviewsState: 'to load' | 'loading' | 'loaded' = 'to load';
    let formLoading = false;
    reviewsTab.addEventListener('change', () => {
      if (reviewsState === 'to load') {
        reviewsState = 'loading';
        void import('./reviews.ts')
          .then((m) => m.loadReviews(reviews))
          .catch((error: unknown) => {
            console.warn('reviews not loaded', error);
            return false;
          })
          .then((loaded) => {
            // A failed load is tried again at the next opening of the tab.
            reviewsState = loaded ? 'loaded' : 'to load';
          });
      }
      // Writing a review: the rights check and the form (comments are moderated).
      const write = document.querySelector<HTMLElement>('[data-review-write]');
      if (write?.hidden && !formLoading) {
        formLoading = true;
        void import('./review-form.ts')
          .then((f) => f.setupReviewForm(write))
          .catch((error: unknown) => console.warn('review form not loaded', error))
          .finally(() => {
            formLoading = false;
          });
      }
    });
  }
  const nextDay = document.querySelector<HTMLElement>('[data-next-day]');
  if (nextDay) {
    const { hour, tz, text } = nextDay.dataset;
    if (nextDayPossible(new Date(), { hour: Number(hour), timeZone: tz! })) nextDay.textContent = text!;
  }
  const qty = document.querySelector<HTMLInputElement>('input[name="quantity"]');
  if (qty) {
    const step = Number(qty.step) || 1;
    const max = Number(qty.max) || Infinity;
    // The step rule of the cart, kept under the stock (the largest multiple of the step it allows).
    const set = (n: number) => {
      qty.value = String(Math.min(stepQuantity(n, step).quantity, Math.max(step, Math.floor(max / step) * step)));
    };
    qty.addEventListener('change', () => set(Number(qty.value) || step));
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-qty]')) {
      b.addEventListener('click', () => set((Number(qty.value) || step) + Number(b.dataset.qty) * step));
    }
  }
}

/** As a script island (ProductView.astro): started after the first paint. */
export default scriptIsland(() => startProductPage());
