/**
 * Cookie consent (spec §2, §4, §9): cookie CookieConsentGA = granted | denied, kept 150 days.
 * Ad and analytics consent are denied by default and granted if the cookie says so.
 */
import { atom } from 'nanostores';
import { CONSENT_COOKIE, CONSENT_COOKIE_RE, CONSENT_DAYS } from '../catalog/site-rules.ts';

export type Consent = 'granted' | 'denied' | null;

export function readConsent(cookie: string): Consent {
  const m = cookie.match(CONSENT_COOKIE_RE);
  return (m?.[1] as Consent) ?? null;
}

export function consentCookie(value: 'granted' | 'denied'): string {
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_DAYS * 86400}; Path=/; SameSite=Lax`;
}

export const consent = atom<Consent>(typeof document === 'undefined' ? null : readConsent(document.cookie));

export function setConsent(value: 'granted' | 'denied'): void {
  document.cookie = consentCookie(value);
  consent.set(value);
}
