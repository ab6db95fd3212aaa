/**
 * Pure rules of the mini cart and the cart page (unit-tested in tests/unit/cart/mini-cart.test.ts):
 * which lines to show (the server's once it answered, the local ones while it loads), the totals
 * (spec §9: total = goods + shipment - discount, through prices.ts), the VAT label, the remove
 * button on checkout, the guest actions, quantity steps and the undeliverable cases.
 */
import { moneyToCents as cents, orderTotal } from '../../catalog/prices.ts';

export interface LineView {
  key: string;
  cartItemId: number | null;
  productId: number;
  title: string;
  href: string;
  image: string | null;
  quantity: number;
  step: number;
  /** Unit price in cents. */
  unitCents: number;
  undeliverable: boolean;
}

/** The server cart as far as these views need it (the contract's Cart; money in the currency). */
export interface ServerCartLike {
  cartId: number;
  vatExcluded: boolean;
  coupon_code: string | null;
  totals: { goods: number; discount: number; shipment: number; total: number };
  items: readonly {
    cartItemId: number;
    PRODUCT_ID: number;
    PRODUCT_SALE_ELEMENT: number;
    quantity: number;
    quantityStep: number;
    price: number;
    TITLE: string;
    URL: string;
    PSE_URL: string;
    IMAGE: string | null;
    VAT_PERCENT: number;
    undeliverable: boolean;
  }[];
}

/** A local cart line (cart.ts CartLine), tolerant: the stored JSON may be old or partial. */
export interface LocalLineLike {
  id: number;
  PRODUCT_SALE_ELEMENT?: number;
  cartItemId?: number;
  quantity: number;
  quantityStep?: number;
  /** Cents. */
  price?: number;
  TITLE?: string;
  URL?: string;
  PSE_URL?: string;
  IMAGE?: string | null;
  undeliverable?: boolean;
}

/** A site path from the API's or the export's URL ('produkt-1.html', '/produkt-1.html', absolute). */
export function sitePath(url: string | undefined | null): string {
  if (!url) return '';
  if (/^https?:\/\//.test(url)) return url;
  return '/' + url.replace(/^\/+/, '');
}

/** The server's lines once it answered for this cart; the local ones while it loads (or failed). */
export function linesToShow(server: ServerCartLike | null, local: readonly LocalLineLike[], cartId: number | null): LineView[] {
  if (server && (cartId === null || server.cartId === cartId)) {
    return server.items.map((i) => ({
      key: `s${i.cartItemId}`,
      cartItemId: i.cartItemId,
      productId: i.PRODUCT_ID,
      title: i.TITLE,
      href: sitePath(i.PSE_URL || i.URL),
      image: i.IMAGE ? sitePath(i.IMAGE) : null,
      quantity: i.quantity,
      step: Math.max(1, i.quantityStep),
      unitCents: cents(i.price),
      undeliverable: i.undeliverable,
    }));
  }
  return local.map((l, index) => ({
    key: `l${l.cartItemId ?? `${l.id}-${l.PRODUCT_SALE_ELEMENT ?? index}`}`,
    cartItemId: l.cartItemId ?? null,
    productId: l.id,
    title: l.TITLE ?? '',
    href: sitePath(l.PSE_URL || l.URL),
    image: l.IMAGE ? sitePath(l.IMAGE) : null,
    quantity: l.quantity,
    step: Math.max(1, l.quantityStep ?? 1),
    unitCents: l.price ?? 0,
    undeliverable: l.undeliverable ?? false,
  }));
}

export interface Summary {
  goods: number;
  shipment: number | null;
  discount: number;
  total: number;
}

/**
 * The money lines in cents (spec §2/§9). Goods and discount are the server's when it answered,
 * else the local lines' value; the shipment is the computed delivery cost (null while computing:
 * the total then leaves it out).
 */
export function summarize(input: { server: ServerCartLike | null; lines: readonly LineView[]; shipment: number | null }): Summary {
  const goods = input.server ? cents(input.server.totals.goods) : input.lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  const discount = input.server ? cents(input.server.totals.discount) : 0;
  return { goods, shipment: input.shipment, discount, total: orderTotal(goods, input.shipment ?? 0, discount) };
}

/**
 * The goods' VAT label: 'VAT 0%' for a company excluding VAT (spec §6, as on the product page),
 * the country's 0% for zero-rated lines, else the one rate when all lines share it.
 */
export type VatLabel = { kind: 'excluded' } | { kind: 'zero' } | { kind: 'incl'; percent: number | null };

export function vatLabel(server: ServerCartLike | null, vatExcluded: boolean): VatLabel {
  if (server?.vatExcluded ?? vatExcluded) return { kind: 'excluded' };
  const rates = new Set((server?.items ?? []).map((i) => i.VAT_PERCENT));
  if (rates.size === 1) {
    const only = [...rates][0]!;
    return only === 0 ? { kind: 'zero' } : { kind: 'incl', percent: only };
  }
  return { kind: 'incl', percent: null };
}

/** Spec §2: the mini cart's remove button is hidden on checkout. */
export function showRemove(path: string): boolean {
  return !/^\/checkout(\/|\.html$|$)/.test(path);
}

/** Spec §2: Register / Log in / OR / Continue as guest, for shoppers who are not logged in. */
export function guestActions(loggedIn: boolean): boolean {
  return !loggedIn;
}

/** Spec §8: some items cannot be delivered (warn, confirm before checkout), or none can (blocked). */
export function undeliverableCase(lines: readonly Pick<LineView, 'undeliverable'>[]): 'none' | 'some' | 'all' {
  const n = lines.filter((l) => l.undeliverable).length;
  if (n === 0) return 'none';
  return n === lines.length ? 'all' : 'some';
}

