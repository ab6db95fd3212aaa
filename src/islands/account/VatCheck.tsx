/**
 * A company's VAT number check (spec §5, §8), shared by the register form and the checkout's
 * guest company: the number normalised and checked through `/api/vat/check` once per number
 * (valid, invalid, error; no answer: 'Could not validate VAT number'), and the "buy without VAT"
 * choice, offered only once the number checked valid (rules.ts `mayExcludeVat`). The forms keep
 * the field and its error in their own state; this keeps the check's outcome.
 */
import { useCallback, useRef, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { normalizeVat, vatProblem, type VatOutcome } from './rules.ts';

export interface VatCheckAnswer {
  /** null: no answer (or nothing to check). */
  outcome: VatOutcome | null;
  /** The shopper's words when the number is not valid (required, invalid, error, not validated); undefined when valid. */
  problem: string | undefined;
}

export interface VatCheck {
  /** The number last checked and its outcome; null when none was, or the number changed since. */
  result: { number: string; outcome: VatOutcome } | null;
  checking: boolean;
  /** Checks a typed number; the same number is asked once (valid or invalid kept, a running check shared). */
  check: (raw: string) => Promise<VatCheckAnswer>;
  /** The typed number changed: the last outcome no longer holds. */
  reset: () => void;
}

export function useVatCheck(countryId: number): VatCheck {
  const [result, setResult] = useState<VatCheck['result']>(null);
  const [checking, setChecking] = useState(false);
  const known = useRef<VatCheck['result']>(null);
  const running = useRef<{ number: string; answer: Promise<VatCheckAnswer> } | null>(null);

  const check = useCallback(
    (raw: string): Promise<VatCheckAnswer> => {
      const number = normalizeVat(raw);
      if (!number) return Promise.resolve({ outcome: null, problem: m.account_required() });
      if (known.current?.number === number) return Promise.resolve({ outcome: known.current.outcome, problem: vatProblem(known.current.outcome) });
      if (running.current?.number === number) return running.current.answer;
      setChecking(true);
      const answer = (async (): Promise<VatCheckAnswer> => {
        try {
          const { call } = await import('../../api/client.ts');
          const r = await call('vatCheck', { body: { vat_number: number, country_id: countryId } });
          const outcome = r.data.result;
          if (running.current?.number === number) {
            // a checker error is asked again next time; valid and invalid are kept for this number
            known.current = outcome === 'error' ? null : { number, outcome };
            setResult({ number, outcome });
          }
          return { outcome, problem: vatProblem(outcome) };
        } catch {
          return { outcome: null, problem: vatProblem(null) };
        } finally {
          if (running.current?.number === number) {
            running.current = null;
            setChecking(false);
          }
        }
      })();
      running.current = { number, answer };
      return answer;
    },
    [countryId],
  );

  const reset = useCallback(() => {
    known.current = null;
    running.current = null;
    setResult(null);
    setChecking(false);
  }, []);

  return { result, checking, check, reset };
}

/** "Buy without VAT (reverse charge)": enabled only while `offered` (a company whose number checked valid). */
export function ExcludeVatChoice({
  id,
  name,
  checked,
  offered,
  onChange,
}: {
  id: string;
  name?: string;
  checked: boolean;
  offered: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field field--check">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={offered && checked}
          disabled={!offered}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-describedby={`${id}-hint`}
        />
        {m.account_excludeVat()}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {m.account_excludeVatHint()}
      </p>
    </div>
  );
}
