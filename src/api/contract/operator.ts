/**
 * The operator API (/api/operator/*): what the back office does (there is no Thelia back office
 * here): set an order's tracking number, mark a bank transfer (Vorkasse) order paid, mark an order
 * shipped, moderate review comments. Bearer token API_OPERATOR_TOKEN. Shapes defined here.
 */
import { z } from 'zod';
import { ERRORS, OptionalIdInput } from './common.ts';
import { OrderItem, OrderProductItem } from './order.ts';

/** Carrier tracking number: spaces are dropped ("CA 1234 5678 9AT" -> "CA123456789AT"). */
export const TrackingNumber = z
  .string({ error: (issue) => (issue.input === undefined ? ERRORS.trackingRequired : ERRORS.trackingInvalid) })
  .max(100, ERRORS.trackingInvalid)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, ERRORS.trackingInvalid));

/** An amount in the currency: a number or text with at most 2 decimals ("29.90", "29,90"); yields cents. */
export const AmountInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(?:[.,]\d{1,2})?$/)
        .transform((s) => Number(s.replace(',', '.'))),
    ],
    { error: ERRORS.amountInvalid },
  )
  .pipe(
    z
      .number()
      .min(0, ERRORS.amountInvalid)
      .max(1e9, ERRORS.amountInvalid)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, ERRORS.amountInvalid),
  )
  .transform((n) => Math.round(n * 100));

/** A form's empty field counts as absent. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const OrderTrackingRequest = z.object({ tracking_number: TrackingNumber });
export const OrderPaidRequest = z.object({
  /** The amount received; when given it must equal the order total. */
  amount: z.preprocess(emptyAsAbsent, AmountInput.optional()),
});
export const OrderShippedRequest = z.object({
  /** Set together with the status (optional; not for local pickup). */
  tracking_number: z.preprocess(emptyAsAbsent, TrackingNumber.optional()),
});

export const OperatorOrder = z.object({
  order: OrderItem,
  products: z.array(OrderProductItem),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
});
export const OperatorOrderResponse = z.object({ status_code: z.literal(200), message: z.string(), data: OperatorOrder });

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const OperatorComment = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  pse_id: z.number().int(),
  customer_id: z.number().int(),
  customer_email: z.string(),
  customer_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  content: z.string(),
  status: z.enum(COMMENT_STATUSES),
  created_at: z.string(),
  moderated_at: z.string().nullable(),
});
export const OperatorCommentsQuery = z.object({
  status: z.enum(COMMENT_STATUSES, { error: 'must be pending, approved or rejected' }).optional().default('pending'),
  product_id: OptionalIdInput,
  limit: z.coerce
    .number({ error: 'must be a whole number 1-500' })
    .int('must be a whole number 1-500')
    .min(1, 'must be a whole number 1-500')
    .max(500, 'must be a whole number 1-500')
    .optional()
    .default(100),
});
export const OperatorCommentsResponse = z.object({ status_code: z.literal(200), data: z.array(OperatorComment) });
export const OperatorCommentResponse = z.object({ status_code: z.literal(200), message: z.string(), data: OperatorComment });
