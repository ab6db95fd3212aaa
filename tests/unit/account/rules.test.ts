import { cancellable } from '../../../src/api/contract/order.ts';
import { describe, expect, it } from 'vitest';
import {
  accountErrorText,
  addressProblemText,
  mayExcludeVat,
  normalizeVat,
  offersRecovery,
  registerProblems,
  vatNumberProblem,
  vatOutcomeText,
  vatProblem,
  zipExample,
  type RegisterValues,
} from '../../../src/islands/account/rules.ts';
import { m } from '../../../src/i18n/generated/messages.js';

const base: RegisterValues = {
  kind: 'private',
  title: '1',
  firstname: 'Ana',
  lastname: 'Pop',
  email: 'a@b.de',
  email_confirm: 'a@b.de',
  password: 'abcd',
  password_confirm: 'abcd',
  company: '',
  vat_number: '',
};

describe('registration rules (spec §5)', () => {
  it('a good private registration has no problem', () => expect(registerProblems(base, 9)).toEqual({}));
  it('names, e-mails and passwords', () => {
    const p = registerProblems({ ...base, firstname: 'A', lastname: '', email_confirm: 'x@b.de', password: 'abc', password_confirm: 'abc' }, 9);
    expect(p).toEqual({ firstname: m.account_minLength(), lastname: m.account_required(), email_confirm: m.account_emailsMismatch(), password: m.account_passwordShort() });
    expect(registerProblems({ ...base, password_confirm: 'abce' }, 9)).toEqual({ password_confirm: m.account_passwordsMismatch() });
    expect(registerProblems({ ...base, email: 'nope', email_confirm: 'nope' }, 9)).toEqual({ email: m.account_emailInvalid() });
  });
  it('a company needs its name and a VAT number of the locale minimum length', () => {
    expect(registerProblems({ ...base, kind: 'company' }, 9)).toEqual({ company: m.account_required(), vat_number: m.account_required() });
    expect(registerProblems({ ...base, kind: 'company', company: 'Acme', vat_number: 'DE 12' }, 9)).toEqual({ vat_number: m.account_vatInvalid() });
    expect(registerProblems({ ...base, kind: 'company', company: 'Acme', vat_number: 'DE 136 695 976' }, 9)).toEqual({});
    expect(normalizeVat('de 136.695-976')).toBe('DE136695976');
  });
});

describe('VAT check outcomes (spec §5, §8)', () => {
  it('valid, invalid and error have their texts; only a valid company number allows buying without VAT', () => {
    expect(vatOutcomeText('valid')).toBe(m.account_vatValid());
    expect(vatOutcomeText('invalid')).toBe(m.account_vatInvalid());
    expect(vatOutcomeText('error')).toBe(m.account_vatError());
    expect(mayExcludeVat('company', 'valid')).toBe(true);
    expect(mayExcludeVat('company', 'invalid')).toBe(false);
    expect(mayExcludeVat('company', 'error')).toBe(false);
    expect(mayExcludeVat('private', 'valid')).toBe(false);
    expect(mayExcludeVat('company', null)).toBe(false);
  });
  it("a check's problem as the register form and the checkout show it: none when valid, 'Could not validate VAT number' without an answer", () => {
    expect(vatProblem('valid')).toBeUndefined();
    expect(vatProblem('invalid')).toBe(m.account_vatInvalid());
    expect(vatProblem('error')).toBe(m.account_vatError());
    expect(vatProblem(null)).toBe(m.account_vatNotValidated());
  });
  it('a number too short to check, or none (the same rule for both forms); slashes go as the API normalises them', () => {
    expect(vatNumberProblem(' ', 9)).toBe(m.account_required());
    expect(vatNumberProblem('DE 12', 9)).toBe(m.account_vatInvalid());
    expect(vatNumberProblem('RO 1234', 4)).toBeUndefined();
    expect(vatNumberProblem('ATU 1358 5627', 9)).toBeUndefined();
    expect(normalizeVat('atu/1358.5627')).toBe('ATU13585627');
  });
  it('German and Romanian texts', () => {
    expect(m.account_vatInvalid({}, { locale: 'de' })).toBe('Die USt-IdNr. des Unternehmens ist ungültig.');
    expect(m.account_vatError({}, { locale: 'ro' })).toBe('A apărut o eroare la verificarea codului TVA al companiei.');
  });
});

describe('error texts (spec §8)', () => {
  const server = (serverMessage: string) => ({ kind: 'server', serverMessage });
  it('maps the server texts; no answer is the connection text; an unknown one the call fallback', () => {
    expect(accountErrorText(server('Wrong login data'))).toBe(m.account_wrongLogin());
    expect(accountErrorText(server('Email address already exists'))).toBe(m.account_emailExists());
    expect(accountErrorText(server('There is already an account associated with this email'))).toBe(m.account_accountExists());
    expect(accountErrorText(server('Too many login attempts. Please try again in 3 minutes.'))).toBe(m.account_tooManyLogins());
    expect(accountErrorText(server('Failed to add address'))).toBe(m.account_addAddressFailed());
    expect(accountErrorText({ kind: 'connection', serverMessage: null })).toBe(m.catalog_serverError());
    expect(accountErrorText(new Error('x'))).toBe(m.catalog_serverError());
    expect(accountErrorText(server('Something else'), 'fallback')).toBe('fallback');
    expect(accountErrorText(server('Something else'))).toBe(m.account_unknownError());
    expect(offersRecovery(server('Email address already exists'))).toBe(true);
    expect(offersRecovery(server('Wrong login data'))).toBe(false);
  });
  it('address problems in words; a postcode example from the format', () => {
    expect(zipExample('NNNNN')).toBe('12345');
    expect(addressProblemText('zipFormat', 'NNNN')).toBe(m.account_zipFormat({ example: '1234' }));
    expect(addressProblemText('phoneCountry')).toBe(m.account_phoneCountry());
  });
});

describe('cancellable (the account page offers what the server allows)', () => {
  it.each([
    ['not_paid', true],
    ['paid', true],
    ['processing', false],
    ['sent', false],
    ['canceled', false],
    ['payment_error', false],
  ] as const)('%s -> %s', (status, expected) => {
    expect(cancellable(status)).toBe(expected);
  });
});
