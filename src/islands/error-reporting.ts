/**
 * Error reporting with Sentry's browser SDK (spec §9: traces 0.2, session replays 0.1, replays on
 * error 1). This module, and the SDK with it, is imported by the chrome only when the shop has a
 * DSN, and only after the first interaction or 10 s after load, when the browser is idle
 * (`afterSettled`): it never counts before interaction. Errors that happen before are kept (up to
 * 10) and sent once it runs.
 */
import * as Sentry from '@sentry/browser';
import { APP_VERSION } from '../catalog/site-rules.ts';

export const SAMPLE_RATES = { traces: 0.2, replaysSession: 0.1, replaysOnError: 1 } as const;

export function startErrorReporting(dsn: string, environment: string, early: unknown[]): void {
  Sentry.init({
    dsn,
    environment,
    release: APP_VERSION,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: SAMPLE_RATES.traces,
    replaysSessionSampleRate: SAMPLE_RATES.replaysSession,
    replaysOnErrorSampleRate: SAMPLE_RATES.replaysOnError,
  });
  for (const error of early) Sentry.captureException(error);
}
