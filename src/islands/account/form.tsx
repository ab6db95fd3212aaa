/**
 * Form building blocks of the account forms: a labelled field with a visible asterisk on required
 * ones, its error tied to it (aria-describedby, aria-invalid), and `useFormStatus` which announces
 * a form's message in a live region and moves the focus to the first invalid field. Inputs are
 * uncontrolled (read with FormData on submit), so nothing typed is lost while the island hydrates
 * or when a call fails.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { m } from '../../i18n/generated/messages.js';

export interface FieldProps {
  /** Unique in the page: the input's id is `${form}-${name}`. */
  form: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  hint?: string;
  children?: ReactNode;
}

export function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor}>
      {text}
      {required ? (
        <span className="req" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

export function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

/** A text input, or the `children` (a select) wired to the same label and error. */
export function Field({ form, name, label, required, error, type = 'text', autoComplete, defaultValue, inputMode, hint, children }: FieldProps) {
  const id = `${form}-${name}`;
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <Label htmlFor={id} text={label} required={required} />
      {children ?? (
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          inputMode={inputMode}
          required={required}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <ErrorText id={errId} error={error} />
    </div>
  );
}

export type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; text: string; recover?: boolean } | { kind: 'done'; text: string };

/**
 * A form's field errors and its message. `fail(problems, order)` shows field errors and focuses
 * the first one in `order`; `status` drives the live region (role=alert for errors).
 */
export function useFormState<F extends string>(form: string) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ref = useRef<HTMLFormElement>(null);
  const focusFirst = useCallback(
    (problems: Partial<Record<F, string>>, order: readonly F[]) => {
      const first = order.find((f) => problems[f]);
      if (first) requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`#${form}-${first}`)?.focus());
    },
    [form],
  );
  const fail = useCallback(
    (problems: Partial<Record<F, string>>, order: readonly F[]) => {
      setErrors(problems);
      const has = order.some((f) => problems[f]);
      if (has) {
        setStatus({ kind: 'error', text: m.account_formErrors() });
        focusFirst(problems, order);
      }
      return has;
    },
    [focusFirst],
  );
  return { ref, errors, setErrors, status, setStatus, fail };
}

/** The form's message: announced (role=alert for errors, status otherwise). */
export function FormMessage({ status, children }: { status: Status; children?: ReactNode }) {
  const text = status.kind === 'error' || status.kind === 'done' ? status.text : '';
  return (
    <div
      className={`form-message${status.kind === 'error' ? ' form-message--error' : status.kind === 'done' ? ' form-message--done' : ''}`}
      role={status.kind === 'error' ? 'alert' : 'status'}
    >
      {text ? (
        <p>
          {text} {children}
        </p>
      ) : null}
    </div>
  );
}

/** A section's data could not be loaded: the reason, a retry, and what else the place offers (e.g. the server-error link). */
export function LoadFailed({ text, onRetry, children }: { text: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <FormMessage status={{ kind: 'error', text }}>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {m.cartPage_retry()}
      </button>
      {children ? <> {children}</> : null}
    </FormMessage>
  );
}

export const value = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === 'string' ? v : '';
};
