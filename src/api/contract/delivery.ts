/** Delivery methods, postage, local pickup (spec §7). */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { IdInput, LocaleInput, Money, OptionalIdInput, Text } from './common.ts';

/** Spec §9: the default delivery id. */
export const DEFAULT_DELIVERY_ID = 77;

export const DeliveryMethod = lazy(() =>
  z.object({
    id: z.int(),
    code: z.string(),
    title: z.string(),
    position: z.int(),
    kind: z.enum(['parcel', 'express', 'freight', 'pickup']),
    /** Postage for the cart and country, when computable. */
    postage_amount: z.nullable(Money),
    postage_amount_taxed: z.nullable(Money),
  }),
);
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

export const ActiveDeliveryQuery = lazy(() => z.object({ country_id: OptionalIdInput }));
export const ActiveDeliveryResponse = lazy(() => z.object({ status_code: z.literal(200), data: z.array(DeliveryMethod) }));

export const PostageRequest = lazy(() =>
  z.object({
    country_id: IdInput,
    state_id: OptionalIdInput,
    cart_id: IdInput,
    locale: LocaleInput,
    delivery_module_id: OptionalIdInput,
  }),
);
export const PostageResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    postage_amount: Money,
    postage_amount_taxed: Money,
    delivery_module_id: z.int(),
    /** Total weight of the cart in kg. */
    weight: z.number(),
    free_shipping: z.boolean(),
  }),
);
export type PostageResponse = z.infer<typeof PostageResponse>;

export const LocalPickupOrderRequest = lazy(() => z.object({ order_id: IdInput }));
export const LocalPickupAddressOrderRequest = lazy(() => z.object({ order_id: IdInput, pickup_name: z.optional(Text(100)) }));

export const LocalPickupResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({
      available: z.boolean(),
      message: z.nullable(z.string()),
      name: z.string(),
      address1: z.string(),
      zipcode: z.string(),
      city: z.string(),
      country_id: z.int(),
      opening_hours: z.string(),
    }),
  }),
);
export const LocalPickupQuery = lazy(() => z.object({ country_id: OptionalIdInput }));
