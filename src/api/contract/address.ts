/** Addresses (spec §5 rules), states per country. */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { BoolInput, IdInput, OptionalIdInput, SafeText, Text } from './common.ts';

const Required = (max: number) => SafeText().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max));

/**
 * The address fields. Rules (spec §5): postcode, phone, street name (address1), street number
 * (address2), city, state (when the country has states), country and label are required; names
 * at least 2 characters; phone 3-20 digits, spaces or plus and valid for the country; postcode
 * with the country's digit count. Country-specific checks run on the server.
 */
export const AddressInput = lazy(() =>
  z.object({
    label: Required(100),
    title: z._default(z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.pipe(z.enum(['1', '2', '3', '5']), z.transform(Number))])), 1),
    firstname: SafeText().check(z.trim(), z.minLength(2, 'must be at least 2 characters'), z.maxLength(100)),
    lastname: SafeText().check(z.trim(), z.minLength(2, 'must be at least 2 characters'), z.maxLength(100)),
    company: z.optional(Text(255)),
    /** Street name. */
    address1: Required(255),
    /** Street number. */
    address2: Required(50),
    address3: z.optional(Text(255)),
    zipcode: Required(20),
    city: Required(100),
    country_id: IdInput,
    state_id: OptionalIdInput,
    phone: Required(30),
    cellphone: z.optional(Text(30)),
    is_default: z.optional(BoolInput),
  }),
);
export type AddressInput = z.input<typeof AddressInput>;

export const AddressCreateRequest = lazy(() => z.extend(AddressInput, { customer_id: z.optional(IdInput) }));

/** The postal part of every address the API answers with (address book and orders). */
export const PostalAddress = lazy(() =>
  z.object({
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    COMPANY: z.nullable(z.string()),
    ADDRESS1: z.string(),
    ADDRESS2: z.string(),
    ADDRESS3: z.nullable(z.string()),
    ZIPCODE: z.string(),
    CITY: z.string(),
    COUNTRY_ID: z.int(),
    COUNTRY_TITLE: z.string(),
    PHONE: z.string(),
  }),
);

export const AddressItem = lazy(() =>
  z.object({
    ID: z.int(),
    CUSTOMER_ID: z.int(),
    LABEL: z.string(),
    TITLE: z.int(),
    ...PostalAddress.shape,
    STATE_ID: z.nullable(z.int()),
    STATE_TITLE: z.nullable(z.string()),
    CELLPHONE: z.nullable(z.string()),
    IS_DEFAULT: z.boolean(),
  }),
);
export type AddressItem = z.infer<typeof AddressItem>;

export const AddressListQuery = lazy(() =>
  z.object({
    customer_id: IdInput,
    limit: z._default(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))), 100),
  }),
);
export const AddressListResponse = lazy(() => z.object({ AddressItems: z.array(AddressItem) }));
export const AddressResponse = lazy(() => z.object({ status_code: z.literal(200), data: AddressItem }));

export const StateItem = lazy(() => z.object({ id: z.int(), title: z.string(), isocode: z.string() }));
export const StatesResponse = lazy(() => z.object({ status_code: z.literal(200), data: z.array(StateItem) }));
