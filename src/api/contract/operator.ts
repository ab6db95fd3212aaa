/**
 * The operator API (/api/operator/*): what the back office does (there is no Thelia back office
 * here): set an order's tracking number, mark a bank transfer (Vorkasse) order paid, mark an order
 * shipped, moderate review comments. Bearer token API_OPERATOR_TOKEN. Shapes defined here.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { ERRORS, OptionalIdInput } from './common.ts';
import { OrderItem, OrderProductItem } from './order.ts';

/** Carrier tracking number: spaces are dropped ("CA 1234 5678 9AT" -> "CA123456789AT"). */
export const TrackingNumber = lazy(() =>
  z.pipe(
    z.pipe(
      z.string({ error: (issue) => (issue.input === undefined ? ERRORS.trackingRequired : ERRORS.trackingInvalid) }).check(z.maxLength(100, ERRORS.trackingInvalid)),
      z.transform((s) => s.replace(/\s+/g, '')),
    ),
    z.string().check(z.regex(/^[A-Za-z0-9-]{4,40}$/, ERRORS.trackingInvalid)),
  ),
);

/** An amount in the currency: a number or text with at most 2 decimals ("29.90", "29,90"); yields cents. */
export const AmountInput = lazy(() =>
  z.pipe(
    z.pipe(
      z.union(
        [
          z.number(),
          z.pipe(
            z.string().check(z.trim(), z.regex(/^\d{1,9}(?:[.,]\d{1,2})?$/)),
            z.transform((s) => Number(s.replace(',', '.'))),
          ),
        ],
        { error: ERRORS.amountInvalid },
      ),
      z.number().check(
        z.gte(0, ERRORS.amountInvalid),
        z.lte(1e9, ERRORS.amountInvalid),
        z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, ERRORS.amountInvalid),
      ),
    ),
    z.transform((n) => Math.round(n * 100)),
  ),
);

/** A form's empty field counts as absent (what classic zod's z.preprocess does: a transform piped into the schema). */
const emptyAsAbsent = lazy(() => z.transform((v: unknown) => (v === '' ? undefined : v)));

export const OrderTrackingRequest = lazy(() => z.object({ tracking_number: TrackingNumber }));
export const OrderPaidRequest = lazy(() =>
  z.object({
    /** The amount received; when given it must equal the order total. */
    amount: z.pipe(emptyAsAbsent, z.optional(AmountInput)),
  }),
);
export const OrderShippedRequest = lazy(() =>
  z.object({
    /** Set together with the status (optional; not for local pickup). */
    tracking_number: z.pipe(emptyAsAbsent, z.optional(TrackingNumber)),
  }),
);

export const OperatorOrder = lazy(() =>
  z.object({
    order: OrderItem,
    products: z.array(OrderProductItem),
    paid_at: z.nullable(z.string()),
    shipped_at: z.nullable(z.string()),
  }),
);
export const OperatorOrderResponse = lazy(() => z.object({ status_code: z.literal(200), message: z.string(), data: OperatorOrder }));

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const OperatorComment = lazy(() =>
  z.object({
    id: z.int(),
    product_id: z.int(),
    pse_id: z.int(),
    customer_id: z.int(),
    customer_email: z.string(),
    customer_name: z.string(),
    rating: z.int(),
    title: z.string(),
    content: z.string(),
    status: z.enum(COMMENT_STATUSES),
    created_at: z.string(),
    moderated_at: z.nullable(z.string()),
  }),
);
export const OperatorCommentsQuery = lazy(() =>
  z.object({
    status: z._default(z.optional(z.enum(COMMENT_STATUSES, { error: 'must be pending, approved or rejected' })), 'pending'),
    product_id: OptionalIdInput,
    limit: z._default(
      z.optional(
        z.coerce
          .number({ error: 'must be a whole number 1-500' })
          .check(z.int('must be a whole number 1-500'), z.gte(1, 'must be a whole number 1-500'), z.lte(500, 'must be a whole number 1-500')),
      ),
      100,
    ),
  }),
);
export const OperatorCommentsResponse = lazy(() => z.object({ status_code: z.literal(200), data: z.array(OperatorComment) }));
export const OperatorCommentResponse = lazy(() => z.object({ status_code: z.literal(200), message: z.string(), data: OperatorComment }));
