/** Cart calls (spec §7): POST /api/cart/{add,get,update,delete,clear,assignCustomer}. */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { BoolInput, Email, IdInput, IntInput, Money, OptionalIdInput, Text } from './common.ts';

/** The `thelia_login` / `login` field: the shopper's e-mail when logged in; informational. */
const Login = lazy(() => z.optional(z.union([Text(254), z.boolean(), z.number()])));

export const CartAddRequest = lazy(() =>
  z.object({
    'thelia.cart_id': OptionalIdInput,
    thelia_cart_add: z.object({
      append: z._default(z.optional(BoolInput), true),
      product: z.optional(IdInput),
      product_sale_elements_id: IdInput,
      quantity: z._default(z.optional(z.pipe(IntInput, z.int().check(z.gte(1, 'quantity must be at least 1'), z.lte(100_000)))), 1),
    }),
    thelia_login: Login,
    /** Delivery country for prices; default the shop's default country. */
    country_id: OptionalIdInput,
  }),
);
export type CartAddRequest = z.input<typeof CartAddRequest>;

export const CartAddResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({
      quantity: z.int(),
      cartId: z.int(),
      cartItemId: z.int(),
      /** Set when the quantity was raised to a multiple of the product's quantity step. */
      adjusted: z.boolean(),
    }),
  }),
);
export type CartAddResponse = z.infer<typeof CartAddResponse>;

export const CartGetRequest = lazy(() =>
  z.object({
    'thelia.cart_id': IdInput,
    thelia_login: Login,
    country_id: OptionalIdInput,
  }),
);

export const CartItem = lazy(() =>
  z.object({
    id: z.int(),
    cartItemId: z.int(),
    cartId: z.int(),
    PRODUCT_SALE_ELEMENT: z.int(),
    PRODUCT_ID: z.int(),
    quantity: z.int(),
    /** Quantity step of the product (orders must be multiples). */
    quantityStep: z.int(),
    /** Unit price the shopper pays (gross unless VAT is excluded). */
    price: Money,
    REF: z.string(),
    TITLE: z.string(),
    URL: z.string(),
    PSE_URL: z.string(),
    IMAGE: z.nullable(z.string()),
    /** The image's thumbnail in the shop's site (`/_img/<hash>-128.webp`: src/catalog/images.ts
     *  `thumbnailPath`), for the cart's lines; null where the API cannot name one (no image, an
     *  image on another host, a file missing from its export). */
    IMAGE_THUMB: z.nullable(z.string()),
    /** Net unit prices from the catalog. */
    PRICE: Money,
    PROMO_PRICE: Money,
    IS_PROMO: z.union([z.literal(0), z.literal(1)]),
    DEFAULT_CATEGORY: z.nullable(z.int()),
    brand_name: z.nullable(z.string()),
    category: z.array(z.int()),
    TAXED_PRICE: Money,
    BEST_TAXED_PRICE: Money,
    /** Line total (price x quantity). */
    TOTAL: Money,
    VAT_PERCENT: z.number(),
    stock: z.int(),
    weight: z.number(),
    freight: z.boolean(),
    undeliverable: z.boolean(),
  }),
);
export type CartItem = z.infer<typeof CartItem>;

export const CartTotals = lazy(() =>
  z.object({
    /** Sum of line totals. */
    goods: Money,
    goodsNet: Money,
    vat: Money,
    discount: Money,
    /** Shipment cost of the chosen delivery method, when it is known. */
    shipment: Money,
    total: Money,
  }),
);

export const Cart = lazy(() =>
  z.object({
    cartId: z.int(),
    customer_id: z.nullable(z.int()),
    country_id: z.int(),
    currency: z.string(),
    vatExcluded: z.boolean(),
    coupon_code: z.nullable(z.string()),
    totalItems: z.int(),
    totalValue: Money,
    totals: CartTotals,
    items: z.array(CartItem),
  }),
);
export type Cart = z.infer<typeof Cart>;

export const CartResponse = lazy(() => z.object({ status_code: z.literal(200), status: z.literal('ok'), data: Cart }));
export type CartResponse = z.infer<typeof CartResponse>;

export const CartUpdateRequest = lazy(() =>
  z
    .object({
      'thelia.cart_id': IdInput,
      cart_item: IdInput,
      /** The new quantity, as the client computes it: current - count, count, or current + count. */
      quantity: z.optional(z.pipe(IntInput, z.int().check(z.lte(100_000)))),
      /** Alternatively the server computes it from action and count. */
      action: z.optional(z.enum(['decrease', 'update', 'increase'])),
      count: z.optional(z.pipe(IntInput, z.int().check(z.gte(0), z.lte(100_000)))),
      thelia_login: Login,
      country_id: OptionalIdInput,
    })
    .check(
      z.refine((r) => r.quantity !== undefined || (r.action !== undefined && r.count !== undefined), {
        message: 'quantity (or action and count) is required',
        path: ['quantity'],
      }),
    ),
);

export const CartDeleteRequest = lazy(() =>
  z.object({
    'thelia.cart_id': IdInput,
    cart_item: IdInput,
    thelia_login: Login,
    country_id: OptionalIdInput,
  }),
);
export const CartClearRequest = lazy(() => z.object({ 'thelia.cart_id': IdInput, login: Login, thelia_login: Login }));
export const CartClearResponse = lazy(() => z.object({ status_code: z.literal(200), message: z.string() }));

export const CartAssignRequest = lazy(() => z.object({ email: Email, cart_id: IdInput }));
