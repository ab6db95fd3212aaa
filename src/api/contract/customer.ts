/**
 * Customers: login, registration (private, company, guest/express), token refresh, password
 * change and recovery, customer lookup. The spec does not show most of these bodies; the shapes
 * here are this project's definition (docs/api.md).
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { BoolInput, Email, IdInput, LocaleInput, OptionalIdInput, SafeText, Text } from './common.ts';
import { AddressInput } from './address.ts';

/** Title codes (spec §3): 1 Mr, 2 Miss, 5 Association, anything else Company. */
export const TITLE_CODES = { mr: 1, miss: 2, association: 5, company: 3 } as const;
export function titleLabel(code: number): 'Mr' | 'Miss' | 'Association' | 'Company' {
  return code === TITLE_CODES.mr ? 'Mr' : code === TITLE_CODES.miss ? 'Miss' : code === TITLE_CODES.association ? 'Association' : 'Company';
}

/** Names (spec §5): required, at least 2 characters. */
export const Name = lazy(() => SafeText().check(z.trim(), z.minLength(2, 'must be at least 2 characters'), z.maxLength(100)));
/** Password (spec §5): at least 4 characters. */
export const Password = lazy(() => z.string().check(z.minLength(4, 'Password must be at least 4 characters'), z.maxLength(200)));

/** Thelia's loop naming: upper-case keys. */
export const CustomerItem = lazy(() =>
  z.object({
    ID: z.int(),
    ADDRESS_ID: z.nullable(z.int()),
    EMAIL: z.string(),
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    REF: z.string(),
    COMPANY: z.nullable(z.string()),
    TITLE: z.int(),
    TITLE_LABEL: z.string(),
    IS_COMPANY: z.boolean(),
    EXCLUDE_VAT: z.boolean(),
    VAT_NUMBER: z.nullable(z.string()),
    EXPRESS: z.boolean(),
    IS_ADMIN: z.boolean(),
    ADDRESS_FIRSTNAME: z.nullable(z.string()),
    ADDRESS_LASTNAME: z.nullable(z.string()),
    ADDRESS1: z.nullable(z.string()),
    ADDRESS2: z.nullable(z.string()),
    ADDRESS3: z.nullable(z.string()),
    CITY: z.nullable(z.string()),
    COUNTRY_TITLE: z.nullable(z.string()),
    COUNTRY_ID: z.nullable(z.int()),
    STATE_TITLE: z.nullable(z.string()),
    STATE_ID: z.nullable(z.int()),
    CELLPHONE: z.nullable(z.string()),
    PHONE: z.nullable(z.string()),
    ZIPCODE: z.nullable(z.string()),
    ADDRESS_TITLE_ID: z.nullable(z.int()),
    /** Is the customer's own e-mail subscribed to the newsletter (only the customer sees it: decision 0009). */
    NEWSLETTER: z.boolean(),
  }),
);
export type CustomerItem = z.infer<typeof CustomerItem>;

export const Session = lazy(() =>
  z.object({
    token: z.string(),
    /** ISO date-time: 6 hours after issue (spec §9). */
    expiresAt: z.string(),
    customer_id: z.int(),
    address_id: z.nullable(z.int()),
    user_identifier: z.string(),
    customer: CustomerItem,
  }),
);
export const SessionResponse = lazy(() => z.object({ status_code: z.literal(200), data: Session }));
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LoginRequest = lazy(() => z.object({ email: Email, password: z.string().check(z.minLength(1), z.maxLength(200)) }));

/**
 * Whether a registration is a company's: kind company, or a guest (express checkout) buying as a
 * company, which it says by sending a VAT number. Either needs the company name and a VAT number
 * that passes the check; either may ask to buy without VAT (docs/decisions/0006).
 */
export const registersCompany = (r: { kind: 'private' | 'company' | 'guest'; vat_number?: string | undefined }): boolean =>
  r.kind === 'company' || (r.kind === 'guest' && r.vat_number !== undefined);

export const RegisterRequest = lazy(() =>
  z
    .object({
      /** private, company (with VAT number), or guest (express checkout: no password; a company with `company` and `vat_number`). */
      kind: z._default(z.enum(['private', 'company', 'guest']), 'private'),
      title: z._default(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.pipe(z.enum(['1', '2', '3', '5']), z.transform(Number))]), 1),
      firstname: Name,
      lastname: Name,
      email: Email,
      email_confirm: z.optional(Email),
      password: z.optional(Password),
      password_confirm: z.optional(z.string().check(z.maxLength(200))),
      /** The company's name (kind company, or a guest buying as a company). */
      company: z.optional(Text(255)),
      /** The company's VAT number (checked as `vat/check` does); a guest sending one registers as a company. */
      vat_number: z.optional(Text(20)),
      /** A company (also a guest company) may buy without VAT (reverse charge) once its VAT number is valid. */
      exclude_vat: z._default(z.optional(BoolInput), false),
      newsletter: z._default(z.optional(BoolInput), false),
      locale: LocaleInput,
      /** The first address; becomes the default one. */
      address: z.optional(AddressInput),
      /** A guest cart to attach to the new customer. */
      cart_id: OptionalIdInput,
    })
    .check(
      z.superRefine((r, ctx) => {
        if (r.email_confirm !== undefined && r.email_confirm !== r.email) ctx.addIssue({ code: 'custom', path: ['email_confirm'], message: 'Emails do not match' });
        if (r.kind !== 'guest') {
          if (!r.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password must be at least 4 characters' });
          else if (r.password_confirm !== undefined && r.password_confirm !== r.password)
            ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'Passwords do not match' });
        }
        if (registersCompany(r)) {
          if (!r.company || r.company.trim().length < 2) ctx.addIssue({ code: 'custom', path: ['company'], message: 'must be at least 2 characters' });
          if (!r.vat_number) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: 'Company VAT is not valid' });
        }
      }),
    ),
);
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RefreshTokenRequest = lazy(() => z.object({ customer_id: z.optional(IdInput), email: z.optional(Email) }));

export const ChangePasswordRequest = lazy(() =>
  z
    .object({ old_password: z.string().check(z.minLength(1), z.maxLength(200)), password: Password, password_confirm: z.string().check(z.maxLength(200)) })
    .check(z.refine((r) => r.password === r.password_confirm, { message: 'Passwords do not match', path: ['password_confirm'] })),
);

export const ForgotPasswordRequest = lazy(() => z.object({ email: Email, locale: LocaleInput }));
export const ResetPasswordRequest = lazy(() =>
  z
    .object({ token: z.string().check(z.minLength(10), z.maxLength(200)), password: Password, password_confirm: z.string().check(z.maxLength(200)) })
    .check(z.refine((r) => r.password === r.password_confirm, { message: 'Passwords do not match', path: ['password_confirm'] })),
);

export const CustomerLookupQuery = lazy(() => z.object({ email: Email }));
export const CustomerItemsResponse = lazy(() => z.object({ CustomerItems: z.array(CustomerItem) }));

export const UpdateCustomerRequest = lazy(() =>
  z.object({
    title: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)])),
    firstname: z.optional(Name),
    lastname: z.optional(Name),
    company: z.optional(Text(255)),
    /** Subscribe (true) or unsubscribe (false) the customer's own e-mail; absent: unchanged. */
    newsletter: z.optional(z.boolean()),
  }),
);

export const VatCheckRequest = lazy(() => z.object({ vat_number: z.string().check(z.trim(), z.maxLength(30)), country_id: OptionalIdInput }));
export const VatCheckResponse = lazy(() =>
  z.object({
    status_code: z.literal(200),
    data: z.object({
      /** valid, invalid (format or check digits wrong), or error (the check could not be made). */
      result: z.enum(['valid', 'invalid', 'error']),
      vat_number: z.string(),
      country_code: z.nullable(z.string()),
      /** offline: format and check digits; vies: confirmed by the EU service. */
      source: z.enum(['offline', 'vies']),
      message: z.string(),
    }),
  }),
);
export type VatCheckResponse = z.infer<typeof VatCheckResponse>;

export const NewsletterRequest = lazy(() =>
  z.object({
    email: Email,
    firstname: z.optional(Text(100)),
    lastname: z.optional(Text(100)),
    locale: LocaleInput,
  }),
);

/** Unsubscribe: the e-mail and the signature of the link in every newsletter mail
 *  (`/newsletter-unsubscribe?email=...&sig=...`). */
export const NewsletterUnsubscribeRequest = lazy(() =>
  z.object({
    email: Email,
    sig: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  }),
);
