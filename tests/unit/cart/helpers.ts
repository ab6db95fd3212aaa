/** Shared test doubles for the cart tests: a Storage in memory and a scripted fetch. */
import { vi } from 'vitest';
import type { CartLine } from '../../../src/stores/cart.ts';

export class MemoryStorage implements Storage {
  #m = new Map<string, string>();
  get length() {
    return this.#m.size;
  }
  clear() {
    this.#m.clear();
  }
  getItem(k: string) {
    return this.#m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.#m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.#m.delete(k);
  }
  setItem(k: string, v: string) {
    this.#m.set(k, String(v));
  }
}

export const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  PRODUCT_SALE_ELEMENT: 11,
  cartId: 500,
  cartItemId: 1,
  quantity: 1,
  quantityStep: 1,
  price: 1999,
  REF: 'R1',
  TITLE: 'Produkt',
  URL: '/p.html',
  PSE_URL: '/p.html',
  IMAGE: null,
  undeliverable: false,
  ...over,
});

/** A server cart item (contract CartItem) for product `id` / pse `pse`. */
export const serverItem = (over: Record<string, unknown> = {}) => ({
  id: 1,
  cartItemId: 1,
  cartId: 500,
  PRODUCT_SALE_ELEMENT: 11,
  PRODUCT_ID: 1,
  quantity: 1,
  quantityStep: 1,
  price: 19.99,
  REF: 'R1',
  TITLE: 'Produkt',
  URL: '/p.html',
  PSE_URL: '/p.html',
  IMAGE: null,
  IMAGE_THUMB: null,
  PRICE: 16.8,
  PROMO_PRICE: 0,
  IS_PROMO: 0,
  DEFAULT_CATEGORY: 1,
  brand_name: null,
  category: [1],
  TAXED_PRICE: 19.99,
  BEST_TAXED_PRICE: 19.99,
  TOTAL: 19.99,
  VAT_PERCENT: 19,
  stock: 10,
  weight: 1,
  freight: false,
  undeliverable: false,
  ...over,
});

export const serverCart = (items: ReturnType<typeof serverItem>[], cartId = 500) => ({
  status_code: 200,
  status: 'ok',
  data: {
    cartId,
    customer_id: null,
    country_id: 5,
    currency: 'EUR',
    vatExcluded: false,
    coupon_code: null,
    totalItems: items.reduce((s, i) => s + i.quantity, 0),
    totalValue: items.reduce((s, i) => s + i.quantity * i.price, 0),
    totals: { goods: 19.99, goodsNet: 16.8, vat: 3.19, discount: 0, shipment: 0, total: 19.99 },
    items,
  },
});

export const notFound = () => ({ status: 404, body: { status_code: 404, status: 'Cart not found', message: 'Cart not found' } });

type Reply = { status?: number; body?: unknown; raw?: string } | Error;
export interface Call {
  path: string;
  body: Record<string, unknown>;
}

/** fetch answering each call with the next scripted reply for its path (the last one repeats). */
export function scriptFetch(script: Record<string, Reply[]>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    calls.push({ path, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
    const replies = script[path];
    if (!replies?.length) throw new Error(`unexpected call ${path}`);
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply instanceof Error) throw reply;
    const text = reply.raw ?? JSON.stringify(reply.body ?? {});
    return new Response(text, { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}
