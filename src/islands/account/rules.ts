/**
 * Pure rules of the account forms (spec §5, §8), shared by the login/register page, the account
 * page and the checkout: field checks, the VAT check's outcomes, and the shopper's words for the
 * server's error texts. No zod and no API client here (unit-tested in tests/unit/account/).
 */
import { ERRORS } from '../../api/contract/common.ts';
import type { AddressProblem } from '../../api/contract/address-rules.ts';
import { m } from '../../i18n/generated/messages.js';
import { normalizeVat, vatNumberIssue } from '../../catalog/vat-exclusion.ts';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 4;
export const MIN_NAME = 2;

export type Problems<F extends string = string> = Partial<Record<F, string>>;

const s = (v: FormDataEntryValue | string | null | undefined) => (typeof v === 'string' ? v : '');

export function nameProblem(v: string): string | undefined {
  const t = v.trim();
  if (!t) return m.account_required();
  if (t.length < MIN_NAME) return m.account_minLength();
  return undefined;
}

export function emailProblem(v: string): string | undefined {
  const t = v.trim();
  if (!t) return m.account_required();
  return EMAIL_RE.test(t) ? undefined : m.account_emailInvalid();
}

/** A new password and its repetition (spec §5: at least 4, both the same). */
export function newPasswordProblems(password: string, confirm: string): Problems<'password' | 'password_confirm'> {
  const out: Problems<'password' | 'password_confirm'> = {};
  if (!password) out.password = m.account_required();
  else if (password.length < MIN_PASSWORD) out.password = m.account_passwordShort();
  if (!out.password && password !== confirm) out.password_confirm = m.account_passwordsMismatch();
  return out;
}

export type RegisterField = 'title' | 'firstname' | 'lastname' | 'email' | 'email_confirm' | 'password' | 'password_confirm' | 'company' | 'vat_number';
export const REGISTER_FIELDS: readonly RegisterField[] = ['title', 'firstname', 'lastname', 'company', 'vat_number', 'email', 'email_confirm', 'password', 'password_confirm'];

export interface RegisterValues {
  kind: 'private' | 'company';
  title: string;
  firstname: string;
  lastname: string;
  email: string;
  email_confirm: string;
  password: string;
  password_confirm: string;
  company: string;
  vat_number: string;
}

export function registerValues(data: FormData): RegisterValues {
  return {
    kind: s(data.get('kind')) === 'company' ? 'company' : 'private',
    title: s(data.get('title')),
    firstname: s(data.get('firstname')),
    lastname: s(data.get('lastname')),
    email: s(data.get('email')),
    email_confirm: s(data.get('email_confirm')),
    password: s(data.get('password')),
    password_confirm: s(data.get('password_confirm')),
    company: s(data.get('company')),
    vat_number: s(data.get('vat_number')),
  };
}

/** Spec §5 registration rules: names >= 2, e-mail twice (same), password twice (>= 4, same), company name and VAT number. */
export function registerProblems(v: RegisterValues, vatMinLength: number): Problems<RegisterField> {
  const out: Problems<RegisterField> = {};
  if (!['1', '2', '3', '5'].includes(v.title)) out.title = m.account_required();
  const first = nameProblem(v.firstname);
  if (first) out.firstname = first;
  const last = nameProblem(v.lastname);
  if (last) out.lastname = last;
  const email = emailProblem(v.email);
  if (email) out.email = email;
  else if (v.email.trim().toLowerCase() !== v.email_confirm.trim().toLowerCase()) out.email_confirm = m.account_emailsMismatch();
  Object.assign(out, newPasswordProblems(v.password, v.password_confirm));
  if (v.kind === 'company') {
    const company = nameProblem(v.company);
    if (company) out.company = company;
    const vat = vatNumberProblem(v.vat_number, vatMinLength);
    if (vat) out.vat_number = vat;
  }
  return out;
}

/** A VAT number as checked (one rule with the API's: src/catalog/vat-exclusion.ts). */
export { normalizeVat };

/** The shopper's words for a VAT number that cannot be checked yet (none, or shorter than vat_min_length). */
export function vatNumberProblem(raw: string, vatMinLength: number): string | undefined {
  const issue = vatNumberIssue(raw, vatMinLength);
  return issue === 'required' ? m.account_required() : issue === 'tooShort' ? m.account_vatInvalid() : undefined;
}

/** The shopper's words when a check did not say valid: its outcome's text, or 'Could not validate VAT number' when no answer came (null). */
export function vatProblem(outcome: VatOutcome | null): string | undefined {
  if (outcome === 'valid') return undefined;
  return outcome === null ? m.account_vatNotValidated() : vatOutcomeText(outcome);
}

export type VatOutcome = 'valid' | 'invalid' | 'error';

/** The spec §8 text of a VAT check outcome. */
export function vatOutcomeText(outcome: VatOutcome): string {
  return outcome === 'valid' ? m.account_vatValid() : outcome === 'invalid' ? m.account_vatInvalid() : m.account_vatError();
}

/** Buying without VAT (reverse charge) is offered to a company once its VAT number checked valid. */
export const mayExcludeVat = (kind: 'private' | 'company', outcome: VatOutcome | null) => kind === 'company' && outcome === 'valid';

/** The shopper's words for an address rule's problem. */
export function addressProblemText(problem: AddressProblem, zipFormat: string | null = null): string {
  switch (problem) {
    case 'required':
    case 'stateRequired':
      return m.account_required();
    case 'minLength':
      return m.account_minLength();
    case 'zipFormat':
      return m.account_zipFormat({ example: zipExample(zipFormat) });
    case 'phoneFormat':
      return m.account_phoneFormat();
    case 'phoneCountry':
      return m.account_phoneCountry();
    case 'stateInvalid':
      return m.account_stateInvalid();
  }
}

/** An example postcode of a Thelia zip format (NNNNN -> 12345). */
export function zipExample(format: string | null): string {
  if (!format) return '';
  let n = 0;
  return [...format].map((c) => (c === 'N' ? String(++n % 10) : c === 'L' ? 'A' : c)).join('');
}

/**
 * The shopper's words for a failed account call: the spec §8 texts for the server's answers, the
 * connection text when no answer came. `fallback` is the call's own failure text (e.g. 'Failed to
 * add address'), used for a server answer that has no text of its own here.
 */
export function accountErrorText(error: { kind?: string; serverMessage?: string | null } | unknown, fallback?: string): string {
  const e = (error ?? {}) as { kind?: string; serverMessage?: string | null };
  if (e.kind !== 'server' || !e.serverMessage) return m.catalog_serverError();
  const msg = e.serverMessage;
  if (msg.startsWith('Too many login attempts')) return m.account_tooManyLogins();
  switch (msg) {
    case ERRORS.wrongLogin:
      return m.account_wrongLogin();
    case ERRORS.emailExists:
      return m.account_emailExists();
    case ERRORS.accountExists:
      return m.account_accountExists();
    case ERRORS.vatInvalid:
      return m.account_vatInvalid();
    case ERRORS.vatError:
      return m.account_vatError();
    case ERRORS.registerFailed:
      return m.account_registerFailed();
    case ERRORS.addAddressFailed:
      return m.account_addAddressFailed();
    case ERRORS.updateAddressFailed:
      return m.account_updateAddressFailed();
    case ERRORS.deleteAddressFailed:
      return m.account_deleteAddressFailed();
    case ERRORS.passwordsDontMatch:
      return m.account_passwordsMismatch();
    case ERRORS.invalidResetToken:
      return m.account_resetInvalid();
    case ERRORS.pleaseLoginAgain:
      return m.account_loginAgain();
    case ERRORS.orderNotFound:
      return m.account_orderNotFound();
    default:
      return fallback ?? m.account_unknownError();
  }
}

/** Whether the error text deserves the 'recover your password' link (spec §8). */
export const offersRecovery = (error: unknown) => {
  const msg = (error as { serverMessage?: string | null } | null)?.serverMessage;
  return msg === ERRORS.emailExists || msg === ERRORS.accountExists;
};
