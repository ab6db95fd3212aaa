/**
 * Carts: loading with ownership checks, and the priced view (lines, goods, VAT, coupon, postage)
 * that cart/get answers and that a pay request turns into an order. Prices are always computed
 * here from the catalog, never taken from the client.
 */
import { couponDiscountCents, fromCents, orderTotal, priceCents } from '../../src/catalog/prices.ts';
import type { Cart, CartItem } from '../../src/api/contract/cart.ts';
import type { DeliveryMethod } from '../../src/api/contract/delivery.ts';
import { DEFAULT_DELIVERY_ID } from '../../src/api/contract/delivery.ts';
import { ERRORS } from '../../src/api/contract/common.ts';
import { PAY_PATHS, PAYMENT_CODES, type PaymentCode, type PaymentMethod } from '../../src/api/contract/payment.ts';
import type { Deps } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import type { CustomerRow } from '../db/rows.ts';
import { countryLocale, pickTitle, pricing, vatExcludedFor } from './pricing.ts';
import { homeCountriesOfLanguage } from './shops.ts';
import { sitePath as sitePathOf } from '../../src/catalog/urls.ts';
import { thumbnailOf } from './thumbnails.ts';

export interface CartRow {
  id: number;
  customer_id: number | null;
  country_id: number;
  currency: string;
  coupon_code: string | null;
  delivery_module_id: number | null;
  status: 'open' | 'pending' | 'ordered';
  payment_failed_at: number | null;
}

interface LineRow {
  item_id: number;
  quantity: number;
  pse_id: number;
  pse_ref: string;
  stock: number;
  weight: number;
  promo: number;
  pse_urls: string;
  product_id: number;
  product_ref: string;
  tax_rule_id: number;
  default_category: number | null;
  categories: string;
  titles: string;
  urls: string;
  image: string | null;
  image_width: number | null;
  quantity_step: number;
  freight: number;
  undeliverable: string;
  brand_titles: string | null;
  price: string | null;
  promo_price: string | null;
}

export interface PricedLine {
  itemId: number;
  pseId: number;
  productId: number;
  ref: string;
  title: string;
  quantity: number;
  unitCents: number;
  unitNetCents: number;
  totalCents: number;
  vatPercent: number;
  weight: number;
  freight: boolean;
  undeliverable: boolean;
  stock: number;
}

export interface PricedCart {
  row: CartRow;
  cart: Cart;
  lines: PricedLine[];
  goodsCents: number;
  goodsNetCents: number;
  discountCents: number;
  couponValid: boolean;
  shipmentCents: number;
  shipmentNetCents: number;
  totalCents: number;
  weight: number;
  /** Freight goods in the cart, or heavier than a parcel (PARCEL_MAX_KG). */
  hasFreight: boolean;
  vatExcluded: boolean;
}

/** Heavier carts than a parcel service takes go by freight forwarder, like freight goods. */
export const PARCEL_MAX_KG = 31.5;

/**
 * The cart, if the caller may use it: an anonymous cart (random, unguessable id) is open to
 * whoever holds the id; a customer's cart only to that customer's token. Anything else is
 * 'Cart not found' (nothing revealed), except a customer's cart asked without any token, which
 * answers 'Please login again' so the client refreshes instead of dropping the cart.
 */
export function loadCart(deps: Deps, cartId: number, customer: CustomerRow | null, options: { forUpdate?: boolean } = {}): CartRow {
  const row = deps.sql('SELECT * FROM cart WHERE id = ?').get(cartId) as CartRow | undefined;
  if (!row || row.status === 'ordered') throw new HttpError(404, ERRORS.cartNotFound);
  if (row.customer_id !== null && row.customer_id !== customer?.id) {
    if (!customer) throw new HttpError(401, ERRORS.pleaseLoginAgain);
    throw new HttpError(404, ERRORS.cartNotFound);
  }
  if (options.forUpdate && row.status === 'pending') throw new HttpError(409, ERRORS.paymentInProgress);
  return row;
}

export function cartCustomer(deps: Deps, row: CartRow, customer: CustomerRow | null): CustomerRow | null {
  if (customer && row.customer_id === customer.id) return customer;
  if (row.customer_id === null) return customer;
  return (deps.sql('SELECT * FROM customer WHERE id = ?').get(row.customer_id) as CustomerRow | undefined) ?? null;
}

const LINES_SQL = `
  SELECT ci.id AS item_id, ci.quantity, s.id AS pse_id, s.ref AS pse_ref, s.quantity AS stock, s.weight, s.promo,
         s.urls AS pse_urls, p.id AS product_id, p.ref AS product_ref, p.tax_rule_id, p.default_category, p.categories,
         p.titles, p.urls, p.image, p.image_width, p.quantity_step, p.freight, p.undeliverable, b.titles AS brand_titles,
         pp.price, pp.promo_price
  FROM cart_item ci
  JOIN pse s ON s.id = ci.pse_id
  JOIN product p ON p.id = s.product_id
  LEFT JOIN brand b ON b.id = p.brand_id
  LEFT JOIN pse_price pp ON pp.pse_id = s.id AND pp.currency = ?
  WHERE ci.cart_id = ?
  ORDER BY ci.id`;

/** Countries with a pickup point (spec §2: the footer says 'No pickup possible!' when the country is not Romania). */
export const PICKUP_COUNTRY_IDS: readonly number[] = [146];
export function pickupPossible(countryId: number): boolean {
  return PICKUP_COUNTRY_IDS.includes(countryId);
}
/** The shop's pickup point (its Romanian warehouse). */
export const PICKUP = { name: 'Storefront Depozit', address1: 'Strada Industriei 1', zipcode: '077190', city: 'Voluntari', country_id: 146, opening_hours: 'Lu-Vi 8:00-16:00' };

export interface PostageResult {
  available: boolean;
  netCents: number;
  taxedCents: number;
  free: boolean;
}

/** Postage of a delivery module for a country and a cart's weight/value (net from the table, VAT of the country). */
export function postageFor(
  deps: Deps,
  moduleId: number,
  countryId: number,
  cart: { weight: number; goodsCents: number; hasFreight: boolean },
  vatExcluded: boolean,
): PostageResult {
  const none: PostageResult = { available: false, netCents: 0, taxedCents: 0, free: false };
  const freight = cart.hasFreight || cart.weight > PARCEL_MAX_KG;
  const module = deps.sql('SELECT id, kind, active FROM delivery_module WHERE id = ?').get(moduleId) as { id: number; kind: string; active: number } | undefined;
  if (!module?.active) return none;
  // local pickup: free, and only where the shop has its pickup point (spec §2 footer: 'No pickup possible!' outside Romania)
  if (module.kind === 'pickup') return pickupPossible(countryId) ? { available: true, netCents: 0, taxedCents: 0, free: false } : none;
  // freight goods go only by freight forwarder (or pickup); parcels never by freight forwarder
  if (freight && module.kind !== 'freight' && module.kind !== 'pickup') return none;
  if (!freight && module.kind === 'freight') return none;
  const row = deps.sql('SELECT price FROM postage WHERE module_id = ? AND country_id = ? AND max_weight >= ? ORDER BY max_weight LIMIT 1').get(moduleId, countryId, cart.weight) as
    | { price: string }
    | undefined;
  if (!row) return none;
  const free = module.kind === 'parcel' && deps.config.freeShippingCents > 0 && cart.goodsCents >= deps.config.freeShippingCents;
  if (free) return { available: true, netCents: 0, taxedCents: 0, free: true };
  const taxes = pricing(deps).postageTaxes(countryId, vatExcluded);
  return { available: true, netCents: priceCents(row.price, { taxes: [] }), taxedCents: priceCents(row.price, { taxes }), free: false };
}

export interface CouponRow {
  code: string;
  type: 'percent' | 'amount';
  amount: string;
  min_amount_cents: number;
  expires_at: string | null;
  active: number;
  per_customer_once: number;
}

/** The form in which coupon use is counted: one person, one e-mail, whether guest or customer. */
export function couponEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Why a coupon cannot be used on a goods value by someone, or null when it can. A once-per-
 * customer coupon is counted per e-mail address (normalised): each guest checkout is a new
 * customer record, and registering again makes another, but the address stays the same.
 */
export function couponProblem(deps: Deps, coupon: CouponRow | undefined, goodsCents: number, email: string | null): string | null {
  if (!coupon?.active) return ERRORS.couponNotFound;
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= deps.now()) return ERRORS.couponExpired;
  if (goodsCents < coupon.min_amount_cents) return ERRORS.couponMinimum;
  if (email !== null && coupon.per_customer_once && deps.sql('SELECT 1 FROM coupon_usage WHERE code = ? AND email = ?').get(coupon.code, couponEmail(email)))
    return ERRORS.couponUsed;
  return null;
}

export function findCoupon(deps: Deps, code: string): CouponRow | undefined {
  return deps.sql('SELECT * FROM coupon WHERE code = ?').get(code) as CouponRow | undefined;
}

export function priceCart(
  deps: Deps,
  row: CartRow,
  owner: CustomerRow | null,
  options: { countryId?: number; deliveryModuleId?: number; couponCode?: string | null } = {},
): PricedCart {
  const countryId = options.countryId ?? row.country_id;
  const vatExcluded = vatExcludedFor(deps, owner, countryId);
  const locale = countryLocale(countryId);
  const rows = deps.sql(LINES_SQL).all(row.currency, row.id) as unknown as LineRow[];
  const lines: PricedLine[] = [];
  const items: CartItem[] = [];
  let goodsCents = 0;
  let goodsNetCents = 0;
  let weight = 0;
  let hasFreight = false;
  for (const r of rows) {
    const categories = JSON.parse(r.categories) as number[];
    const taxes = pricing(deps).productTaxes(r.tax_rule_id, categories, countryId, vatExcluded);
    const price = r.price ?? '0';
    const promoPrice = r.promo_price ?? price;
    const net = r.promo ? promoPrice : price;
    const unitCents = priceCents(net, { taxes });
    const unitNetCents = priceCents(net, { taxes: [] });
    const taxedPrice = priceCents(price, { taxes });
    const taxedPromo = priceCents(promoPrice, { taxes });
    const totalCents = unitCents * r.quantity;
    const undeliverable = (JSON.parse(r.undeliverable) as number[]).includes(countryId);
    const vat = pricing(deps).vatPercent(taxes);
    // An item that cannot go to the country is listed (flagged) but neither shipped nor charged:
    // the sums, the weight and the coupon's base are those of what an order would send.
    if (!undeliverable) {
      goodsCents += totalCents;
      goodsNetCents += unitNetCents * r.quantity;
      weight += r.weight * r.quantity;
      hasFreight ||= r.freight === 1;
    }
    const title = pickTitle(r.titles, locale);
    lines.push({
      itemId: r.item_id,
      pseId: r.pse_id,
      productId: r.product_id,
      ref: r.pse_ref,
      title,
      quantity: r.quantity,
      unitCents,
      unitNetCents,
      totalCents,
      vatPercent: vat,
      weight: r.weight,
      freight: r.freight === 1,
      undeliverable,
      stock: r.stock,
    });
    const urls = JSON.parse(r.urls) as Record<string, string>;
    const pseUrls = JSON.parse(r.pse_urls) as Record<string, string>;
    const image = r.image ? sitePathOf(r.image) : null;
    items.push({
      id: r.item_id,
      cartItemId: r.item_id,
      cartId: row.id,
      PRODUCT_SALE_ELEMENT: r.pse_id,
      PRODUCT_ID: r.product_id,
      quantity: r.quantity,
      quantityStep: r.quantity_step,
      price: fromCents(unitCents),
      REF: r.pse_ref,
      TITLE: title,
      URL: sitePathOf(urls[locale]),
      PSE_URL: sitePathOf(pseUrls[locale] ?? urls[locale]),
      IMAGE: image,
      IMAGE_THUMB: thumbnailOf(deps.config.exportDir, image, r.image_width),
      PRICE: fromCents(priceCents(price, { taxes: [] })),
      PROMO_PRICE: fromCents(priceCents(promoPrice, { taxes: [] })),
      IS_PROMO: r.promo ? 1 : 0,
      DEFAULT_CATEGORY: r.default_category,
      brand_name: r.brand_titles ? pickTitle(r.brand_titles, locale) : null,
      category: categories,
      TAXED_PRICE: fromCents(taxedPrice),
      BEST_TAXED_PRICE: fromCents(r.promo ? Math.min(taxedPrice, taxedPromo) : taxedPrice),
      TOTAL: fromCents(totalCents),
      VAT_PERCENT: vat,
      stock: r.stock,
      weight: r.weight,
      freight: r.freight === 1,
      undeliverable,
    });
  }
  const couponCode = options.couponCode === undefined ? row.coupon_code : options.couponCode;
  let discountCents = 0;
  let couponValid = false;
  if (couponCode) {
    const coupon = findCoupon(deps, couponCode);
    if (!couponProblem(deps, coupon, goodsCents, owner?.email ?? null)) {
      discountCents = couponDiscountCents(goodsCents, coupon!);
      couponValid = true;
    }
  }
  const moduleId = options.deliveryModuleId ?? row.delivery_module_id ?? DEFAULT_DELIVERY_ID;
  const postage = rows.length ? postageFor(deps, moduleId, countryId, { weight, goodsCents, hasFreight }, vatExcluded) : null;
  const shipmentCents = postage?.available ? postage.taxedCents : 0;
  const totalCents = orderTotal(goodsCents, shipmentCents, discountCents);
  const totalItems = items.reduce((n, i) => n + i.quantity, 0);
  const cart: Cart = {
    cartId: row.id,
    customer_id: row.customer_id,
    country_id: countryId,
    currency: row.currency,
    vatExcluded,
    coupon_code: couponValid ? couponCode! : null,
    totalItems,
    totalValue: fromCents(goodsCents),
    totals: {
      goods: fromCents(goodsCents),
      goodsNet: fromCents(goodsNetCents),
      vat: fromCents(goodsCents - goodsNetCents),
      discount: fromCents(discountCents),
      shipment: fromCents(shipmentCents),
      total: fromCents(totalCents),
    },
    items,
  };
  return {
    row,
    cart,
    lines,
    goodsCents,
    goodsNetCents,
    discountCents,
    couponValid,
    shipmentCents,
    shipmentNetCents: postage?.available ? postage.netCents : 0,
    totalCents,
    weight,
    hasFreight: hasFreight || weight > PARCEL_MAX_KG,
    vatExcluded,
  };
}

/** Delivery methods for a priced cart, by position, with their postage (spec §4: 77 default). */
export function activeDeliveries(deps: Deps, priced: PricedCart, countryId: number): DeliveryMethod[] {
  const modules = deps.sql('SELECT id, code, title, position, kind FROM delivery_module WHERE active = 1 ORDER BY position').all() as {
    id: number;
    code: string;
    title: string;
    position: number;
    kind: DeliveryMethod['kind'];
  }[];
  const out: DeliveryMethod[] = [];
  for (const m of modules) {
    const p = postageFor(deps, m.id, countryId, priced, priced.vatExcluded);
    if (!p.available) continue;
    out.push({ id: m.id, code: m.code, title: m.title, position: m.position, kind: m.kind, postage_amount: fromCents(p.netCents), postage_amount_taxed: fromCents(p.taxedCents) });
  }
  return out;
}

const REDIRECTING = new Set<PaymentCode>(['PayPal', 'GlobalPayments', 'Sofort', 'StripePayment', 'Klarna']);
export function isRedirecting(code: PaymentCode): boolean {
  return REDIRECTING.has(code);
}

/**
 * Payment methods for a cart: Sofort and Klarna only in DE/AT, Klarna not for companies,
 * Nachnahme (cash on delivery, 'ramburs') not for freight goods; the others always.
 */
export function activePayments(deps: Deps, priced: PricedCart, countryId: number, owner: CustomerRow | null): PaymentMethod[] {
  const rows = deps.sql('SELECT id, code, title, position FROM payment_module WHERE active = 1 ORDER BY position').all() as {
    id: number;
    code: PaymentCode;
    title: string;
    position: number;
  }[];
  // the German-language shops' countries (src/shops/*.json): Germany and Austria
  const dach = homeCountriesOfLanguage('de').includes(countryId);
  return rows
    .filter((m) => (PAYMENT_CODES as readonly string[]).includes(m.code))
    .filter((m) => {
      if (m.code === 'Sofort') return dach;
      if (m.code === 'Klarna') return dach && !(owner?.is_company === 1);
      if (m.code === 'Nachnahme') return !priced.hasFreight;
      return true;
    })
    .map((m) => ({ id: m.id, code: m.code, title: m.title, position: m.position, redirect: isRedirecting(m.code), pay_path: PAY_PATHS[m.code] }));
}
