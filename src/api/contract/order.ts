/** Orders, invoices, guest invoice links, comments, live catalog data (spec §7). */
import { z } from 'zod';
import { IdInput, IntInput, Money, OptionalIdInput, SafeText, Text } from './common.ts';
import { PostalAddress } from './address.ts';

export const ORDER_STATUSES = ['not_paid', 'paid', 'processing', 'sent', 'canceled', 'payment_error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OrderAddress = PostalAddress;

export const OrderItem = z.object({
  ID: z.number().int(),
  REF: z.string(),
  CUSTOMER_ID: z.number().int(),
  CART_ID: z.number().int(),
  STATUS: z.enum(ORDER_STATUSES),
  CREATE_DATE: z.string(),
  PAYMENT_MODULE: z.string(),
  PAYMENT_MODULE_ID: z.number().int(),
  DELIVERY_MODULE: z.string(),
  DELIVERY_MODULE_ID: z.number().int(),
  CURRENCY: z.string(),
  COUNTRY_ID: z.number().int(),
  GOODS: Money,
  GOODS_NET: Money,
  VAT: Money,
  POSTAGE: Money,
  DISCOUNT: Money,
  TOTAL: Money,
  COUPON_CODE: z.string().nullable(),
  VAT_EXCLUDED: z.boolean(),
  MESSAGE: z.string().nullable(),
  TRACKING_NUMBER: z.string().nullable(),
  LOCAL_PICKUP: z.boolean(),
  INVOICE_ADDRESS: OrderAddress,
  DELIVERY_ADDRESS: OrderAddress,
  /** Path of the invoice PDF below /api. */
  INVOICE_URL: z.string(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderProductItem = z.object({
  ID: z.number().int(),
  ORDER_ID: z.number().int(),
  PRODUCT_ID: z.number().int(),
  PRODUCT_SALE_ELEMENTS_ID: z.number().int(),
  REF: z.string(),
  TITLE: z.string(),
  QUANTITY: z.number().int(),
  /** Net unit price. */
  PRICE: Money,
  /** Unit price paid (gross unless VAT excluded). */
  TAXED_PRICE: Money,
  VAT_PERCENT: z.number(),
  TOTAL_TAXED_PRICE: Money,
});
export type OrderProductItem = z.infer<typeof OrderProductItem>;

export const OrderListQuery = z.object({
  customer: IdInput,
  limit: z.coerce.number().int().min(1).max(999).optional().default(999),
});
export const OrderDetailQuery = z.object({ customer: OptionalIdInput });
export const OrderItemsResponse = z.object({ OrderItems: z.array(OrderItem) });
export const OrderProductQuery = z.object({ order_id: IdInput });
export const OrderProductItemsResponse = z.object({ OrderProductItems: z.array(OrderProductItem) });
export const OrderCancelRequest = z.object({ order_id: IdInput });

/** GET /api/guest/invoice/{ref}/{hash}: the order and its products, for guests. */
export const GuestInvoiceResponse = z.object({
  status_code: z.literal(200),
  data: z.object({ order: OrderItem, products: z.array(OrderProductItem) }),
});

// --- review comments ----------------------------------------------------------------------------

export const CommentItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  pse_id: z.number().int(),
  customer_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export const CommentsResponse = z.object({ status_code: z.literal(200), data: z.array(CommentItem) });
export const CommentRightsResponse = z.object({
  status_code: z.literal(200),
  data: z.object({ allowed: z.boolean(), reason: z.enum(['bought', 'not_bought', 'already_commented']) }),
});
export const CommentRequest = z.object({
  pse_id: IdInput,
  rating: IntInput.pipe(z.number().int().min(1, 'rating must be 1-5').max(5, 'rating must be 1-5')),
  title: SafeText().trim().min(2).max(150),
  content: SafeText({ multiline: true }).trim().min(2).max(5000),
});
export const CommentCreatedResponse = z.object({
  status_code: z.literal(200),
  data: z.object({ id: z.number().int(), status: z.literal('pending') }),
  message: z.string(),
});

// --- live catalog data for static pages ---------------------------------------------------------

export const PseLive = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  ref: z.string(),
  quantity: z.number().int(),
  is_promo: z.boolean(),
  country_id: z.number().int(),
  vat_percent: z.number(),
  /** Net prices. */
  price: Money,
  promo_price: Money,
  /** What the shopper pays in that country (VAT applied unless zero-rated). */
  taxed_price: Money,
  taxed_promo_price: Money,
  best_taxed_price: Money,
  list_price: Money.nullable(),
  quantity_step: z.number().int(),
  fulfilment: z.array(z.object({ center_id: z.number().int(), name: z.string(), quantity: z.number().int(), delay_days: z.number().int() })),
});
export const PseQuery = z.object({ country_id: OptionalIdInput, vat_excluded: Text(5).optional() });
export const PseResponse = z.object({ status_code: z.literal(200), data: PseLive });
export const FulfilmentStockResponse = z.object({
  status_code: z.literal(200),
  data: z.array(z.object({ center_id: z.number().int(), name: z.string(), country_id: z.number().int(), quantity: z.number().int(), delay_days: z.number().int() })),
});
export const FulfilmentSearchQuery = z.object({ search_pse: IdInput });

export const ProductLive = z.object({
  id: z.number().int(),
  ref: z.string(),
  title: z.string(),
  variants: z.array(PseLive),
});
export const ProductResponse = z.object({ status_code: z.literal(200), data: ProductLive });

/** GET /api/ExternalOrderApi/features/product/{productId}/{langCode}: the product's features in a language. */
export const FeatureItem = z.object({ FEATURE_ID: z.number().int(), POSITION: z.number().int(), TITLE: z.string(), VALUES: z.array(z.string()) });
export const FeaturesResponse = z.object({ status_code: z.literal(200), data: z.array(FeatureItem) });
