/**
 * Signing in and out (spec §4), the one implementation for the login/register page and the
 * checkout:
 * - `login(email, password)` and `register(request)` call the shop API, store the answer with
 *   `saveSession` (which clears express data), attach the anonymous cart to the customer
 *   (POST /api/cart/assignCustomer) and apply the stored coupon again. They reject with the
 *   client's ApiError (`serverMessage` 'Wrong login data', 'Email address already exists', ...);
 *   the cart and coupon steps never make a sign-in fail (their failures are logged).
 * - `logout()` ends the session (every tab follows through the persistent stores).
 * - `returnLocation()` is where the shopper goes afterwards (spec §4: the remembered path).
 */
import { ApiError, call } from '../api/client.ts';
import { ERRORS } from '../api/contract/common.ts';
import type { RegisterRequest } from '../api/contract/customer.ts';
import { LAST_LOCATION_KEY } from './app-version.ts';
import { cartId, resolveCartId, setCartId } from './cart.ts';
import { appliedCoupon } from './coupon.ts';
import { clearSession, saveSession, type SessionAnswer } from './session.ts';
import { returnPath } from './session-timing.ts';

export type { RegisterRequest };

/** After a login or registration: the cart becomes the customer's, the stored coupon applies again. */
async function afterSignIn(answer: SessionAnswer): Promise<void> {
  saveSession(answer);
  const id = resolveCartId(location.pathname, location.search);
  if (id > 0) {
    if (cartId.get() !== id) setCartId(id);
    try {
      await call('cartAssign', { body: { email: answer.customer.EMAIL, cart_id: id } });
    } catch (error) {
      // Another customer's cart, or one that is gone: the shopper keeps their own (empty) one.
      console.warn('session: could not assign the cart to the customer', error);
      if (error instanceof ApiError && error.serverMessage === ERRORS.cartNotFound) {
        const { refreshCart } = await import('./cart-actions.ts');
        await refreshCart();
      }
    }
  }
  if (appliedCoupon.get() && cartId.get() > 0) {
    const { applyCoupon } = await import('./coupon-actions.ts');
    await applyCoupon(appliedCoupon.get(), { quiet: true });
  } else if (cartId.get() > 0) {
    const { refreshCart } = await import('./cart-actions.ts');
    await refreshCart();
  }
}

/** Logs in; rejects with an ApiError (e.g. 'Wrong login data'), nothing stored then. */
export async function login(email: string, password: string): Promise<SessionAnswer> {
  const answer = await call('login', { body: { email: email.trim(), password } });
  await afterSignIn(answer.data);
  return answer.data;
}

/** Registers (private, company or guest) and logs in; rejects with an ApiError, nothing stored then. */
export async function register(request: RegisterRequest): Promise<SessionAnswer> {
  const id = resolveCartId(location.pathname, location.search);
  const answer = await call('register', { body: { ...request, cart_id: request.cart_id ?? (id > 0 ? id : undefined) } });
  await afterSignIn(answer.data);
  return answer.data;
}

/** Ends the session in this and every other tab. */
export function logout(): void {
  clearSession();
}

/** The remembered return location (spec §4), '/' when none. */
export function returnLocation(): string {
  try {
    return returnPath(localStorage.getItem(LAST_LOCATION_KEY));
  } catch {
    return '/';
  }
}
