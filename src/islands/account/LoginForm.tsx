/**
 * The login form (spec §2 /login-register, §8 'Wrong login data'): e-mail and password; on success
 * the session is stored, the cart assigned, the coupon applied again (stores/session-actions.ts)
 * and `onDone` runs (by default: back to the remembered location). Usable on its own (checkout).
 */
import type { FormEvent } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { Field, FormMessage, useFormState, value } from './form.tsx';
import { accountErrorText, emailProblem } from './rules.ts';
import type { SessionAnswer } from '../../stores/session.ts';

type F = 'email' | 'password';
const ORDER: readonly F[] = ['email', 'password'];

export default function LoginForm({ id = 'login', onDone }: { id?: string; onDone?: (answer: SessionAnswer) => void }) {
  const { ref, errors, status, setStatus, fail } = useFormState<F>(id);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = value(data, 'email');
    const password = value(data, 'password');
    const problems: Partial<Record<F, string>> = {};
    const ep = emailProblem(email);
    if (ep) problems.email = ep;
    if (!password) problems.password = m.account_required();
    if (fail(problems, ORDER)) return;
    setStatus({ kind: 'busy' });
    try {
      const { login, returnLocation } = await import('../../stores/session-actions.ts');
      const answer = await login(email, password);
      setStatus({ kind: 'idle' });
      if (onDone) onDone(answer);
      else location.assign(returnLocation());
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error) });
    }
  };

  return (
    <form ref={ref} className="account-form" noValidate onSubmit={submit}>
      <p className="account-form__note">{m.account_requiredNote()}</p>
      <Field form={id} name="email" type="email" label={m.account_email()} required autoComplete="email" inputMode="email" error={errors.email} />
      <Field form={id} name="password" type="password" label={m.account_password()} required autoComplete="current-password" error={errors.password} />
      <FormMessage status={status} />
      <div className="account-form__actions">
        <button className="button" type="submit" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? m.account_busy() : m.account_loginSubmit()}
        </button>
        <a href="/forgot-password">{m.account_forgotLink()}</a>
      </div>
    </form>
  );
}
