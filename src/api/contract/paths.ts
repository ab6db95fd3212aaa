/**
 * Every shop API endpoint in one table: method, path (Hono/OpenAPI style, `:param`), who may
 * call it, and its request/response schemas. The server registers its routes from this table's
 * keys, the OpenAPI document at /api/doc is generated from it, and the browser client builds its
 * calls from it, so the contract cannot drift. Browser-safe.
 */
import type * as z from 'zod/mini';
import { ERRORS, ErrorResponse, MessageResponse } from './common.ts';
import * as cart from './cart.ts';
import * as customer from './customer.ts';
import * as address from './address.ts';
import * as delivery from './delivery.ts';
import * as payment from './payment.ts';
import * as order from './order.ts';
import * as operator from './operator.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** none: anyone; customer: a valid bearer token (the route checks ownership); cart: anyone, but a
 *  cart that belongs to a customer needs that customer's token; operator: the operator bearer
 *  token (API_OPERATOR_TOKEN), for the back-office actions under /api/operator. */
export type Auth = 'none' | 'customer' | 'cart' | 'operator';

export interface Endpoint {
  method: Method;
  path: string;
  auth: Auth;
  summary: string;
  /** Body (JSON or form-encoded). */
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** The 200 answer; `null` when the answer is not JSON (PDF, HTML, redirect). */
  response: z.ZodMiniType | null;
  /** Content type of a non-JSON answer. */
  produces?: string;
  /** Error texts this endpoint may answer with. */
  errors?: readonly string[];
}

const payEndpoint = (code: payment.PaymentCode): Endpoint => ({
  method: 'POST',
  path: payment.PAY_PATHS[code],
  auth: 'customer',
  summary: `Place the order for a cart and pay with ${code}`,
  body: payment.PayRequest,
  response: payment.PayResponse,
  errors: [ERRORS.cartNotFound, ERRORS.notEnoughStock, ERRORS.paymentRetryWait, ERRORS.paymentMethodUnavailable, ERRORS.orderFailed, ERRORS.forbidden],
});

export const ENDPOINTS = {
  // --- cart
  cartAdd: {
    method: 'POST',
    path: '/api/cart/add',
    auth: 'cart',
    summary: 'Add a variant to a cart (creates the cart when no id is given)',
    body: cart.CartAddRequest,
    response: cart.CartAddResponse,
    errors: [ERRORS.cartNotFound, ERRORS.notEnoughStock, ERRORS.productNotFound, ERRORS.addToCartFailed],
  },
  cartGet: {
    method: 'POST',
    path: '/api/cart/get',
    auth: 'cart',
    summary: 'Get a cart with server-computed prices',
    body: cart.CartGetRequest,
    response: cart.CartResponse,
    errors: [ERRORS.cartNotFound],
  },
  cartUpdate: {
    method: 'POST',
    path: '/api/cart/update',
    auth: 'cart',
    summary: 'Set the quantity of a cart line (0 or less removes it)',
    body: cart.CartUpdateRequest,
    response: cart.CartResponse,
    errors: [ERRORS.cartNotFound, ERRORS.cartItemNotFound, ERRORS.notEnoughStock],
  },
  cartDelete: {
    method: 'POST',
    path: '/api/cart/delete',
    auth: 'cart',
    summary: 'Remove one line from a cart',
    body: cart.CartDeleteRequest,
    response: cart.CartResponse,
    errors: [ERRORS.cartNotFound, ERRORS.cartItemNotFound],
  },
  cartClear: {
    method: 'POST',
    path: '/api/cart/clear',
    auth: 'cart',
    summary: 'Remove every line of a cart',
    body: cart.CartClearRequest,
    response: cart.CartClearResponse,
    errors: [ERRORS.cartNotFound],
  },
  cartAssign: {
    method: 'POST',
    path: '/api/cart/assignCustomer',
    auth: 'customer',
    summary: "Attach a cart to the logged-in customer (the e-mail must be the token's)",
    body: cart.CartAssignRequest,
    response: cart.CartResponse,
    errors: [ERRORS.cartNotFound, ERRORS.forbidden],
  },

  // --- customers
  login: {
    method: 'POST',
    path: '/api/login',
    auth: 'none',
    summary: 'Log in; returns a 6-hour token',
    body: customer.LoginRequest,
    response: customer.SessionResponse,
    errors: [ERRORS.wrongLogin, ERRORS.tooManyLogins],
  },
  register: {
    method: 'POST',
    path: '/api/register',
    auth: 'none',
    summary: 'Register a private, company or guest (express) customer; returns a token',
    body: customer.RegisterRequest,
    response: customer.SessionResponse,
    errors: [ERRORS.emailExists, ERRORS.accountExists, ERRORS.vatInvalid, ERRORS.vatError, ERRORS.registerFailed],
  },
  refreshToken: {
    method: 'POST',
    path: '/api/refreshToken',
    auth: 'customer',
    summary: 'Exchange a valid token (Authorization header) for a new 6-hour one',
    body: customer.RefreshTokenRequest,
    response: customer.SessionResponse,
    errors: [ERRORS.missingRefreshData, ERRORS.refreshFailed, ERRORS.pleaseLoginAgain],
  },
  changePassword: {
    method: 'POST',
    path: '/api/changePassword',
    auth: 'customer',
    summary: 'Change the password of the logged-in customer',
    body: customer.ChangePasswordRequest,
    response: MessageResponse,
    errors: [ERRORS.wrongLogin, ERRORS.passwordsDontMatch],
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgotPassword',
    auth: 'none',
    summary: 'Send a password reset link by mail (always answers 200)',
    body: customer.ForgotPasswordRequest,
    response: MessageResponse,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/resetPassword',
    auth: 'none',
    summary: 'Set a new password with the token from the reset mail',
    body: customer.ResetPasswordRequest,
    response: MessageResponse,
    errors: [ERRORS.invalidResetToken],
  },
  customerLookup: {
    method: 'GET',
    path: '/api/ExternalOrderApi/customer/',
    auth: 'customer',
    summary: "The logged-in customer's record by e-mail (CustomerItems[0])",
    query: customer.CustomerLookupQuery,
    response: customer.CustomerItemsResponse,
    errors: [ERRORS.forbidden],
  },
  customerUpdate: {
    method: 'PUT',
    path: '/api/customer',
    auth: 'customer',
    summary: 'Change the personal data of the logged-in customer',
    body: customer.UpdateCustomerRequest,
    response: customer.CustomerItemsResponse,
  },
  vatCheck: {
    method: 'POST',
    path: '/api/vat/check',
    auth: 'none',
    summary: 'Check a company VAT number: valid, invalid or error',
    body: customer.VatCheckRequest,
    response: customer.VatCheckResponse,
  },
  newsletterSubscribe: {
    method: 'POST',
    path: '/api/newsletter',
    auth: 'none',
    summary: 'Subscribe an e-mail to the newsletter (same answer whether or not it is on the list; the mail carries the unsubscribe link)',
    body: customer.NewsletterRequest,
    response: MessageResponse,
  },
  newsletterUnsubscribe: {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    auth: 'none',
    summary: 'Unsubscribe an e-mail with the signed link of a newsletter mail',
    body: customer.NewsletterUnsubscribeRequest,
    response: MessageResponse,
    errors: [ERRORS.newsletterLinkInvalid, ERRORS.newsletterNotFound, ERRORS.newsletterAlreadyUnsubscribed],
  },

  // --- addresses
  addressList: {
    method: 'GET',
    path: '/api/ExternalOrderApi/address/',
    auth: 'customer',
    summary: "A customer's addresses (limit 100)",
    query: address.AddressListQuery,
    response: address.AddressListResponse,
    errors: [ERRORS.forbidden],
  },
  addressCreate: {
    method: 'POST',
    path: '/api/ExternalOrderApi/address',
    auth: 'customer',
    summary: 'Add an address',
    body: address.AddressCreateRequest,
    response: address.AddressResponse,
    errors: [ERRORS.addAddressFailed],
  },
  addressUpdate: {
    method: 'PUT',
    path: '/api/ExternalOrderApi/address/:id',
    auth: 'customer',
    summary: 'Edit an address',
    body: address.AddressInput,
    response: address.AddressResponse,
    errors: [ERRORS.updateAddressFailed, ERRORS.addressNotFound],
  },
  addressDelete: {
    method: 'DELETE',
    path: '/api/:customerId/addresses/:addressId',
    auth: 'customer',
    summary: 'Delete an address (not the default one)',
    response: MessageResponse,
    errors: [ERRORS.deleteAddressFailed, ERRORS.addressNotFound],
  },
  addressSetDefault: {
    method: 'PATCH',
    path: '/api/address/:id/set-default',
    auth: 'customer',
    summary: 'Make an address the default one',
    response: address.AddressResponse,
    errors: [ERRORS.addressNotFound],
  },
  states: {
    method: 'GET',
    path: '/api/ExternalOrderApi/county/:countryId',
    auth: 'none',
    summary: 'States (counties) of a country',
    response: address.StatesResponse,
    errors: [ERRORS.countryNotFound],
  },

  // --- delivery
  activeDelivery: {
    method: 'GET',
    path: '/api/ExternalOrderApi/getActiveDelivery/:cartId',
    auth: 'cart',
    summary: 'Delivery methods for a cart, by position, with postage',
    query: delivery.ActiveDeliveryQuery,
    response: delivery.ActiveDeliveryResponse,
    errors: [ERRORS.cartNotFound],
  },
  postage: {
    method: 'POST',
    path: '/api/customdelivery/postage',
    auth: 'cart',
    summary: 'Postage for a cart, country and delivery method',
    body: delivery.PostageRequest,
    response: delivery.PostageResponse,
    errors: [ERRORS.invalidData],
  },
  localPickup: {
    method: 'GET',
    path: '/api/local_pickup/',
    auth: 'none',
    summary: 'The pickup location and whether pickup is possible for a country',
    query: delivery.LocalPickupQuery,
    response: delivery.LocalPickupResponse,
  },
  localPickupOrder: {
    method: 'POST',
    path: '/api/localpickup/order',
    auth: 'customer',
    summary: 'Switch an unpaid order to local pickup',
    body: delivery.LocalPickupOrderRequest,
    response: MessageResponse,
    errors: [ERRORS.noPickup, ERRORS.orderNotFound],
  },
  localPickupAddressOrder: {
    method: 'POST',
    path: '/api/localPickupAddress/order',
    auth: 'customer',
    summary: "Set the pickup location as an order's delivery address",
    body: delivery.LocalPickupAddressOrderRequest,
    response: MessageResponse,
    errors: [ERRORS.localPickupAddressFailed, ERRORS.noPickup],
  },

  // --- payment
  activePayment: {
    method: 'GET',
    path: '/api/ExternalOrderApi/getActivePaymentMethods/:cartId',
    auth: 'cart',
    summary: 'Payment methods available for a cart',
    response: payment.ActivePaymentMethodsResponse,
    errors: [ERRORS.cartNotFound],
  },
  insertCoupon: {
    method: 'POST',
    path: '/api/ExternalOrderApi/insertCoupon/',
    auth: 'cart',
    summary: 'Apply a coupon to a cart',
    body: payment.InsertCouponRequest,
    response: payment.InsertCouponResponse,
    errors: [ERRORS.couponNotFound, ERRORS.couponExpired, ERRORS.couponMinimum, ERRORS.couponUsed, ERRORS.cartNotFound],
  },
  removeCoupon: {
    method: 'POST',
    path: '/api/ExternalOrderApi/removeCoupon/',
    auth: 'cart',
    summary: 'Remove the coupon from a cart; answers the cart',
    body: payment.RemoveCouponRequest,
    response: cart.CartResponse,
    errors: [ERRORS.cartNotFound],
  },
  payPaypal: payEndpoint('PayPal'),
  payGlobalPayments: payEndpoint('GlobalPayments'),
  paySofort: payEndpoint('Sofort'),
  payStripe: payEndpoint('StripePayment'),
  payNachnahme: payEndpoint('Nachnahme'),
  payVorkasse: payEndpoint('Vorkasse'),
  payKlarna: payEndpoint('Klarna'),
  amazonPay: {
    method: 'POST',
    path: '/api/amazon/pay',
    auth: 'customer',
    summary: 'Amazon Pay (not available here: always refused)',
    body: payment.AmazonPayRequest,
    response: payment.PayResponse,
    errors: [ERRORS.amazonPay],
  },
  paypalAccept: {
    method: 'POST',
    path: '/api/paypal/accept',
    auth: 'none',
    summary: 'Confirm a PayPal approval (token of the local payment page)',
    body: payment.PaypalAcceptRequest,
    response: MessageResponse,
    errors: [ERRORS.orderNotFound],
  },
  paypalCancel: {
    method: 'POST',
    path: '/api/paypal/cancel',
    auth: 'none',
    summary: 'Cancel a PayPal payment (order closed as payment error, cart kept)',
    body: payment.PaypalCancelRequest,
    response: MessageResponse,
    errors: [ERRORS.orderNotFound],
  },
  localPaymentPage: {
    method: 'GET',
    path: '/api/payment/local/:token',
    auth: 'none',
    summary: "The server's local payment page standing in for a provider",
    response: null,
    produces: 'text/html',
  },
  localPaymentDecision: {
    method: 'POST',
    path: '/api/payment/local/:token/:decision',
    auth: 'none',
    summary: 'approve, decline or cancel; 303 to /order-placed or /order-failed?cart_id=',
    response: null,
    produces: 'redirect',
  },
  qrCode: {
    method: 'POST',
    path: '/api/ExternalOrderApi/getQrCode',
    auth: 'customer',
    summary: 'EPC (GiroCode) QR code of a bank transfer order',
    body: payment.QrCodeRequest,
    response: payment.QrCodeResponse,
    errors: [ERRORS.orderNotFound],
  },

  // --- orders
  orderList: {
    method: 'GET',
    path: '/api/ExternalOrderApi/order/',
    auth: 'customer',
    summary: "A customer's orders (limit 999)",
    query: order.OrderListQuery,
    response: order.OrderItemsResponse,
    errors: [ERRORS.forbidden],
  },
  orderDetail: {
    method: 'GET',
    path: '/api/ExternalOrderApi/order/:id',
    auth: 'customer',
    summary: 'One order (OrderItems[0])',
    query: order.OrderDetailQuery,
    response: order.OrderItemsResponse,
    errors: [ERRORS.orderNotFound],
  },
  orderProducts: {
    method: 'GET',
    path: '/api/ExternalOrderApi/order_product/',
    auth: 'customer',
    summary: 'The products of an order',
    query: order.OrderProductQuery,
    response: order.OrderProductItemsResponse,
    errors: [ERRORS.orderNotFound],
  },
  orderInvoice: {
    method: 'GET',
    path: '/api/ExternalOrderApi/order/:id/invoice',
    auth: 'customer',
    summary: 'Invoice PDF of an order',
    response: null,
    produces: 'application/pdf',
    errors: [ERRORS.orderNotFound],
  },
  orderCancel: {
    method: 'POST',
    path: '/api/order/cancel',
    auth: 'customer',
    summary: 'Cancel an order that has not been sent',
    body: order.OrderCancelRequest,
    response: MessageResponse,
    errors: [ERRORS.cancelFailed, ERRORS.orderNotFound],
  },
  guestInvoice: {
    method: 'GET',
    path: '/api/guest/invoice/:ref/:hash',
    auth: 'none',
    summary: 'Order detail for a guest link (ref + HMAC hash)',
    response: order.GuestInvoiceResponse,
    errors: [ERRORS.orderNotFound],
  },
  guestInvoicePdf: {
    method: 'GET',
    path: '/api/guest/invoice/:ref/:hash/pdf',
    auth: 'none',
    summary: 'Invoice PDF for a guest link',
    response: null,
    produces: 'application/pdf',
    errors: [ERRORS.orderNotFound],
  },

  // --- comments
  comments: { method: 'GET', path: '/api/comments/:productId', auth: 'none', summary: 'Approved review comments of a product', response: order.CommentsResponse },
  commentRights: {
    method: 'GET',
    path: '/api/comments/rights/:pse/:customer',
    auth: 'customer',
    summary: 'May this customer review this variant (bought it, not yet reviewed)?',
    response: order.CommentRightsResponse,
    errors: [ERRORS.forbidden],
  },
  commentCreate: {
    method: 'POST',
    path: '/api/comments',
    auth: 'customer',
    summary: 'Send a review comment; stored as pending review',
    body: order.CommentRequest,
    response: order.CommentCreatedResponse,
    errors: [ERRORS.commentFailed, ERRORS.commentNotAllowed],
  },

  // --- live catalog data
  pse: {
    method: 'GET',
    path: '/api/get_pse/:pseId',
    auth: 'none',
    summary: 'Current price and stock of a variant',
    query: order.PseQuery,
    response: order.PseResponse,
    errors: [ERRORS.productNotFound],
  },
  fulfilmentStock: {
    method: 'GET',
    path: '/api/fulfilment_center_stock/:pseId',
    auth: 'none',
    summary: 'Stock per fulfilment centre of a variant',
    response: order.FulfilmentStockResponse,
    errors: [ERRORS.productNotFound],
  },
  fulfilmentSearch: {
    method: 'GET',
    path: '/api/fulfilment_center/',
    auth: 'none',
    summary: 'Fulfilment centres holding a variant (search_pse)',
    query: order.FulfilmentSearchQuery,
    response: order.FulfilmentStockResponse,
    errors: [ERRORS.productNotFound],
  },
  features: {
    method: 'GET',
    path: '/api/ExternalOrderApi/features/product/:productId/:langCode',
    auth: 'none',
    summary: 'Features of a product in a language (de, ro, or a locale such as de_AT)',
    response: order.FeaturesResponse,
    errors: [ERRORS.productNotFound],
  },
  product: {
    method: 'GET',
    path: '/api/products/:id',
    auth: 'none',
    summary: 'A product with the live price and stock of its variants',
    query: order.PseQuery,
    response: order.ProductResponse,
    errors: [ERRORS.productNotFound],
  },

  // --- operator (back office): bearer API_OPERATOR_TOKEN; :order is an order id or its reference (ORD000000012)
  operatorOrder: {
    method: 'GET',
    path: '/api/operator/orders/:order',
    auth: 'operator',
    summary: 'Operator: one order with its products, paid and shipped times',
    response: operator.OperatorOrderResponse,
    errors: [ERRORS.operatorRequired, ERRORS.orderNotFound, ERRORS.orderKeyInvalid],
  },
  operatorOrderTracking: {
    method: 'PUT',
    path: '/api/operator/orders/:order/tracking',
    auth: 'operator',
    summary: "Operator: set an order's tracking number (shown in the customer's order list, detail and guest invoice)",
    body: operator.OrderTrackingRequest,
    response: operator.OperatorOrderResponse,
    errors: [
      ERRORS.operatorRequired,
      ERRORS.orderNotFound,
      ERRORS.orderKeyInvalid,
      ERRORS.trackingRequired,
      ERRORS.trackingInvalid,
      ERRORS.orderClosed,
      ERRORS.orderNotPaidYet,
      ERRORS.pickupNoTracking,
    ],
  },
  operatorOrderPaid: {
    method: 'POST',
    path: '/api/operator/orders/:order/paid',
    auth: 'operator',
    summary: 'Operator: mark a bank transfer (Vorkasse) order paid',
    body: operator.OrderPaidRequest,
    response: operator.OperatorOrderResponse,
    errors: [
      ERRORS.operatorRequired,
      ERRORS.orderNotFound,
      ERRORS.orderKeyInvalid,
      ERRORS.notBankTransfer,
      ERRORS.orderAlreadyPaid,
      ERRORS.orderClosed,
      ERRORS.amountInvalid,
      ERRORS.amountMismatch,
    ],
  },
  operatorOrderShipped: {
    method: 'POST',
    path: '/api/operator/orders/:order/shipped',
    auth: 'operator',
    summary: 'Operator: mark an order shipped (status sent; optional tracking number); mails the customer',
    body: operator.OrderShippedRequest,
    response: operator.OperatorOrderResponse,
    errors: [
      ERRORS.operatorRequired,
      ERRORS.orderNotFound,
      ERRORS.orderKeyInvalid,
      ERRORS.orderAlreadyShipped,
      ERRORS.orderNotPaidYet,
      ERRORS.orderClosed,
      ERRORS.trackingInvalid,
      ERRORS.pickupNoTracking,
    ],
  },
  operatorComments: {
    method: 'GET',
    path: '/api/operator/comments',
    auth: 'operator',
    summary: 'Operator: review comments by status (default pending), newest first',
    query: operator.OperatorCommentsQuery,
    response: operator.OperatorCommentsResponse,
    errors: [ERRORS.operatorRequired],
  },
  operatorCommentApprove: {
    method: 'POST',
    path: '/api/operator/comments/:id/approve',
    auth: 'operator',
    summary: 'Operator: approve a pending review comment (then listed by GET /api/comments/{productId})',
    response: operator.OperatorCommentResponse,
    errors: [ERRORS.operatorRequired, ERRORS.commentNotFound, ERRORS.commentNotPending],
  },
  operatorCommentReject: {
    method: 'POST',
    path: '/api/operator/comments/:id/reject',
    auth: 'operator',
    summary: 'Operator: reject a pending review comment (never listed)',
    response: operator.OperatorCommentResponse,
    errors: [ERRORS.operatorRequired, ERRORS.commentNotFound, ERRORS.commentNotPending],
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointKey = keyof typeof ENDPOINTS;

/** The pay call of each payment method (spec §7): the server registers them, the checkout calls them. */
export const PAY_ENDPOINTS: Record<payment.PaymentCode, EndpointKey> = {
  PayPal: 'payPaypal',
  GlobalPayments: 'payGlobalPayments',
  Sofort: 'paySofort',
  StripePayment: 'payStripe',
  Nachnahme: 'payNachnahme',
  Vorkasse: 'payVorkasse',
  Klarna: 'payKlarna',
};

/** Fills `:param` placeholders: pathFor('orderDetail', { id: 12 }) -> /api/ExternalOrderApi/order/12 */
export function pathFor(key: EndpointKey, params: Record<string, string | number> = {}): string {
  return ENDPOINTS[key].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${key}`);
    return encodeURIComponent(String(value));
  });
}

export { ErrorResponse };
