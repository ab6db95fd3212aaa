/**
 * Pure rules of the site chrome (spec §2, §4, §9), shared by the build (SiteHeader.astro) and the
 * browser (islands/chrome.ts, the stores): no DOM, no imports.
 */

/** Cart count in the header: `Nk` from 1000; `small` (smaller font) above 99. */
export function formatCartCount(n: number): { text: string; small: boolean; hidden: boolean } {
  const count = Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));
  return { text: count >= 1000 ? `${Math.floor(count / 1000)}k` : String(count), small: count > 99, hidden: count === 0 };
}

/**
 * The cart link's accessible name: its label, then the count as the badge shows it (formatCartCount's
 * result: "Warenkorb: 3"). The visible count must be a word of the name (WCAG 2.5.3 Label in Name);
 * in parentheses, axe (Lighthouse's label-content-name-mismatch) reads it as an aside and fails it.
 */
export function cartLinkName(label: string, count: { text: string; hidden: boolean }): string {
  return count.hidden ? label : `${label}: ${count.text}`;
}

export const ADVENT_PATH = '/advent-calendar';
export const WIDE = 1200;

/**
 * The advent banner (below 1200 px, advent flag on) and the header button (displayAdvent, >= 1200,
 * not on the page: neither at /advent-calendar nor at the calendar's translated slug, `pagePath`).
 */
export function adventVisibility(o: { adventActive: boolean; displayAdvent: boolean; width: number; path: string; pagePath?: string }) {
  const norm = (p: string) => p.replace(/\.html$/, '').replace(/\/$/, '');
  const onPage = norm(o.path) === ADVENT_PATH || (!!o.pagePath && norm(o.path) === norm(o.pagePath));
  return { banner: o.adventActive && o.width < WIDE, button: o.displayAdvent && o.width >= WIDE && !onPage };
}

/** The sales bar: visible unless the module is inactive, salesbar_active is false, or it was dismissed. */
export function salesBarVisible(o: { moduleActive: boolean; active: boolean; dismissed: boolean; hasMessage: boolean }) {
  return o.moduleActive && o.active && o.hasMessage && !o.dismissed;
}

/** The checkout pages: `/checkout`, `/checkout.html` (the built file) and below `/checkout/`. */
export function isCheckoutPath(path: string): boolean {
  return /^\/checkout(\/|\.html$|$)/.test(path);
}

export type CountryPickerState = 'static-flag' | 'vat0' | 'disabled' | 'enabled';

/** Country dropdown: a single country is a static flag; VAT exclusion shows a fixed `VAT 0%`; disabled on checkout. */
export function countryPickerState(o: { countries: number; path: string; excludeVAT: boolean }): CountryPickerState {
  if (o.excludeVAT) return 'vat0';
  if (o.countries <= 1) return 'static-flag';
  if (isCheckoutPath(o.path)) return 'disabled';
  return 'enabled';
}

/** Paths never remembered as the return location (spec §4: login and forgot-password; logout too). */
export function isReturnLocation(path: string): boolean {
  return !/^\/(login-register|login|logout|forgot-password)(\/|\.html|$)/.test(path);
}

export const APP_VERSION = '1.0.7';
export const CONSENT_COOKIE = 'CookieConsentGA';
/** The consent decision in a cookie header (group 1: granted or denied). */
export const CONSENT_COOKIE_RE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`);
export const CONSENT_DAYS = 150;
export const VERSION_TOAST_MS = 15_000;
export const REVIEW_CACHE_S = 1800;

/** The newsletter form's target. */
export const newsletterUrl = (email: string) => `/newsletter?email=${encodeURIComponent(email)}`;

/**
 * The way to the server-error page (spec §2) when the shop API stays unreachable on a page that
 * needs it (cart, checkout, account): its Retry clears the stored state and comes back here.
 */
export function serverErrorHref(path: string): string {
  const from = path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return `/server-error?from=${encodeURIComponent(from)}`;
}
