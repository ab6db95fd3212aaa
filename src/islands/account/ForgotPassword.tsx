/**
 * /forgot-password (spec §2): asks for the e-mail and sends the reset link (the API always answers
 * the same, revealing nothing); with `?token=` (the link of the reset mail) it sets a new password.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { Field, FormMessage, useFormState, value } from './form.tsx';
import { accountErrorText, emailProblem, newPasswordProblems } from './rules.ts';
import './account.scss';
import { withBoundary } from '../IslandBoundary.tsx';

function ForgotPasswordIsland({ locale }: { locale: 'de_DE' | 'de_AT' | 'ro_RO' }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(location.search).get('token')), []);
  return (
    <section className="account-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{token ? m.account_resetTitle() : m.account_forgotTitle()}</h1>
      {token === undefined ? <p>{m.account_loading()}</p> : token ? <ResetForm token={token} /> : <RequestForm locale={locale} />}
    </section>
  );
}

function RequestForm({ locale }: { locale: 'de_DE' | 'de_AT' | 'ro_RO' }) {
  const { ref, errors, status, setStatus, fail } = useFormState<'email'>('forgot');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = value(new FormData(e.currentTarget), 'email');
    const p = emailProblem(email);
    if (fail(p ? { email: p } : {}, ['email'])) return;
    setStatus({ kind: 'busy' });
    try {
      const { call } = await import('../../api/client.ts');
      await call('forgotPassword', { body: { email: email.trim(), locale } });
      setStatus({ kind: 'done', text: m.account_forgotSent() });
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error) });
    }
  };
  return (
    <form ref={ref} className="account-form" noValidate onSubmit={submit}>
      <p>{m.account_forgotIntro()}</p>
      <Field form="forgot" name="email" type="email" label={m.account_email()} required autoComplete="email" inputMode="email" error={errors.email} />
      <FormMessage status={status} />
      <div className="account-form__actions">
        <button className="button" type="submit" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? m.account_busy() : m.account_forgotSubmit()}
        </button>
        <a href="/login-register">{m.account_toLogin()}</a>
      </div>
    </form>
  );
}

type RF = 'password' | 'password_confirm';
function ResetForm({ token }: { token: string }) {
  const { ref, errors, status, setStatus, fail } = useFormState<RF>('reset');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = value(data, 'password');
    const confirm = value(data, 'password_confirm');
    if (fail(newPasswordProblems(password, confirm), ['password', 'password_confirm'])) return;
    setStatus({ kind: 'busy' });
    try {
      const { call } = await import('../../api/client.ts');
      await call('resetPassword', { body: { token, password, password_confirm: confirm } });
      setStatus({ kind: 'done', text: m.account_resetDone() });
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error) });
    }
  };
  return (
    <form ref={ref} className="account-form" noValidate onSubmit={submit}>
      <p className="account-form__note">{m.account_requiredNote()}</p>
      <Field form="reset" name="password" type="password" label={m.account_newPassword()} required autoComplete="new-password" error={errors.password} />
      <Field form="reset" name="password_confirm" type="password" label={m.account_passwordConfirm()} required autoComplete="new-password" error={errors.password_confirm} />
      <FormMessage status={status}>{status.kind === 'done' ? <a href="/login-register">{m.account_toLogin()}</a> : null}</FormMessage>
      <div className="account-form__actions">
        <button className="button" type="submit" disabled={status.kind === 'busy' || status.kind === 'done'}>
          {status.kind === 'busy' ? m.account_busy() : m.account_resetSubmit()}
        </button>
      </div>
    </form>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(ForgotPasswordIsland);
