/**
 * The one toast region of the page (cart feedback and other short notices): a polite live
 * region (role=status) created on first use, one message at a time, shown for 5 s (errors 8 s),
 * kept while hovered or focused, closable. Hand-written (~50 lines, under 1 KB compressed):
 * the toast libraries that are small and framework-free (notyf, toastify-js) weigh 2.5-3 KB
 * compressed and their regions are not live regions without extra code. Its styles are the
 * chrome's (styles/toast.scss, on every page).
 */
import { m } from '../i18n/generated/messages.js';
import { notice, type NoticeKind } from '../stores/notice.ts';

export type ToastKind = NoticeKind;

let region: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function ensureRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = 'toast-region';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-label', m.cart_notifications());
  region.dataset.toastRegion = '';
  document.body.append(region);
  const hold = () => clearTimeout(timer);
  region.addEventListener('pointerenter', hold);
  region.addEventListener('focusin', hold);
  region.addEventListener('pointerleave', () => arm(3000));
  region.addEventListener('focusout', () => arm(3000));
  return region;
}

function arm(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(hideToast, ms);
}

export function hideToast(): void {
  clearTimeout(timer);
  region?.replaceChildren();
}

/** Shows `text` (replacing the previous toast); returns the toast element. */
export function showToast(text: string, kind: ToastKind = 'info', ms = kind === 'error' ? 8000 : 5000): HTMLElement {
  const box = ensureRegion();
  const toast = document.createElement('div');
  toast.className = `toast toast--${kind}`;
  toast.dataset.toast = kind;
  const p = document.createElement('p');
  p.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', m.cart_toastClose());
  close.textContent = '×';
  close.addEventListener('click', hideToast);
  toast.append(p, close);
  box.replaceChildren(toast);
  arm(ms);
  return toast;
}

// The stores' notices (stores/notice.ts) show here from the moment this module is loaded.
notice.listen((n) => {
  if (n) showToast(n.text, n.kind);
});
