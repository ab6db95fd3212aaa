/**
 * What the checkout keeps in the browser (tab-scoped sessionStorage, so a reload, an API failure
 * or a failed payment loses nothing the shopper typed): the draft (`checkout_draft`), the pay
 * lock (`checkout_paying`: one pay request per cart at a time, resumed after a reload), the
 * order a pay answer made (`checkout_placed`, read by /order-placed), and when a payment of a
 * cart failed (`payment_failed_at`, localStorage: the 2-minute wait holds in every tab).
 */
import { atom } from 'nanostores';
import { emptyDraft, parseDraft, parseLock, parsePlaced, type CheckoutDraft, type PayingLock, type PlacedOrder } from './checkout-rules.ts';

const DRAFT_KEY = 'checkout_draft';
const LOCK_KEY = 'checkout_paying';
const PLACED_KEY = 'checkout_placed';
const FAILED_KEY = 'payment_failed_at';

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
const get = (s: Storage | null, k: string) => {
  try {
    return s?.getItem(k) ?? null;
  } catch {
    return null;
  }
};
const put = (s: Storage | null, k: string, v: string | null) => {
  try {
    if (v === null) s?.removeItem(k);
    else s?.setItem(k, v);
  } catch {
    // full or blocked: memory only
  }
};

export const checkoutDraft = atom<CheckoutDraft>(emptyDraft());

/** Reads the stored draft into the store (the island's start). */
export function loadDraft(): CheckoutDraft {
  const d = parseDraft(get(session(), DRAFT_KEY));
  checkoutDraft.set(d);
  return d;
}

/** Changes the draft and stores it at once (every keystroke survives a reload). */
export function updateDraft(change: Partial<CheckoutDraft> | ((d: CheckoutDraft) => CheckoutDraft)): CheckoutDraft {
  const next = typeof change === 'function' ? change(checkoutDraft.get()) : { ...checkoutDraft.get(), ...change };
  checkoutDraft.set(next);
  put(session(), DRAFT_KEY, JSON.stringify(next));
  return next;
}

/** After an order: what belongs to that order goes (terms, notes, confirmations); the addresses stay for next time. */
export function finishDraft(): void {
  const d = parseDraft(get(session(), DRAFT_KEY));
  put(session(), DRAFT_KEY, JSON.stringify({ ...d, terms: false, message: '', undeliverableConfirmed: false }));
}

export const readLock = (): PayingLock | null => parseLock(get(session(), LOCK_KEY));
export const setLock = (lock: PayingLock | null) => put(session(), LOCK_KEY, lock ? JSON.stringify(lock) : null);

export const savePlaced = (p: PlacedOrder) => put(session(), PLACED_KEY, JSON.stringify(p));
export const readPlaced = (cartId: number): PlacedOrder | null => parsePlaced(get(session(), PLACED_KEY), cartId);

/** When the payment of this cart failed (ms), recorded the first time /order-failed shows it. */
export function paymentFailedAt(cartId: number): number | null {
  try {
    const o = JSON.parse(get(local(), FAILED_KEY) ?? 'null') as { cartId?: unknown; at?: unknown } | null;
    return o && o.cartId === cartId && typeof o.at === 'number' ? o.at : null;
  } catch {
    return null;
  }
}
export function recordPaymentFailed(cartId: number, at: number): void {
  put(local(), FAILED_KEY, JSON.stringify({ cartId, at }));
}
