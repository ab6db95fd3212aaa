/** Payment methods, the pay endpoints, coupons, the bank-transfer slip (spec §7). */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
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

export const PaymentMethod = lazy(() =>
  z.object({
    id: z.int(),
    code: z.enum(PAYMENT_CODES),
    title: z.string(),
    position: z.int(),
    /** card-style methods redirect to a payment page; the others place the order at once. */
    redirect: z.boolean(),
    pay_path: z.string(),
  }),
);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const ActivePaymentMethodsResponse = lazy(() => z.object({ status_code: z.literal(200), data: z.array(PaymentMethod) }));

export const PayRequest = lazy(() =>
  z.object({
    cart_id: IdInput,
    customer_id: IdInput,
    appliedCoupon: z.optional(Text(64)),
    api_call: z.optional(z.union([BoolInput, Text(50)])),
    session_id: z.optional(Text(200)),
    email: z.optional(Email),
    delivery_address_id: OptionalIdInput,
    delivery_module_id: OptionalIdInput,
    invoice_address_id: OptionalIdInput,
    payment_module_id: OptionalIdInput,
    postage_tax_rule_title: z.optional(Text(100)),
    country_id: OptionalIdInput,
    locale: LocaleInput,
    isCompany: z.optional(BoolInput),
    message: z.optional(Text(2000, { multiline: true })),
    isCompleteDelivery: z.optional(BoolInput),
    guest: z.optional(BoolInput),
  }),
);
export type PayRequest = z.input<typeof PayRequest>;

export const BankTransfer = lazy(() =>
  z.object({
    iban: z.string(),
    bic: z.string(),
    name: z.string(),
    amount: Money,
    currency: z.string(),
    /** The remittance reference: the order ref. */
    reference: z.string(),
  }),
);

export const PayResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({
      order_id: z.int(),
      order_ref: z.string(),
      status: z.string(),
      /** Where the browser goes next: the local payment page, or /order-placed?cart_id=... */
      redirect_url: z.string(),
      /** Card-provider style session id ('sessionId___...') for StripePayment. */
      session_id: z.nullable(z.string()),
      total: Money,
      /** Vorkasse: the transfer slip. */
      bank_transfer: z.nullable(BankTransfer),
      /** The guest invoice page of this order: /guest/invoice/{ref}/{hash}. */
      guest_invoice_path: z.string(),
      /** True when this answer repeats an order made by an earlier request for the same cart. */
      repeated: z.boolean(),
    }),
  }),
);
export type PayResponse = z.infer<typeof PayResponse>;

export const AmazonPayRequest = lazy(() => z.object({ cart_id: IdInput, amazon_session_id: Text(200), customer_note: z.optional(Text(2000, { multiline: true })) }));
export const PaypalAcceptRequest = lazy(() =>
  z.object({
    paypal_data: z.union([
      z.object({ orderID: z.optional(Text(200)), token: Text(200) }),
      z.pipe(
        Text(200),
        z.transform((token) => ({ token, orderID: undefined })),
      ),
    ]),
  }),
);
export const PaypalCancelRequest = lazy(() => z.object({ token: z.optional(Text(200)), order_id: OptionalIdInput }));

export const QrCodeRequest = lazy(() => z.object({ order_id: IdInput }));
export const QrCodeResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({
      /** The EPC069-12 payload. */
      payload: z.string(),
      /** PNG data URL of the QR code. */
      qr: z.string(),
      bank_transfer: BankTransfer,
    }),
  }),
);

export const InsertCouponRequest = lazy(() =>
  z.object({ coupon_code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), cart_id: IdInput, customer_id: OptionalIdInput }),
);
export const InsertCouponResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({
      coupon_code: z.string(),
      type: z.enum(['percent', 'amount']),
      /** The discount on the current cart. */
      discount: Money,
      total: Money,
    }),
  }),
);

/** Removes the coupon from a cart (this project's call: the spec shows none; the answer is the cart without it). */
export const RemoveCouponRequest = lazy(() => z.object({ cart_id: IdInput, customer_id: OptionalIdInput }));
