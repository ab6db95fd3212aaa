/** Addresses (spec §5 rules), states per country. */
import { z } from 'zod';
import { BoolInput, IdInput, OptionalIdInput, SafeText, Text } from './common.ts';

const Required = (max: number) => SafeText().trim().min(1, 'is required').max(max);

/**
 * The address fields. Rules (spec §5): postcode, phone, street name (address1), street number
 * (address2), city, state (when the country has states), country and label are required; names
 * at least 2 characters; phone 3-20 digits, spaces or plus and valid for the country; postcode
 * with the country's digit count. Country-specific checks run on the server.
 */
export const AddressInput = z.object({
  label: Required(100),
  title: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.enum(['1', '2', '3', '5']).transform(Number)])
    .optional()
    .default(1),
  firstname: SafeText().trim().min(2, 'must be at least 2 characters').max(100),
  lastname: SafeText().trim().min(2, 'must be at least 2 characters').max(100),
  company: Text(255).optional(),
  /** Street name. */
  address1: Required(255),
  /** Street number. */
  address2: Required(50),
  address3: Text(255).optional(),
  zipcode: Required(20),
  city: Required(100),
  country_id: IdInput,
  state_id: OptionalIdInput,
  phone: Required(30),
  cellphone: Text(30).optional(),
  is_default: BoolInput.optional(),
});
export type AddressInput = z.input<typeof AddressInput>;

export const AddressCreateRequest = AddressInput.extend({ customer_id: IdInput.optional() });

/** The postal part of every address the API answers with (address book and orders). */
export const PostalAddress = z.object({
  FIRSTNAME: z.string(),
  LASTNAME: z.string(),
  COMPANY: z.string().nullable(),
  ADDRESS1: z.string(),
  ADDRESS2: z.string(),
  ADDRESS3: z.string().nullable(),
  ZIPCODE: z.string(),
  CITY: z.string(),
  COUNTRY_ID: z.number().int(),
  COUNTRY_TITLE: z.string(),
  PHONE: z.string(),
});

export const AddressItem = z.object({
  ID: z.number().int(),
  CUSTOMER_ID: z.number().int(),
  LABEL: z.string(),
  TITLE: z.number().int(),
  ...PostalAddress.shape,
  STATE_ID: z.number().int().nullable(),
  STATE_TITLE: z.string().nullable(),
  CELLPHONE: z.string().nullable(),
  IS_DEFAULT: z.boolean(),
});
export type AddressItem = z.infer<typeof AddressItem>;

export const AddressListQuery = z.object({
  customer_id: IdInput,
  limit: z.coerce.number().int().min(1).max(100).optional().default(100),
});
export const AddressListResponse = z.object({ AddressItems: z.array(AddressItem) });
export const AddressResponse = z.object({ status_code: z.literal(200), data: AddressItem });

export const StateItem = z.object({ id: z.number().int(), title: z.string(), isocode: z.string() });
export const StatesResponse = z.object({ status_code: z.literal(200), data: z.array(StateItem) });
