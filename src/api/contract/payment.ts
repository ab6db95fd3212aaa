/** Payment methods, the pay endpoints, coupons, the bank-transfer slip (spec §7). */
import { z } from 'zod';
import { BoolInput, Email, IdInput, LocaleInput, Money, OptionalIdInput, Text } from './common.ts';

export const PAYMENT_CODES = ['PayPal', 'GlobalPayments', 'Sofort', 'StripePayment', 'Nachnahme', 'Vorkasse', 'Klarna'] as const;
export type PaymentCode = (typeof PAYMENT_CODES)[number];

/** The pay endpoint of each method, below /api. */
export const PAY_PATHS: Record<PaymentCode, string> = {
  PayPal: '/api/paypal/pay',
  GlobalPayments: '/api/globalpayments/pay',
  Sofort: '/api/sofort/pay',
  StripePayment: '/api/stripe/pay',
  Nachnahme: '/api/ramburs/pay',
  Vorkasse: '/api/vorkasse/pay',
  Klarna: '/api/klarna/pay',
};

export const PaymentMethod = z.object({
  id: z.number().int(),
  code: z.enum(PAYMENT_CODES),
  title: z.string(),
  position: z.number().int(),
  /** card-style methods redirect to a payment page; the others place the order at once. */
  redirect: z.boolean(),
  pay_path: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const ActivePaymentMethodsResponse = z.object({ status_code: z.literal(200), data: z.array(PaymentMethod) });

export const PayRequest = z.object({
  cart_id: IdInput,
  customer_id: IdInput,
  appliedCoupon: Text(64).optional(),
  api_call: z.union([BoolInput, Text(50)]).optional(),
  session_id: Text(200).optional(),
  email: Email.optional(),
  delivery_address_id: OptionalIdInput,
  delivery_module_id: OptionalIdInput,
  invoice_address_id: OptionalIdInput,
  payment_module_id: OptionalIdInput,
  postage_tax_rule_title: Text(100).optional(),
  country_id: OptionalIdInput,
  locale: LocaleInput,
  isCompany: BoolInput.optional(),
  message: Text(2000, { multiline: true }).optional(),
  isCompleteDelivery: BoolInput.optional(),
  guest: BoolInput.optional(),
});
export type PayRequest = z.input<typeof PayRequest>;

export const BankTransfer = z.object({
  iban: z.string(),
  bic: z.string(),
  name: z.string(),
  amount: Money,
  currency: z.string(),
  /** The remittance reference: the order ref. */
  reference: z.string(),
});

export const PayResponse = z.object({
  status_code: z.literal(200),
  data: z.object({
    order_id: z.number().int(),
    order_ref: z.string(),
    status: z.string(),
    /** Where the browser goes next: the local payment page, or /order-placed?cart_id=... */
    redirect_url: z.string(),
    /** Card-provider style session id ('sessionId___...') for StripePayment. */
    session_id: z.string().nullable(),
    total: Money,
    /** Vorkasse: the transfer slip. */
    bank_transfer: BankTransfer.nullable(),
    /** The guest invoice page of this order: /guest/invoice/{ref}/{hash}. */
    guest_invoice_path: z.string(),
    /** True when this answer repeats an order made by an earlier request for the same cart. */
    repeated: z.boolean(),
  }),
});
export type PayResponse = z.infer<typeof PayResponse>;

export const AmazonPayRequest = z.object({ cart_id: IdInput, amazon_session_id: Text(200), customer_note: Text(2000, { multiline: true }).optional() });
export const PaypalAcceptRequest = z.object({
  paypal_data: z.object({ orderID: Text(200).optional(), token: Text(200) }).or(Text(200).transform((token) => ({ token, orderID: undefined }))),
});
export const PaypalCancelRequest = z.object({ token: Text(200).optional(), order_id: OptionalIdInput });

export const QrCodeRequest = z.object({ order_id: IdInput });
export const QrCodeResponse = z.object({
  status_code: z.literal(200),
  data: z.object({
    /** The EPC069-12 payload. */
    payload: z.string(),
    /** PNG data URL of the QR code. */
    qr: z.string(),
    bank_transfer: BankTransfer,
  }),
});

export const InsertCouponRequest = z.object({ coupon_code: z.string().trim().min(1).max(64), cart_id: IdInput, customer_id: OptionalIdInput });
export const InsertCouponResponse = z.object({
  status_code: z.literal(200),
  data: z.object({
    coupon_code: z.string(),
    type: z.enum(['percent', 'amount']),
    /** The discount on the current cart. */
    discount: Money,
    total: Money,
  }),
});

/** Removes the coupon from a cart (this project's call: the spec shows none; the answer is the cart without it). */
export const RemoveCouponRequest = z.object({ cart_id: IdInput, customer_id: OptionalIdInput });
