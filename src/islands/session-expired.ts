/** Spec §4/§8: after the token expired the shopper is told 'Please login again' (loaded only then). */
import { m } from '../i18n/generated/messages.js';
import { showToast } from './toast.ts';

export default function sessionExpired(): void {
  showToast(m.account_loginAgain(), 'info', 10_000);
}
