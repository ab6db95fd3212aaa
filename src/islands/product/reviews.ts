/**
 * The reviews tab: approved reviews change without a rebuild, so they come from the shop API
 * when the tab is first opened through the typed API client (this module, the client, zod and
 * the contract load only then).
 * Everything is rendered as text; a failed call shows the spec's server-connection message and
 * the next opening of the tab tries again.
 */
import { call } from '../../api/client.ts';

export async function loadReviews(box: HTMLElement): Promise<boolean> {
  const status = box.querySelector<HTMLElement>('[data-reviews-status]')!;
  const list = box.querySelector<HTMLElement>('[data-reviews-list]')!;
  box.setAttribute('aria-busy', 'true');
  status.textContent = box.dataset.loading ?? '';
  try {
    const answer = await call('comments', { params: { productId: box.dataset.product ?? '' } });
    list.replaceChildren(
      ...answer.data.map((c) => {
        const item = document.createElement('li');
        item.className = 'review';
        const stars = document.createElement('p');
        stars.className = 'review-stars';
        stars.textContent = '★'.repeat(Math.max(0, Math.min(5, c.rating))) + '☆'.repeat(5 - Math.max(0, Math.min(5, c.rating)));
        stars.setAttribute('aria-label', (box.dataset.ratingLabel ?? '{rating}').replace('{rating}', String(c.rating)));
        const title = document.createElement('h3');
        title.textContent = c.title;
        const text = document.createElement('p');
        text.textContent = c.content;
        const by = document.createElement('p');
        by.className = 'muted';
        const date = new Date(c.created_at);
        by.textContent = `${c.customer_name}${Number.isNaN(date.getTime()) ? '' : `, ${date.toLocaleDateString(document.documentElement.lang)}`}`;
        item.append(stars, title, text, by);
        return item;
      }),
    );
    status.textContent = answer.data.length ? '' : (box.dataset.empty ?? '');
    return true;
  } catch (error) {
    console.error('Could not load the reviews:', error);
    status.textContent = box.dataset.error ?? '';
    return false;
  } finally {
    box.removeAttribute('aria-busy');
  }
}
