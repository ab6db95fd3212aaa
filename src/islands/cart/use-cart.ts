/**
 * What the mini cart and the cart page share: the stores they follow and the refetches the spec
 * asks for. The server cart (prices, totals) is fetched again when the cart id, the country or
 * the VAT mode or the customer changes, and when the local lines differ from it (another tab);
 * the delivery cost is computed again when the cart, the cart id or the country changes (spec §4).
 */
import { useEffect, useRef, useState } from 'react';
import { cartError, cartId, cartItems, cartStatus } from '../../stores/cart.ts';
import { refreshCart, serverCart } from '../../stores/cart-actions.ts';
import { countryId, excludeVAT, selectedCountry } from '../../stores/country.ts';
import { loggedIn } from '../../stores/session.ts';
import { deliveryKey, deliveryState } from '../../stores/delivery.ts';
import { computeDelivery } from '../../stores/delivery-actions.ts';
import { watchCustomerForCoupon } from '../../stores/coupon-actions.ts';
import { latestWins } from '../../stores/latest.ts';
import { linesToShow } from './rules.ts';
import { useSettledStore } from '../hooks/use-settled-store.ts';

export interface CartIslandProps {
  money: { symbol: string; format: string; locale: string };
  /** The shop's countries (header dropdown), the first being the default. */
  countries: { id: number; isoalpha2: string; taxTitle: string }[];
  defaultCountry: number;
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
}

/** A country as the cart page and the checkout show it: with its name in the shop's language. */
export type CartPageCountry = CartIslandProps['countries'][number] & { title: string };

/** The cart page's and the checkout's props (src/shops/account-props.ts `cartPageCountries`). */
export interface CartPageProps extends CartIslandProps {
  countries: CartPageCountry[];
}

const signature = (lines: readonly { cartItemId?: number | null; quantity: number }[]) =>
  lines
    .map((l) => `${l.cartItemId ?? 0}x${l.quantity}`)
    .sort()
    .join(',');

/** Follows the cart while `active` (the mini cart while open, the cart page always). */
export function useCart(active: boolean, props: CartIslandProps) {
  const items = useSettledStore(cartItems);
  const id = useSettledStore(cartId);
  const status = useSettledStore(cartStatus);
  const error = useSettledStore(cartError);
  const server = useSettledStore(serverCart);
  const delivery = useSettledStore(deliveryState);
  const countryRaw = useSettledStore(countryId);
  const vatExcluded = useSettledStore(excludeVAT) === 'true';
  const user = useSettledStore(loggedIn);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const asked = useRef<string | null>(null);
  const [refetches] = useState(latestWins);

  const country = selectedCountry(
    countryRaw,
    props.countries.map((c) => c.id),
    props.defaultCountry,
  );
  const current = server && server.cartId === id ? server : null;
  const lines = linesToShow(current, items, id);

  useEffect(() => {
    if (active) watchCustomerForCoupon();
  }, [active]);

  // The server cart: on opening, and when the cart id, country, VAT mode, customer or (from another tab) the lines change.
  const localSig = signature(items);
  const serverSig = current ? signature(current.items) : null;
  const want = `${id}|${country}|${vatExcluded}|${user}|${current ? (serverSig === localSig ? 'same' : localSig) : 'none'}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `want` carries every input that asks for a refetch
  useEffect(() => {
    if (!active || asked.current === want) return;
    asked.current = want;
    if (id <= 0) {
      setLoaded(true);
      return;
    }
    const isLatest = refetches.begin();
    setLoading(true);
    void refreshCart().finally(() => {
      if (!isLatest()) return;
      setLoading(false);
      setLoaded(true);
    });
    return () => refetches.cancel();
  }, [active, want, id]);

  // Net postage for VAT exclusion: the VAT mode and the customer count too.
  const key = `${deliveryKey({ cartId: id > 0 ? id : null, countryId: country, lines: current ? current.items : items })}|${vatExcluded}|${user}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` carries every input of the delivery cost
  useEffect(() => {
    if (!active || id <= 0 || (current ? current.items.length : items.length) === 0) return;
    // Wait for the server's answer for this country: its lines and their undeliverable marks go with it.
    if (!current || current.country_id !== country) return;
    void computeDelivery({ cartId: id, countryId: country, locale: props.locale, key });
  }, [active, key, current?.country_id]);

  const shipment = lines.length === 0 ? 0 : delivery.status === 'ready' && current?.country_id === country ? delivery.cents : null;
  return { id, lines, server: current, status, error, delivery, shipment, country, vatExcluded, loggedIn: user, loading, loaded };
}
