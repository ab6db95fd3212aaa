/**
 * Add-to-cart buttons (`[data-add-to-cart]` with data-product-id, data-pse-id, data-step): the
 * product page's and the listing cards' (rendered at build time and by the listing island, so
 * the listeners are delegated from the document). Tiny on purpose: the cart operations (API
 * client, zod) load on the first pointerdown or focus on such a button, and the click changes
 * the button at once (busy text, aria-busy) before any module or network. A busy button ignores
 * further clicks; the operations guard each variant as well.
 */
import { m } from '../../i18n/generated/messages.js';
import { scriptIsland } from '../renderer-tag.ts';

type Actions = typeof import('../../stores/cart-actions.ts');
let actions: Promise<Actions> | undefined;
// The toast comes with the operations: it shows their notices (stores/notice.ts).
const load = () => (actions ??= Promise.all([import('../../stores/cart-actions.ts'), import('../toast.ts')]).then(([a]) => a));
let wired = false;

const buttonOf = (e: Event) => (e.target instanceof Element ? e.target.closest<HTMLButtonElement>('[data-add-to-cart]') : null);

function preload(e: Event) {
  if (buttonOf(e)) load().catch(() => (actions = undefined));
}

/** What the page shows of the line, kept until the server's cart replaces it. */
function lineInfo(button: HTMLElement): { TITLE: string; URL: string; PSE_URL: string } {
  const card = button.closest('.card');
  if (card) {
    const link = card.querySelector<HTMLAnchorElement>('a.card-link');
    return { TITLE: card.querySelector('.card-title')?.textContent ?? '', URL: link?.pathname ?? '', PSE_URL: '' };
  }
  return { TITLE: document.querySelector('h1')?.textContent ?? '', URL: location.pathname, PSE_URL: location.pathname };
}

function quantityFor(button: HTMLElement, step: number): number {
  const input = button.closest('.buy')?.querySelector<HTMLInputElement>('input[name="quantity"]');
  const n = input ? Number(input.value) : step;
  return Number.isFinite(n) && n > 0 ? n : step;
}

/** The part of the button that shows its state (cards keep a hidden product title beside it). */
const labelOf = (button: HTMLElement) => button.querySelector<HTMLElement>('[data-cart-label]') ?? button;

async function add(button: HTMLButtonElement, label: string) {
  const productId = Number(button.dataset.productId);
  const pseId = Number(button.dataset.pseId);
  const step = Math.max(1, Number(button.dataset.step) || 1);
  let ok = false;
  try {
    const a = await load();
    ok = await a.addToCart({ productId, pseId, quantity: quantityFor(button, step), step, line: lineInfo(button) });
  } catch (error) {
    // The cart's code itself did not arrive (offline, a deploy in between): say so, nothing was added.
    actions = undefined;
    console.error('cart: the cart module could not be loaded', error);
    void import('../toast.ts').then((t) => t.showToast(m.cart_addFailed(), 'error')).catch(() => undefined);
  }
  button.removeAttribute('aria-busy');
  if (!ok) {
    button.dataset.state = '';
    labelOf(button).textContent = label;
    return;
  }
  button.dataset.state = 'done';
  labelOf(button).textContent = m.cart_addedShort();
  setTimeout(() => {
    if (button.dataset.state !== 'done') return;
    button.dataset.state = '';
    labelOf(button).textContent = label;
  }, 2000);
}

function onClick(e: MouseEvent) {
  const button = buttonOf(e);
  if (!button || button.disabled) return;
  e.preventDefault();
  if (button.getAttribute('aria-busy') === 'true') return;
  // Feedback first, synchronously: the next frame already shows it.
  const label = button.dataset.label ?? (button.dataset.label = labelOf(button).textContent?.trim() ?? '');
  button.setAttribute('aria-busy', 'true');
  button.dataset.state = 'busy';
  labelOf(button).textContent = m.cart_adding();
  void add(button, label);
}

/** Installs the delegated listeners once per page. */
export function wireAddToCart(): void {
  if (wired) return;
  wired = true;
  document.addEventListener('pointerdown', preload, { passive: true, capture: true });
  document.addEventListener('focusin', preload);
  document.addEventListener('click', onClick);
}

/** As a script island (Cards.astro): wired after the first paint. */
export default scriptIsland(() => wireAddToCart());
