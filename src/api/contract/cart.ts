/** Cart calls (spec §7): POST /api/cart/{add,get,update,delete,clear,assignCustomer}. */
import { z } from 'zod';
import { BoolInput, Email, IdInput, IntInput, Money, OptionalIdInput, Text } from './common.ts';

/** The `thelia_login` / `login` field: the shopper's e-mail when logged in; informational. */
const Login = z.union([Text(254), z.boolean(), z.number()]).optional();

export const CartAddRequest = z.object({
  'thelia.cart_id': OptionalIdInput,
  thelia_cart_add: z.object({
    append: BoolInput.optional().default(true),
    product: IdInput.optional(),
    product_sale_elements_id: IdInput,
    quantity: IntInput.pipe(z.number().int().min(1, 'quantity must be at least 1').max(100_000)).optional().default(1),
  }),
  thelia_login: Login,
  /** Delivery country for prices; default the shop's default country. */
  country_id: OptionalIdInput,
});
export type CartAddRequest = z.input<typeof CartAddRequest>;

export const CartAddResponse = z.object({
  status_code: z.literal(200),
  data: z.object({
    quantity: z.number().int(),
    cartId: z.number().int(),
    cartItemId: z.number().int(),
    /** Set when the quantity was raised to a multiple of the product's quantity step. */
    adjusted: z.boolean(),
  }),
});
export type CartAddResponse = z.infer<typeof CartAddResponse>;

export const CartGetRequest = z.object({
  'thelia.cart_id': IdInput,
  thelia_login: Login,
  country_id: OptionalIdInput,
});

export const CartItem = z.object({
  id: z.number().int(),
  cartItemId: z.number().int(),
  cartId: z.number().int(),
  PRODUCT_SALE_ELEMENT: z.number().int(),
  PRODUCT_ID: z.number().int(),
  quantity: z.number().int(),
  /** Quantity step of the product (orders must be multiples). */
  quantityStep: z.number().int(),
  /** Unit price the shopper pays (gross unless VAT is excluded). */
  price: Money,
  REF: z.string(),
  TITLE: z.string(),
  URL: z.string(),
  PSE_URL: z.string(),
  IMAGE: z.string().nullable(),
  /** Net unit prices from the catalog. */
  PRICE: Money,
  PROMO_PRICE: Money,
  IS_PROMO: z.union([z.literal(0), z.literal(1)]),
  DEFAULT_CATEGORY: z.number().int().nullable(),
  brand_name: z.string().nullable(),
  category: z.array(z.number().int()),
  TAXED_PRICE: Money,
  BEST_TAXED_PRICE: Money,
  /** Line total (price x quantity). */
  TOTAL: Money,
  VAT_PERCENT: z.number(),
  stock: z.number().int(),
  weight: z.number(),
  freight: z.boolean(),
  undeliverable: z.boolean(),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartTotals = z.object({
  /** Sum of line totals. */
  goods: Money,
  goodsNet: Money,
  vat: Money,
  discount: Money,
  /** Shipment cost of the chosen delivery method, when it is known. */
  shipment: Money,
  total: Money,
});

export const Cart = z.object({
  cartId: z.number().int(),
  customer_id: z.number().int().nullable(),
  country_id: z.number().int(),
  currency: z.string(),
  vatExcluded: z.boolean(),
  coupon_code: z.string().nullable(),
  totalItems: z.number().int(),
  totalValue: Money,
  totals: CartTotals,
  items: z.array(CartItem),
});
export type Cart = z.infer<typeof Cart>;

export const CartResponse = z.object({ status_code: z.literal(200), status: z.literal('ok'), data: Cart });
export type CartResponse = z.infer<typeof CartResponse>;

export const CartUpdateRequest = z
  .object({
    'thelia.cart_id': IdInput,
    cart_item: IdInput,
    /** The new quantity, as the client computes it: current - count, count, or current + count. */
    quantity: IntInput.pipe(z.number().int().max(100_000)).optional(),
    /** Alternatively the server computes it from action and count. */
    action: z.enum(['decrease', 'update', 'increase']).optional(),
    count: IntInput.pipe(z.number().int().min(0).max(100_000)).optional(),
    thelia_login: Login,
    country_id: OptionalIdInput,
  })
  .refine((r) => r.quantity !== undefined || (r.action !== undefined && r.count !== undefined), {
    message: 'quantity (or action and count) is required',
    path: ['quantity'],
  });

export const CartDeleteRequest = z.object({
  'thelia.cart_id': IdInput,
  cart_item: IdInput,
  thelia_login: Login,
  country_id: OptionalIdInput,
});
export const CartClearRequest = z.object({ 'thelia.cart_id': IdInput, login: Login, thelia_login: Login });
export const CartClearResponse = z.object({ status_code: z.literal(200), message: z.string() });

export const CartAssignRequest = z.object({ email: Email, cart_id: IdInput });
