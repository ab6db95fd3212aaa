/**
 * Pure rules of the mini cart and the cart page (unit-tested in tests/unit/cart/mini-cart.test.ts):
 * which lines to show (the server's once it answered, the local ones while it loads), the totals
 * (spec §9: total = goods + shipment - discount, through prices.ts), the VAT label, the remove
 * button on checkout, the guest actions, quantity steps and the undeliverable cases.
 */
import { orderTotal, toCents } from '../../catalog/prices.ts';
import { isCheckoutPath } from '../../catalog/site-rules.ts';
import { sitePath } from '../../catalog/urls.ts';
import { vatLabelOf, type VatLabel } from '../../catalog/vat-label.ts';

export interface LineView {
  key: string;
  cartItemId: number | null;
  productId: number;
  title: string;
  href: string;
  /** The picture to show: the thumbnail where the API named one, else the export's source file. */
  image: string | null;
  /** The source file, should the thumbnail not load (a site built before the image changed). */
  imageFallback: string | null;
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
    IMAGE_THUMB: string | null;
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
  IMAGE_THUMB?: string | null;
  undeliverable?: boolean;
}

/** A line's picture: the API's thumbnail with the source file to fall back on, or the source alone. */
function lineImage(thumb: string | null | undefined, source: string | null | undefined): Pick<LineView, 'image' | 'imageFallback'> {
  const file = source ? sitePath(source) : null;
  return thumb ? { image: thumb, imageFallback: file } : { image: file, imageFallback: null };
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
      ...lineImage(i.IMAGE_THUMB, i.IMAGE),
      quantity: i.quantity,
      step: Math.max(1, i.quantityStep),
      unitCents: toCents(i.price),
      undeliverable: i.undeliverable,
    }));
  }
  return local.map((l, index) => ({
    key: `l${l.cartItemId ?? `${l.id}-${l.PRODUCT_SALE_ELEMENT ?? index}`}`,
    cartItemId: l.cartItemId ?? null,
    productId: l.id,
    title: l.TITLE ?? '',
    href: sitePath(l.PSE_URL || l.URL),
    ...lineImage(l.IMAGE_THUMB, l.IMAGE),
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
  const goods = input.server ? toCents(input.server.totals.goods) : input.lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  const discount = input.server ? toCents(input.server.totals.discount) : 0;
  return { goods, shipment: input.shipment, discount, total: orderTotal(goods, input.shipment ?? 0, discount) };
}

/** The goods' VAT label (src/catalog/vat-label.ts): the server cart's VAT mode, else the shopper's; the one rate when all lines share it. */
export function vatLabel(server: ServerCartLike | null, vatExcluded: boolean): VatLabel {
  const rates = new Set((server?.items ?? []).map((i) => i.VAT_PERCENT));
  return vatLabelOf(server?.vatExcluded ?? vatExcluded, rates.size === 1 ? [...rates][0]! : null);
}

/** Spec §2: the mini cart's remove button is hidden on checkout. */
export function showRemove(path: string): boolean {
  return !isCheckoutPath(path);
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
