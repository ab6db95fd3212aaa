/**
 * Shared building blocks of the shop API contract. Browser-safe: imports only zod.
 *
 * Request fields arrive either as JSON or form-encoded (Thelia's `thelia.cart_id`,
 * `thelia_cart_add[quantity]`), so numbers and booleans may come as text: the request schemas
 * accept both and yield plain numbers and booleans. Responses use plain JSON types.
 */
// First: no eval probe in the browser (the shops' CSP), before any schema below is made.
import './zod-csp.ts';
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';

/** Upper bound of every id and count we accept: keeps SQLite integers and JSON numbers exact. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** An integer given as a number or as decimal digits ("12"). */
export const IntInput = lazy(() =>
  z.union(
    [
      z.int().check(z.gte(-MAX_ID), z.lte(MAX_ID)),
      z.pipe(z.pipe(z.string().check(z.trim(), z.regex(/^-?\d{1,16}$/, 'must be a whole number')), z.transform(Number)), z.int().check(z.gte(-MAX_ID), z.lte(MAX_ID))),
    ],
    { error: 'must be a whole number' },
  ),
);
/** A positive id (spec §5: ids are numeric and > 0). */
export const IdInput = lazy(() => z.pipe(IntInput, z.int().check(z.positive('must be a positive id'))));
/** An id the client may send as 0/"0"/"null"/"" when it has none (Thelia's habit). */
export const OptionalIdInput = lazy(() =>
  z.pipe(
    z.optional(z.union([IntInput, z.literal('null'), z.literal(''), z.null()])),
    z.transform((v) => (typeof v === 'number' && v > 0 ? v : undefined)),
  ),
);
export const BoolInput = lazy(() =>
  z.union([
    z.boolean(),
    z.pipe(
      z.literal(1),
      z.transform(() => true),
    ),
    z.pipe(
      z.literal(0),
      z.transform(() => false),
    ),
    z.pipe(
      z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no', '']),
      z.transform((v) => v === 'true' || v === '1' || v === 'on' || v === 'yes'),
    ),
  ]),
);
/**
 * Control characters (C0 U+0000-U+001F, DEL U+007F, C1 U+0080-U+009F) are never stored: a
 * name or an address is printed on invoices, labels and mails, where they break the output (the
 * invoice PDF's font cannot encode them). One rule for every stored text field, in the browser's
 * forms and at the API. Single-line fields refuse them all; multi-line ones (a comment, an order
 * message) allow tab and line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule is about control characters
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule is about control characters
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const NO_CONTROL_CHARACTERS = 'must not contain control characters';
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS).test(text);
}
/** Text that may be stored: no control characters (see above). Add z.trim(), z.minLength(), z.maxLength() with .check() as needed. */
export const SafeText = (options: { multiline?: boolean } = {}) => z.string().check(z.refine((s) => !hasControlCharacters(s, options), NO_CONTROL_CHARACTERS));
/** Bounded free text: the API never stores more than this in one field, nor a control character. */
export const Text = (max = 255, options: { multiline?: boolean } = {}) => SafeText(options).check(z.maxLength(max, `must be at most ${max} characters`));
export const Email = lazy(() =>
  z.pipe(
    z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Invalid email address')),
    z.transform((e) => e.toLowerCase()),
  ),
);
export const Money = lazy(() => z.number().check(z.describe('an amount in the currency, 2 decimals')));
export const LocaleInput = lazy(() => z.optional(z.enum(['de_DE', 'de_AT', 'ro_RO', 'de', 'ro', 'en'])));

/** Every error answer: `status` and `message` carry the same human text (spec §8 wording). */
export const ErrorResponse = lazy(() =>
  z.object({
    status_code: z.int(),
    status: z.string(),
    message: z.string(),
    /** Field-level reasons for validation errors. */
    issues: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
  }),
);
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A plain success with a message (e.g. 'Order Local Pickup Updated'). */
export const MessageResponse = lazy(() => z.object({ status_code: z.literal(200), message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The error texts the server produces, spec §8 wording where the spec has one. */
export const ERRORS = {
  cartNotFound: 'Cart not found',
  addToCartFailed: 'Hinzufügen zum Einkaufswagen fehlgeschlagen',
  removedFromCart: 'Aus dem Einkaufswagen entfernt',
  cartItemNotFound: 'Cart item not found',
  notEnoughStock: 'Not enough stock',
  productNotFound: 'The requested product could not be found',
  undeliverable: 'This item cannot be delivered to the selected country',
  wrongLogin: 'Wrong login data',
  emailExists: 'Email address already exists',
  accountExists: 'There is already an account associated with this email',
  passwordsDontMatch: 'Passwords do not match',
  emailsDontMatch: 'Emails do not match',
  vatInvalid: 'Company VAT is not valid',
  vatError: 'An error occurred while verifying the Company VAT',
  vatCouldNotValidate: 'Could not validate VAT number',
  pleaseLoginAgain: 'Please login again',
  loginRequired: 'Login is required but could not be processed',
  forbidden: 'Access denied',
  refreshFailed: 'Failed to refresh token',
  missingRefreshData: 'Missing customer_id or email',
  registerFailed: 'Could not register your customer details',
  invalidData: 'Invalid data',
  deliveryOptionsFailed: 'Could not retrieve delivery options',
  orderFailed: 'Order failed',
  orderSubmitFailed: 'An unexpected error occurred while submitting your order',
  paymentInProgress: 'A payment for this cart is in progress',
  addressRequired: 'An address is required',
  paymentRetryWait: 'Please wait 2 minutes before retrying the payment',
  paymentMethodUnavailable: 'This payment method is not available for this cart',
  cancelFailed: 'Failed to cancel order',
  orderNotFound: 'Order not found',
  addAddressFailed: 'Failed to add address',
  updateAddressFailed: 'Failed to update address',
  deleteAddressFailed: 'Failed to delete address',
  addressNotFound: 'Address not found',
  countryNotFound: 'Country not found',
  noPickup: 'No pickup possible!',
  localPickupAddressFailed: 'Could not process local pickup address',
  localPickupUpdated: 'Order Local Pickup Updated',
  localPickupAddressUpdated: 'Order Local Pickup Address Updated',
  couponNotFound: 'Error fetching coupon',
  couponExpired: 'This coupon has expired',
  couponMinimum: 'The order amount is below the minimum for this coupon',
  couponUsed: 'This coupon has already been used',
  commentFailed: 'Error saving comment',
  commentNotAllowed: 'You can only review products you have bought',
  newsletterNotFound: 'Email address not found',
  newsletterAlreadyUnsubscribed: 'Email address already unsubscribed',
  newsletterAlreadySubscribed: 'Email address already subscribed',
  /** Unsubscribe without the signed link of a newsletter mail (or with a wrong one). */
  newsletterLinkInvalid: 'This unsubscribe link is invalid. Please use the link in our newsletter mail.',
  invalidResetToken: 'This password reset link is invalid or has expired',
  amazonPay: 'Amazon Pay problem',
  invalidJson: 'Invalid JSON body',
  bodyTooLarge: 'Request body too large',
  notFound: 'Not found',
  unknown: 'Unknown error',
  tooManyRequests: 'Too many requests',
  // operator API
  operatorRequired: 'A valid operator token is required',
  orderKeyInvalid: 'Order must be an order id or reference (ORD000000012)',
  orderClosed: 'The order is canceled or its payment failed',
  orderNotPaidYet: 'The order is not paid yet',
  orderAlreadyPaid: 'The order is already paid',
  orderAlreadyShipped: 'The order has already been shipped',
  notBankTransfer: 'Only bank transfer (Vorkasse) orders can be marked paid',
  amountMismatch: 'The amount does not match the order total',
  amountInvalid: 'Amount must be a non-negative number with at most 2 decimals',
  pickupNoTracking: 'A local pickup order has no tracking number',
  trackingRequired: 'Tracking number is required',
  trackingInvalid: 'Tracking number must be 4-40 letters, digits or hyphens',
  commentNotFound: 'Comment not found',
  commentNotPending: 'Only a pending comment can be approved or rejected',
  /** Login throttling; N is filled in by tooManyLoginsMessage(). */
  tooManyLogins: 'Too many login attempts. Please try again in N minutes.',
} as const;

/** 'Too many login attempts. Please try again in 15 minutes.' (1 minute: singular). */
export function tooManyLoginsMessage(minutes: number): string {
  return ERRORS.tooManyLogins.replace('N minutes', minutes === 1 ? '1 minute' : `${minutes} minutes`);
}
