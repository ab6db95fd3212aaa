/**
 * Writing a review on the product page's reviews tab (spec §4: comments are sent for review;
 * §6/§7: the server decides the right by variant and customer). Loaded when the tab opens.
 * Not logged in: a login link. Logged in: GET comments/rights/{pse}/{customer}; the form shows
 * only when it allows, otherwise the reason (only buyers may review, already reviewed). Sending
 * says 'sent for review' (the operator approves it); a failure says 'Error saving comment' in the
 * shop's language and keeps everything typed. Field errors are announced and focused.
 */
import { ApiError, call } from '../../api/client.ts';
import { m } from '../../i18n/generated/messages.js';
import { readSession } from '../../stores/session.ts';

export async function setupReviewForm(box: HTMLElement): Promise<void> {
  const note = box.querySelector<HTMLElement>('[data-review-note]')!;
  const form = box.querySelector<HTMLFormElement>('[data-review-form]')!;
  const pse = Number(box.dataset.pse);
  box.hidden = false;
  const session = readSession();
  const loginPrompt = () => {
    const link = document.createElement('a');
    link.href = '/login-register';
    link.textContent = m.review_loginLink();
    note.replaceChildren(`${m.review_login()} `, link);
    form.hidden = true;
  };
  if (!session) return loginPrompt();
  try {
    const rights = await call('commentRights', { params: { pse, customer: session.customerId } });
    if (!rights.data.allowed) {
      note.textContent = rights.data.reason === 'already_commented' ? m.review_already() : m.review_notBought();
      form.hidden = true;
      return;
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return loginPrompt();
    note.textContent = error instanceof ApiError && error.kind === 'server' ? m.review_notBought() : m.catalog_serverError();
    return;
  }
  note.textContent = '';
  form.hidden = false;
  if (form.dataset.wired) return;
  form.dataset.wired = '1';
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const showError = (name: string, text: string) => {
    const el = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`)!;
    el.textContent = text;
    const field = form.querySelector<HTMLElement>(name === 'rating' ? 'input[name="rating"]' : `[name="${name}"]`)!;
    if (name !== 'rating') field.setAttribute('aria-invalid', text ? 'true' : 'false');
    return text ? field : null;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    const data = new FormData(form);
    const rating = Number(data.get('rating'));
    const title = String(data.get('title') ?? '').trim();
    const content = String(data.get('content') ?? '').trim();
    const invalid = [
      showError('rating', rating >= 1 && rating <= 5 ? '' : m.review_needRating()),
      showError('title', title.length >= 2 ? '' : m.review_needTitle()),
      showError('content', content.length >= 2 ? '' : m.review_needContent()),
    ].find((f) => f !== null);
    if (invalid) {
      invalid.focus();
      return;
    }
    button.setAttribute('aria-busy', 'true');
    note.textContent = '';
    try {
      await call('commentCreate', { body: { pse_id: pse, rating, title, content } });
      form.reset();
      form.hidden = true;
      note.textContent = m.review_sent();
    } catch (error) {
      console.warn('review not saved', error);
      note.textContent = m.review_failed();
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}
