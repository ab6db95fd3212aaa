/**
 * Registration (spec §2 /login-register, §3, §5, §8) for private and company customers: title
 * (1 Mr, 2 Miss, 5 Association, 3 Company), names, e-mail twice, password twice; companies add
 * the company name and the VAT number, checked through /api/vat/check (valid, invalid, error;
 * VatCheck.tsx, shared with the checkout's guest company), and may then buy without VAT.
 * Errors: 'Email address already exists' / 'There is already an account associated with this
 * email' with a link to recover the password. On success the
 * session is stored, the cart assigned and the coupon applied again (stores/session-actions.ts),
 * then `onDone` (by default: back to the remembered location). Usable on its own (checkout).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { Field, FormMessage, Label, useFormState } from './form.tsx';
import { REGISTER_FIELDS, accountErrorText, mayExcludeVat, normalizeVat, offersRecovery, registerProblems, registerValues, type RegisterField } from './rules.ts';
import { ExcludeVatChoice, useVatCheck, type VatCheckAnswer } from './VatCheck.tsx';
import type { SessionAnswer } from '../../stores/session.ts';

export interface RegisterFormProps {
  id?: string;
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
  /** The shop's country: the VAT check's default country. */
  countryId: number;
  /** Locale configuration vat_min_length. */
  vatMinLength: number;
  onDone?: (answer: SessionAnswer) => void;
}

export default function RegisterForm({ id = 'register', locale, countryId, vatMinLength, onDone }: RegisterFormProps) {
  const { ref, errors, setErrors, status, setStatus, fail } = useFormState<RegisterField>(id);
  const [kind, setKind] = useState<'private' | 'company'>('private');
  const vat = useVatCheck(countryId);
  const [exclude, setExclude] = useState(false);

  // The customer type radios are uncontrolled: a choice made while the island hydrates stays, and
  // the form follows the checked one (also when React's own change event came before it listened).
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const sync = () => setKind(form.querySelector<HTMLInputElement>('input[name="kind"][value="company"]')?.checked ? 'company' : 'private');
    sync();
    form.addEventListener('change', sync);
    return () => form.removeEventListener('change', sync);
  }, [ref]);

  /** The shared check; its problem (or none) shows on the field. */
  const checkVat = async (raw: string): Promise<VatCheckAnswer> => {
    const answer = await vat.check(raw);
    setErrors((e) => ({ ...e, vat_number: answer.problem }));
    if (answer.outcome !== 'valid') setExclude(false);
    return answer;
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const v = registerValues(new FormData(form));
    if (fail(registerProblems(v, vatMinLength), REGISTER_FIELDS)) return;
    setStatus({ kind: 'busy' });
    if (v.kind === 'company') {
      const { problem } = await checkVat(v.vat_number);
      if (problem) {
        fail({ vat_number: problem }, REGISTER_FIELDS);
        return;
      }
    }
    try {
      const { register, returnLocation } = await import('../../stores/session-actions.ts');
      const answer = await register({
        kind: v.kind,
        title: Number(v.title) as 1 | 2 | 3 | 5,
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        email: v.email.trim(),
        email_confirm: v.email_confirm.trim(),
        password: v.password,
        password_confirm: v.password_confirm,
        ...(v.kind === 'company' ? { company: v.company.trim(), vat_number: normalizeVat(v.vat_number), exclude_vat: exclude } : {}),
        locale,
      });
      setStatus({ kind: 'idle' });
      if (onDone) onDone(answer);
      else location.assign(returnLocation());
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error, m.account_registerFailed()), recover: offersRecovery(error) });
    }
  };

  const vatId = `${id}-vat_number`;
  return (
    <form ref={ref} className="account-form" noValidate onSubmit={submit}>
      <p className="account-form__note">{m.account_requiredNote()}</p>
      <fieldset className="account-form__kind">
        <legend>{m.account_customerType()}</legend>
        {(['private', 'company'] as const).map((k) => (
          <label key={k} className="radio">
            <input type="radio" name="kind" value={k} defaultChecked={k === 'private'} />
            {k === 'private' ? m.account_private() : m.account_company()}
          </label>
        ))}
      </fieldset>
      <Field form={id} name="title" label={m.account_title()} required error={errors.title}>
        <select
          id={`${id}-title`}
          name="title"
          defaultValue="1"
          autoComplete="honorific-prefix"
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        >
          <option value="1">{m.account_titleMr()}</option>
          <option value="2">{m.account_titleMiss()}</option>
          <option value="5">{m.account_titleAssociation()}</option>
          <option value="3">{m.account_titleCompany()}</option>
        </select>
      </Field>
      <Field form={id} name="firstname" label={m.account_firstname()} required autoComplete="given-name" error={errors.firstname} />
      <Field form={id} name="lastname" label={m.account_lastname()} required autoComplete="family-name" error={errors.lastname} />
      {kind === 'company' ? (
        <>
          <Field form={id} name="company" label={m.account_companyName()} required autoComplete="organization" error={errors.company} />
          <div className={`field${errors.vat_number ? ' field--invalid' : ''}`}>
            <Label htmlFor={vatId} text={m.account_vatNumber()} required />
            <div className="field__row">
              <input
                id={vatId}
                name="vat_number"
                autoComplete="off"
                required
                aria-required
                aria-invalid={errors.vat_number ? true : undefined}
                aria-describedby={errors.vat_number || vat.result ? `${vatId}-error` : undefined}
                onInput={() => {
                  // a changed number: the last outcome (or a check still running) no longer holds
                  vat.reset();
                  setExclude(false);
                }}
                onBlur={(e) => {
                  if (e.currentTarget.value.trim()) void checkVat(e.currentTarget.value);
                }}
              />
              <button
                type="button"
                className="button button--secondary"
                disabled={vat.checking}
                onClick={() => void checkVat(ref.current?.querySelector<HTMLInputElement>(`#${vatId}`)?.value ?? '')}
              >
                {vat.checking ? m.account_busy() : m.account_vatCheck()}
              </button>
            </div>
            <p className={errors.vat_number ? 'field__error' : 'field__ok'} id={`${vatId}-error`} aria-live="polite">
              {errors.vat_number ?? (vat.result?.outcome === 'valid' ? m.account_vatValid() : '')}
            </p>
          </div>
          <ExcludeVatChoice id={`${id}-exclude_vat`} name="exclude_vat" checked={exclude} offered={mayExcludeVat(kind, vat.result?.outcome ?? null)} onChange={setExclude} />
        </>
      ) : null}
      <Field form={id} name="email" type="email" label={m.account_email()} required autoComplete="email" inputMode="email" error={errors.email} />
      <Field form={id} name="email_confirm" type="email" label={m.account_emailConfirm()} required autoComplete="email" inputMode="email" error={errors.email_confirm} />
      <Field form={id} name="password" type="password" label={m.account_password()} required autoComplete="new-password" error={errors.password} />
      <Field form={id} name="password_confirm" type="password" label={m.account_passwordConfirm()} required autoComplete="new-password" error={errors.password_confirm} />
      <FormMessage status={status}>{status.kind === 'error' && status.recover ? <a href="/forgot-password">{m.account_recoverPassword()}</a> : null}</FormMessage>
      <div className="account-form__actions">
        <button className="button" type="submit" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? m.account_busy() : m.account_registerSubmit()}
        </button>
      </div>
    </form>
  );
}
