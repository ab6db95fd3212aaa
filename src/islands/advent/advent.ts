/**
 * Opens the advent calendar's doors (src/views/AdventView.astro) by today's date in the shop's
 * time zone (data-tz), decided here in the browser: today's and the past days' doors show their
 * offer, future doors stay closed (no link, nothing to click). Texts only change in place; each
 * door keeps its size.
 *
 * A script island loaded after the first paint (decision 0012): until it has run, the doors show
 * neither state (advent.scss: hidden under `.advent:not([data-ready])`, shown after 3 s whatever
 * happens), so no door is ever seen closed that is open today.
 */
import { adventState } from '../../catalog/advent-days.ts';
import { wireAddToCart } from '../cart/add-to-cart.ts';
import { scriptIsland } from '../renderer-tag.ts';

export function startAdvent(now: Date = new Date()): void {
  const list = document.querySelector<HTMLElement>('[data-advent]');
  if (!list) return;
  const { open, today } = adventState(now, list.dataset.tz || 'Europe/Berlin', Number(list.dataset.year) || null);
  for (const door of list.querySelectorAll<HTMLElement>('[data-door]')) {
    const day = Number(door.dataset.door);
    const isOpen = day <= open;
    door.classList.toggle('is-open', isOpen);
    door.classList.toggle('is-today', day === today);
    door.querySelector<HTMLElement>('[data-door-closed]')!.hidden = isOpen;
    door.querySelector<HTMLElement>('[data-door-open]')!.hidden = !isOpen;
    const badge = door.querySelector<HTMLElement>('[data-door-today]');
    if (badge) badge.hidden = day !== today;
  }
  const status = document.querySelector<HTMLElement>('[data-advent-status]');
  if (status) {
    const d = status.dataset;
    status.textContent = open === 0 ? (d.before ?? '') : today === null ? (d.after ?? '') : (d.today ?? '').replace('{day}', String(today));
  }
  list.dataset.ready = '';
}

/** As a script island (AdventView.astro): the doors, then their cards' add-to-cart buttons. */
export default scriptIsland(() => {
  startAdvent();
  wireAddToCart();
});
