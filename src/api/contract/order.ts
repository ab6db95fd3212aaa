/** Orders, invoices, guest invoice links, comments, live catalog data (spec §7). */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { IdInput, IntInput, Money, OptionalIdInput, SafeText, Text } from './common.ts';
import { PostalAddress } from './address.ts';

export const ORDER_STATUSES = ['not_paid', 'paid', 'processing', 'sent', 'canceled', 'payment_error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order the customer may still cancel: not yet processing, sent, canceled or failed (server and account page). */
export function cancellable(status: OrderStatus): boolean {
  return status === 'not_paid' || status === 'paid';
}

export const OrderAddress = PostalAddress;

export const OrderItem = lazy(() =>
  z.object({
    ID: z.int(),
    REF: z.string(),
    CUSTOMER_ID: z.int(),
    CART_ID: z.int(),
    STATUS: z.enum(ORDER_STATUSES),
    CREATE_DATE: z.string(),
    PAYMENT_MODULE: z.string(),
    PAYMENT_MODULE_ID: z.int(),
    DELIVERY_MODULE: z.string(),
    DELIVERY_MODULE_ID: z.int(),
    CURRENCY: z.string(),
    COUNTRY_ID: z.int(),
    GOODS: Money,
    GOODS_NET: Money,
    VAT: Money,
    POSTAGE: Money,
    DISCOUNT: Money,
    TOTAL: Money,
    COUPON_CODE: z.nullable(z.string()),
    VAT_EXCLUDED: z.boolean(),
    MESSAGE: z.nullable(z.string()),
    TRACKING_NUMBER: z.nullable(z.string()),
    LOCAL_PICKUP: z.boolean(),
    INVOICE_ADDRESS: OrderAddress,
    DELIVERY_ADDRESS: OrderAddress,
    /** Path of the invoice PDF below /api. */
    INVOICE_URL: z.string(),
  }),
);
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderProductItem = lazy(() =>
  z.object({
    ID: z.int(),
    ORDER_ID: z.int(),
    PRODUCT_ID: z.int(),
    PRODUCT_SALE_ELEMENTS_ID: z.int(),
    REF: z.string(),
    TITLE: z.string(),
    QUANTITY: z.int(),
    /** Net unit price. */
    PRICE: Money,
    /** Unit price paid (gross unless VAT excluded). */
    TAXED_PRICE: Money,
    VAT_PERCENT: z.number(),
    TOTAL_TAXED_PRICE: Money,
  }),
);
export type OrderProductItem = z.infer<typeof OrderProductItem>;

export const OrderListQuery = lazy(() =>
  z.object({
    customer: IdInput,
    limit: z._default(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(999))), 999),
  }),
);
export const OrderDetailQuery = lazy(() => z.object({ customer: OptionalIdInput }));
export const OrderItemsResponse = lazy(() => z.object({ OrderItems: z.array(OrderItem) }));
export const OrderProductQuery = lazy(() => z.object({ order_id: IdInput }));
export const OrderProductItemsResponse = lazy(() => z.object({ OrderProductItems: z.array(OrderProductItem) }));
export const OrderCancelRequest = lazy(() => z.object({ order_id: IdInput }));

/** GET /api/guest/invoice/{ref}/{hash}: the order and its products, for guests. */
export const GuestInvoiceResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({ order: OrderItem, products: z.array(OrderProductItem) }),
  }),
);

// --- review comments ----------------------------------------------------------------------------

export const CommentItem = lazy(() =>
  z.object({
    id: z.int(),
    product_id: z.int(),
    pse_id: z.int(),
    customer_name: z.string(),
    rating: z.int(),
    title: z.string(),
    content: z.string(),
    created_at: z.string(),
  }),
);
export const CommentsResponse = lazy(() => z.object({ status_code: z.literal(200), data: z.array(CommentItem) }));
export const CommentRightsResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({ allowed: z.boolean(), reason: z.enum(['bought', 'not_bought', 'already_commented']) }),
  }),
);
export const CommentRequest = lazy(() =>
  z.object({
    pse_id: IdInput,
    rating: z.pipe(IntInput, z.int().check(z.gte(1, 'rating must be 1-5'), z.lte(5, 'rating must be 1-5'))),
    title: SafeText().check(z.trim(), z.minLength(2), z.maxLength(150)),
    content: SafeText({ multiline: true }).check(z.trim(), z.minLength(2), z.maxLength(5000)),
  }),
);
export const CommentCreatedResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({ id: z.int(), status: z.literal('pending') }),
    message: z.string(),
  }),
);

// --- live catalog data for static pages ---------------------------------------------------------

export const PseLive = lazy(() =>
  z.object({
    id: z.int(),
    product_id: z.int(),
    ref: z.string(),
    quantity: z.int(),
    is_promo: z.boolean(),
    country_id: z.int(),
    vat_percent: z.number(),
    /** Net prices. */
    price: Money,
    promo_price: Money,
    /** What the shopper pays in that country (VAT applied unless zero-rated). */
    taxed_price: Money,
    taxed_promo_price: Money,
    best_taxed_price: Money,
    list_price: z.nullable(Money),
    quantity_step: z.int(),
    fulfilment: z.array(z.object({ center_id: z.int(), name: z.string(), quantity: z.int(), delay_days: z.int() })),
  }),
);
export const PseQuery = lazy(() => z.object({ country_id: OptionalIdInput, vat_excluded: z.optional(Text(5)) }));
export const PseResponse = lazy(() => z.object({ status_code: z.literal(200), data: PseLive }));
export const FulfilmentStockResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.array(z.object({ center_id: z.int(), name: z.string(), country_id: z.int(), quantity: z.int(), delay_days: z.int() })),
  }),
);
export const FulfilmentSearchQuery = lazy(() => z.object({ search_pse: IdInput }));

export const ProductLive = lazy(() =>
  z.object({
    id: z.int(),
    ref: z.string(),
    title: z.string(),
    variants: z.array(PseLive),
  }),
);
export const ProductResponse = lazy(() => z.object({ status_code: z.literal(200), data: ProductLive }));

/** GET /api/ExternalOrderApi/features/product/{productId}/{langCode}: the product's features in a language. */
export const FeatureItem = lazy(() => z.object({ FEATURE_ID: z.int(), POSITION: z.int(), TITLE: z.string(), VALUES: z.array(z.string()) }));
export const FeaturesResponse = lazy(() => z.object({ status_code: z.literal(200), data: z.array(FeatureItem) }));
