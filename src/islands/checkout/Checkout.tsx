/**
 * /checkout (spec §2, §4, §5, §7, §8): who buys (logged in, log in or register, or guest as
 * express customer), the addresses, private or company (a company's VAT number checked, as the
 * register form does, and "buy without VAT" once it is valid), the delivery method with its
 * postage (pickup only in Romania), the payment method, notes, coupon, terms, the undeliverable and
 * freight rules, the order summary (the mini cart's sums) and the order button that says ordering
 * obliges to pay (§ 312j BGB). Everything typed is kept in sessionStorage (stores/checkout.ts):
 * a reload, an API failure or a failed payment loses nothing. The order is placed by
 * stores/checkout-actions.ts; a reload while paying resumes the same request (one order).
 */
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { call } from '../../api/client.ts';
import type { AddressItem } from '../../api/contract/address.ts';

type StateItem = { id: number; title: string; isocode: string };
import type { PaymentMethod } from '../../api/contract/payment.ts';
import { formatMoney } from '../../catalog/prices.ts';
import { m } from '../../i18n/generated/messages.js';
import { setDeliveryId } from '../../stores/cart.ts';
import { checkoutDraft, loadDraft, readLock, updateDraft } from '../../stores/checkout.ts';
import { submitOrder } from '../../stores/checkout-actions.ts';
import {
  PROBLEM_ORDER,
  checkDraft,
  defaultPayment,
  lockHolds,
  offeredDelivery,
  pickupAllowed,
  type AddressDraft,
  type CheckoutDraft,
  type Problem,
} from '../../stores/checkout-rules.ts';
import { appliedCoupon, couponLapsed, couponStatus } from '../../stores/coupon.ts';
import { computeDelivery, resetDelivery } from '../../stores/delivery-actions.ts';
import { deliveryKey } from '../../stores/delivery.ts';
import { loggedIn, readSession } from '../../stores/session.ts';
import { ADDRESS_PROBLEM_TEXT, type AddressProblem } from '../../api/contract/address-rules.ts';
import { addressProblemText, mayExcludeVat } from '../account/rules.ts';
import { ExcludeVatChoice, useVatCheck } from '../account/VatCheck.tsx';
import { CartSums } from '../cart/CartSums.tsx';
import { CouponBox } from '../cart/CouponBox.tsx';
import { ConnectionNote } from '../cart/ConnectionNote.tsx';
import { summarize, undeliverableCase } from '../cart/rules.ts';
import { useCart, type CartPageProps } from '../cart/use-cart.ts';
import '../cart/cart.scss';
import '../cart/cart-panel.scss';
import '../cart/cart-page.scss';
import './checkout.scss';
import { withBoundary } from '../IslandBoundary.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';

export interface CheckoutProps extends CartPageProps {
  termsHref: string;
  /** Locale configuration vat_min_length (the VAT check of the register form and of a guest company). */
  vatMinLength: number;
  /** The export's postcode format per country id (the example in the postcode message). */
  zipFormats: Record<number, string | null>;
}

// The account's forms (issue 13), loaded only when the shopper picks "log in" or "register".
const LoginForm = lazy(() => import('../account/LoginForm.tsx'));
const RegisterForm = lazy(() => import('../account/RegisterForm.tsx'));

function CheckoutIsland(props: CheckoutProps) {
  // The server renders the loading state; the stored cart and draft apply after hydration.
  useEffect(() => {
    loadDraft();
  }, []);
  const mounted = useHydrated();
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{m.checkout_title()}</h1>
      {mounted ? <CheckoutContent {...props} /> : <p className="checkout__loading">{m.checkout_loading()}</p>}
    </section>
  );
}

const PROBLEM_TEXT: Record<Problem, () => string> = {
  emailRequired: m.checkout_emailRequired,
  emailInvalid: m.checkout_emailInvalid,
  nameRequired: m.checkout_nameShort,
  addressRequired: m.checkout_required,
  vatRequired: m.checkout_required,
  vatInvalid: m.account_vatInvalid,
  phoneForFreight: m.checkout_phoneForFreight,
  deliveryRequired: m.checkout_deliveryRequired,
  paymentRequired: m.checkout_paymentRequired,
  termsRequired: m.checkout_termsRequired,
  undeliverableConfirm: m.checkout_undeliverableConfirmRequired,
  undeliverableAll: () => m.checkout_undeliverable(),
  emptyCart: m.checkout_emptyCart,
};

const fieldId = (name: string) => `co-${name.replace(/\./g, '-')}`;

/** The server's word for an address field (the address rules of issue 13, one implementation) in the shop's language. */
export function serverFieldText(message: string, zipFormat: string | null): string {
  const problem = (Object.entries(ADDRESS_PROBLEM_TEXT) as [AddressProblem, string][]).find(([, text]) => text === message)?.[0];
  return problem ? addressProblemText(problem, zipFormat) : message;
}

type Methods = { status: 'loading' } | { status: 'ready'; list: PaymentMethod[] } | { status: 'error' };

/** The longest a logged-in shopper's form waits for its address book, delivery and payment methods. */
const SHOW_AFTER_MS = 3000;

function CheckoutContent(props: CheckoutProps) {
  const cart = useCart(true, props);
  const draft = useStore(checkoutDraft);
  const user = useStore(loggedIn);
  const coupon = useStore(appliedCoupon);
  const couponState = useStore(couponStatus);
  const session = user ? readSession() : null;
  const [methods, setMethods] = useState<Methods>({ status: 'loading' });
  const [addresses, setAddresses] = useState<{ status: 'idle' | 'loading' | 'error' } | { status: 'ready'; list: AddressItem[] }>({ status: 'idle' });
  const [states, setStates] = useState<StateItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [processing, setProcessing] = useState(false);
  const resumed = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  // Focus moves to the first invalid field (else the error summary) once the render that shows the
  // errors (and enables the form again) is committed; a new object each time, so a repeat focuses again.
  const [focusTarget, setFocusTarget] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (focusTarget) ((focusTarget.id ? document.getElementById(focusTarget.id) : null) ?? errorRef.current)?.focus();
  }, [focusTarget]);
  const fmt = (cents: number) => formatMoney(cents, props.money);
  const country = props.countries.find((c) => c.id === cart.country) ?? props.countries[0]!;

  // A guest company's VAT number: the register form's check (account/VatCheck.tsx), on blur and at submit.
  const vat = useVatCheck(cart.country);
  const guestCompany = !session && draft.buyer === 'guest' && draft.customerKind === 'company';
  const checkVatField = async (raw: string) => {
    const answer = await vat.check(raw);
    setErrors((e) => ({ ...Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'vatNumber')), ...(answer.problem ? { vatNumber: answer.problem } : {}) }));
    return answer;
  };
  // A stored draft's number (a reload) is checked again, so that its outcome and the choice show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (guestCompany && draft.vatNumber.trim()) void checkVatField(draft.vatNumber);
  }, []);

  // Payment methods of the cart (they depend on the country, freight goods and the customer).
  const methodsKey = `${cart.id}|${cart.server?.country_id ?? 0}|${user}|${cart.server?.items.length ?? 0}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when its key changes, on purpose
  useEffect(() => {
    if (cart.id <= 0 || !cart.server) return;
    let live = true;
    setMethods({ status: 'loading' });
    call('activePayment', { params: { cartId: cart.id } })
      .then((r) => live && setMethods({ status: 'ready', list: r.data }))
      .catch((e: unknown) => {
        console.warn('checkout: payment methods', e);
        if (live) setMethods({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [methodsKey]);

  // The logged-in customer's address book.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when its key changes, on purpose
  useEffect(() => {
    if (!session) return;
    let live = true;
    setAddresses({ status: 'loading' });
    call('addressList', { query: { customer_id: session.customerId } })
      .then((r) => live && setAddresses({ status: 'ready', list: r.AddressItems }))
      .catch(() => live && setAddresses({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [session?.customerId]);

  // States (counties) of the delivery country, for guests (none: no field).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when its key changes, on purpose
  useEffect(() => {
    if (session) return;
    let live = true;
    call('states', { params: { countryId: cart.country } })
      .then((r) => live && setStates(r.data))
      .catch(() => live && setStates([]));
    return () => {
      live = false;
    };
  }, [cart.country, !!session]);

  const list = methods.status === 'ready' ? methods.list : [];
  const payment = defaultPayment(draft.payment, list);
  const delivery = cart.delivery;
  const deliveryOptions = delivery.status === 'ready' ? offeredDelivery(delivery.options, cart.country) : [];
  const deliveryId = delivery.status === 'ready' ? delivery.methodId : null;
  const hasFreight = !!cart.server?.items.some((i) => i.freight);
  const undeliverable = cart.server ? undeliverableCase(cart.lines) : 'none';
  const sum = summarize({ server: cart.server, lines: cart.lines, shipment: cart.shipment });
  const chosenAddress = addresses.status === 'ready' ? (addresses.list.find((a) => a.ID === (draft.shippingAddressId || session?.addressId)) ?? addresses.list[0]) : undefined;

  const effective: CheckoutDraft = { ...draft, payment, deliveryId };
  const ready = !!cart.server && delivery.status === 'ready' && methods.status === 'ready' && cart.shipment !== null;
  // A logged-in shopper's form is shown once its address book, delivery methods and payment methods
  // have answered (each with data or its failure): arriving one by one, each pushed the sections
  // below it down the screen (a layout shift of 0.05-0.18 at 412 px in Lighthouse, 0.002-0.01 in
  // the budget gate's checkout-in, 2026-11-28). Once shown, it stays (a later recount keeps the
  // form). A guest's form shows at once: its address fields fill the first screen.
  const answered = (status: string) => status === 'ready' || status === 'error';
  // A cart the API could not read shows the form at once, with its connection text (nothing else can come).
  const allAnswered = cart.status === 'error' || (answered(addresses.status) && answered(delivery.status) && answered(methods.status));
  const [shown, setShown] = useState(!session);
  useEffect(() => {
    if (allAnswered) setShown(true);
  }, [allAnswered]);
  // Whatever is still missing after SHOW_AFTER_MS, the form shows with its placeholders: a shopper is never left with a loading line.
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const place = async (resume = false) => {
    if (processing && !resume) return;
    const problems = checkDraft(effective, {
      loggedIn: !!session,
      hasFreight,
      chosenAddressPhone: chosenAddress?.PHONE ?? '',
      undeliverable,
      lines: cart.lines.length,
      vatMinLength: props.vatMinLength,
    });
    const found: Record<string, string> = {};
    for (const [k, p] of Object.entries(problems)) if (p) found[k] = PROBLEM_TEXT[p]();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFormError(m.checkout_errorsTitle());
      const first = PROBLEM_ORDER.find((k) => found[k]);
      setFocusTarget({ id: fieldId(first ?? 'terms') });
      return;
    }
    setErrors({});
    setFormError(null);
    setProcessing(true);
    // a guest company buys only with a VAT number the check says is valid
    if (guestCompany) {
      const { problem } = await checkVatField(effective.vatNumber);
      if (problem) {
        setProcessing(false);
        setErrors({ vatNumber: problem });
        setFormError(m.checkout_errorsTitle());
        setFocusTarget({ id: fieldId('vatNumber') });
        return;
      }
    }
    const result = await submitOrder(
      {
        draft: effective,
        cartId: cart.id,
        countryId: cart.country,
        taxTitle: country.taxTitle,
        locale: props.locale,
        methods: list,
        partialDelivery: undeliverable === 'some',
        labels: { shipping: m.checkout_shipping(), billing: m.checkout_billing() },
        shownTotal: sum.total,
      },
      { resume },
    );
    if (result.ok) {
      location.assign(result.url);
      return;
    }
    if ('busy' in result) return;
    setProcessing(false);
    if ('repriced' in result) {
      // the registration changed the prices: the summary shows the new ones, the shopper orders again
      setErrors({});
      setFormError(result.message);
      setFocusTarget({ id: null });
      return;
    }
    setErrors(Object.fromEntries(Object.entries(result.fields ?? {}).map(([k, v]) => [k, serverFieldText(v, props.zipFormats[cart.country] ?? null)])));
    setFormError(
      <>
        {result.message}
        {result.accountExists && (
          <>
            {' '}
            <a href="/login-register">{m.checkout_loginLink()}</a> · <a href="/forgot-password">{m.checkout_forgotPassword()}</a>
          </>
        )}
      </>,
    );
    const first = result.fields ? Object.keys(result.fields)[0] : undefined;
    setFocusTarget({ id: first ? fieldId(first) : null });
  };

  // A reload while paying: the same request again (the server answers with the same order).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when its key changes, on purpose
  useEffect(() => {
    if (resumed.current || !ready || cart.id <= 0) return;
    resumed.current = true;
    if (lockHolds(readLock(), cart.id, Date.now())) void place(true);
  }, [ready]);

  const pickDelivery = (id: number) => {
    setDeliveryId(id);
    resetDelivery();
    void computeDelivery(
      {
        cartId: cart.id,
        countryId: cart.country,
        locale: props.locale,
        key: `${deliveryKey({ cartId: cart.id, countryId: cart.country, lines: cart.lines.map((l) => ({ quantity: l.quantity, cartItemId: l.cartItemId ?? undefined })) })}|pick${id}`,
      },
      { force: true },
    );
  };

  if (cart.lines.length === 0) {
    // The cart could not be read (the API down): its connection text, not 'your cart is empty'.
    if (cart.status === 'error' && cart.error) return <ConnectionNote cart={cart} />;
    return cart.loading || !cart.loaded ? (
      <p className="checkout__loading">{m.checkout_loading()}</p>
    ) : (
      <div className="cart-page__empty" data-checkout-empty>
        <p>{m.checkout_emptyCart()}</p>
        <a className="button" href="/">
          {m.cartPage_continue()}
        </a>
      </div>
    );
  }

  if (!shown) return <p className="checkout__loading">{m.checkout_loading()}</p>;

  const err = (name: string) => errors[name];
  const set = (change: Partial<CheckoutDraft>) => updateDraft(change);
  const lapsed = couponLapsed(cart.server, coupon);

  return (
    <div className="checkout__grid" aria-busy={processing}>
      <div className="checkout__main">
        <div ref={errorRef} tabIndex={-1} className="checkout__alert" role="alert" data-checkout-error>
          {formError && <p>{formError}</p>}
        </div>
        <ConnectionNote cart={cart} />

        <fieldset className="checkout__section" disabled={processing}>
          <legend>{m.checkout_who()}</legend>
          {session ? (
            <p data-checkout-customer>{m.checkout_loggedInAs({ email: session.email })}</p>
          ) : (
            <>
              <div className="checkout__tabs" role="radiogroup" aria-label={m.checkout_who()}>
                {(['guest', 'login', 'register'] as const).map((b) => (
                  <label key={b} className="checkout__choice">
                    <input type="radio" name="buyer" value={b} checked={draft.buyer === b} onChange={() => set({ buyer: b })} />
                    {b === 'guest' ? m.checkout_guest() : b === 'login' ? m.checkout_loginTab() : m.checkout_registerTab()}
                  </label>
                ))}
              </div>
              {draft.buyer !== 'guest' ? (
                <div className="checkout__signin" data-checkout-signin={draft.buyer}>
                  <p className="checkout__hint">{m.checkout_loginHint()}</p>
                  <Suspense fallback={<p className="checkout__placeholder">{m.checkout_loading()}</p>}>
                    {draft.buyer === 'login' ? (
                      <LoginForm id="co-login" onDone={() => undefined} />
                    ) : (
                      <RegisterForm id="co-register" locale={props.locale} countryId={cart.country} vatMinLength={props.vatMinLength} onDone={() => undefined} />
                    )}
                  </Suspense>
                </div>
              ) : (
                <Field name="email" label={m.checkout_email()} error={err('email')} required>
                  {(p) => <input {...p} type="email" autoComplete="email" value={draft.email} onChange={(e) => set({ email: e.target.value })} />}
                </Field>
              )}
            </>
          )}
        </fieldset>

        <form
          id="co-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void place();
          }}
          data-checkout-form
        >
          {session ? (
            <fieldset className="checkout__section" disabled={processing}>
              <legend>{m.checkout_shipping()}</legend>
              {addresses.status === 'error' && <p className="cart-page__error">{m.checkout_addressBookFailed()}</p>}
              {addresses.status === 'ready' && (
                <>
                  <AddressChoice
                    name="shippingAddressId"
                    list={addresses.list}
                    value={chosenAddress?.ID ?? 0}
                    error={err('shippingAddressId')}
                    onChange={(id) => set({ shippingAddressId: id })}
                  />
                  <label className="checkout__check">
                    <input type="checkbox" checked={draft.billingSame} onChange={(e) => set({ billingSame: e.target.checked })} /> {m.checkout_billingSame()}
                  </label>
                  {!draft.billingSame && (
                    <>
                      <h3 className="checkout__subtitle">{m.checkout_billing()}</h3>
                      <AddressChoice
                        name="billingAddressId"
                        list={addresses.list}
                        value={draft.billingAddressId || chosenAddress?.ID || 0}
                        onChange={(id) => set({ billingAddressId: id })}
                      />
                    </>
                  )}
                  <p>
                    <a href="/account">{m.checkout_manageAddresses()}</a>
                  </p>
                </>
              )}
              {hasFreight && <p className="checkout__hint">{m.checkout_phoneFreightHint()}</p>}
            </fieldset>
          ) : draft.buyer === 'guest' ? (
            <fieldset className="checkout__section" disabled={processing}>
              <legend>{m.checkout_shipping()}</legend>
              <div className="checkout__tabs" role="radiogroup" aria-label={m.checkout_kind()}>
                {(['private', 'company'] as const).map((k) => (
                  <label key={k} className="checkout__choice">
                    <input type="radio" name="customerKind" value={k} checked={draft.customerKind === k} onChange={() => set({ customerKind: k })} />
                    {k === 'private' ? m.checkout_private() : m.checkout_company()}
                  </label>
                ))}
              </div>
              <AddressFields
                prefix="shipping"
                value={draft.shipping}
                company={draft.customerKind === 'company'}
                errors={errors}
                states={states}
                freight={hasFreight}
                countryText={country.title}
                onChange={(a) => set({ shipping: a })}
              >
                {draft.customerKind === 'company' && (
                  <>
                    <Field
                      name="vatNumber"
                      label={m.account_vatNumber()}
                      error={err('vatNumber')}
                      ok={vat.result?.outcome === 'valid' ? m.account_vatValid() : undefined}
                      required
                      live
                    >
                      {(p) => (
                        <input
                          {...p}
                          type="text"
                          autoComplete="off"
                          autoCapitalize="characters"
                          spellCheck={false}
                          minLength={props.vatMinLength}
                          maxLength={20}
                          value={draft.vatNumber}
                          onChange={(e) => {
                            // a changed number: its last outcome and the choice made on it no longer hold
                            vat.reset();
                            set({ vatNumber: e.target.value, excludeVat: false });
                          }}
                          onBlur={(e) => {
                            if (e.currentTarget.value.trim()) void checkVatField(e.currentTarget.value);
                          }}
                        />
                      )}
                    </Field>
                    <ExcludeVatChoice
                      id={fieldId('excludeVat')}
                      checked={draft.excludeVat}
                      offered={mayExcludeVat(draft.customerKind, vat.result?.outcome ?? null)}
                      onChange={(excludeVat) => set({ excludeVat })}
                    />
                  </>
                )}
              </AddressFields>
              <label className="checkout__check">
                <input type="checkbox" checked={draft.billingSame} onChange={(e) => set({ billingSame: e.target.checked })} data-billing-same /> {m.checkout_billingSame()}
              </label>
              {!draft.billingSame && (
                <>
                  <h3 className="checkout__subtitle">{m.checkout_billing()}</h3>
                  <AddressFields
                    prefix="billing"
                    value={draft.billing}
                    company={draft.customerKind === 'company'}
                    errors={errors}
                    states={states}
                    freight={false}
                    countryText={country.title}
                    onChange={(a) => set({ billing: a })}
                  />
                </>
              )}
            </fieldset>
          ) : null}

          <fieldset className="checkout__section" disabled={processing} aria-describedby={err('delivery') ? 'co-delivery-error' : undefined}>
            <legend>{m.checkout_delivery()}</legend>
            {delivery.status === 'error' && (
              <p className="cart-page__error" data-delivery-error>
                {m.checkout_deliveryFailed()}
              </p>
            )}
            {delivery.status === 'ready' && deliveryOptions.length === 0 && <p className="cart-page__error">{m.delivery_none()}</p>}
            {delivery.status !== 'ready' && delivery.status !== 'error' && <p className="checkout__placeholder">{m.minicart_computing()}</p>}
            {deliveryOptions.map((o, i) => (
              <label key={o.id} className="checkout__option">
                <input
                  type="radio"
                  name="delivery"
                  value={o.id}
                  id={i === 0 ? fieldId('delivery') : undefined}
                  checked={deliveryId === o.id}
                  onChange={() => pickDelivery(o.id)}
                  data-delivery={o.id}
                />
                <span>{o.title}</span>
                <span className="checkout__price">{o.cents === null ? '' : o.cents === 0 ? m.minicart_free() : fmt(o.cents)}</span>
              </label>
            ))}
            {!pickupAllowed(cart.country) && (
              <p className="checkout__hint" data-no-pickup>
                {m.footer_noPickup()}
              </p>
            )}
            {err('delivery') && (
              <p className="field__error" id="co-delivery-error">
                {err('delivery')}
              </p>
            )}
          </fieldset>

          <fieldset className="checkout__section" disabled={processing} aria-describedby={err('payment') ? 'co-payment-error' : undefined}>
            <legend>{m.checkout_payment()}</legend>
            {methods.status === 'error' && <p className="cart-page__error">{m.checkout_paymentsFailed()}</p>}
            {methods.status === 'loading' && <p className="checkout__placeholder">{m.checkout_loading()}</p>}
            {list.map((p, i) => (
              <label key={p.code} className="checkout__option">
                <input
                  type="radio"
                  name="payment"
                  value={p.code}
                  id={i === 0 ? fieldId('payment') : undefined}
                  checked={payment === p.code}
                  onChange={() => set({ payment: p.code })}
                  data-payment={p.code}
                />
                <span>{p.title}</span>
              </label>
            ))}
            {err('payment') && (
              <p className="field__error" id="co-payment-error">
                {err('payment')}
              </p>
            )}
          </fieldset>

          <fieldset className="checkout__section" disabled={processing}>
            <legend>{m.checkout_notes()}</legend>
            <label className="visually-hidden" htmlFor={fieldId('message')}>
              {m.checkout_notes()}
            </label>
            <textarea id={fieldId('message')} rows={3} maxLength={2000} value={draft.message} onChange={(e) => set({ message: e.target.value })} data-notes />
          </fieldset>
        </form>
      </div>

      <aside className="checkout__summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">{m.checkout_summary()}</h2>
        <ul className="checkout__lines">
          {cart.lines.map((l) => (
            <li key={l.key} data-checkout-line>
              <span>
                {l.quantity} × {l.title}
              </span>
              <span>{fmt(l.unitCents * l.quantity)}</span>
              {l.undeliverable && cart.server && <span className="cart-line__undeliverable">{m.undeliverable_item({ country: country.title })}</span>}
            </li>
          ))}
        </ul>
        <CartSums cart={cart} coupon={coupon} taxTitle={country.taxTitle} fmt={fmt} data-cart-sums />
        <CouponBox applied={cart.server?.coupon_code ?? null} stored={coupon} lapsed={lapsed} state={couponState} />
        {undeliverable === 'some' && (
          <label className="checkout__check checkout__warning">
            <input
              id={fieldId('undeliverable')}
              type="checkbox"
              checked={draft.undeliverableConfirmed}
              onChange={(e) => set({ undeliverableConfirmed: e.target.checked })}
              aria-invalid={!!err('undeliverable')}
              aria-describedby={err('undeliverable') ? 'co-undeliverable-error' : undefined}
              data-undeliverable-confirm
            />
            {m.checkout_undeliverableConfirm()}
          </label>
        )}
        {undeliverable === 'all' && (
          <p className="cart-page__blocked" id="co-undeliverable-error" data-undeliverable="all">
            {m.undeliverable_all({ country: country.title })}
          </p>
        )}
        {err('undeliverable') && undeliverable === 'some' && (
          <p className="field__error" id="co-undeliverable-error">
            {err('undeliverable')}
          </p>
        )}
        <label className="checkout__check checkout__terms">
          <input
            id={fieldId('terms')}
            type="checkbox"
            checked={draft.terms}
            disabled={processing}
            onChange={(e) => set({ terms: e.target.checked })}
            aria-invalid={!!err('terms')}
            aria-describedby={err('terms') ? 'co-terms-error' : undefined}
            required
            data-terms
          />
          <span>{termsText(props.termsHref)}</span>
        </label>
        {err('terms') && (
          <p className="field__error" id="co-terms-error">
            {err('terms')}
          </p>
        )}
        <p className="checkout__pay-total" data-pay-total>
          {m.checkout_buttonTotal({ total: fmt(sum.total) })}
        </p>
        <button type="submit" form="co-form" className="button checkout__buy" disabled={!ready || undeliverable === 'all'} aria-describedby="co-processing" data-buy>
          {m.checkout_button()}
        </button>
        <p id="co-processing" className="checkout__processing" role="status" data-processing>
          {processing ? m.checkout_processing() : ''}
        </p>
      </aside>
    </div>
  );
}

function termsText(href: string) {
  const marker = '\u0000';
  const [before, after] = m.checkout_terms({ terms: marker }).split(marker);
  return (
    <>
      {before}
      <a href={href} target="_blank" rel="noopener">
        {m.checkout_termsLink()}
      </a>
      {after}
    </>
  );
}

interface FieldInputProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  required: boolean;
}

function Field({
  name,
  label,
  error,
  required,
  hint,
  ok,
  live,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  hint?: string;
  /** A check's good word (the VAT number is valid), shown where the error would be. */
  ok?: string | undefined;
  /** The error (or `ok`) appears without a submit (a check on blur): announced politely. */
  live?: boolean;
  children: (p: FieldInputProps) => ReactNode;
}) {
  const id = fieldId(name);
  const describedBy = [error || ok ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({ id, name, 'aria-invalid': !!error, 'aria-describedby': describedBy, required: !!required })}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {live ? (
        <p className={error ? 'field__error' : 'field__ok'} id={`${id}-error`} aria-live="polite">
          {error ?? ok ?? ''}
        </p>
      ) : (
        error && (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        )
      )}
    </div>
  );
}

function AddressFields({
  prefix,
  value,
  company,
  errors,
  states,
  freight,
  countryText,
  onChange,
  children,
}: {
  prefix: 'shipping' | 'billing';
  value: AddressDraft;
  company: boolean;
  errors: Record<string, string>;
  states: StateItem[];
  freight: boolean;
  countryText: string;
  onChange: (a: AddressDraft) => void;
  /** Shown after the company name (the guest company's VAT number). */
  children?: ReactNode;
}) {
  const section = prefix === 'shipping' ? 'shipping' : 'billing';
  const ac = (token: string) => `section-${section} ${prefix === 'shipping' ? 'shipping' : 'billing'} ${token}`;
  const text = (key: keyof AddressDraft, label: string, autoComplete: string, required = true, type = 'text', hint?: string) => (
    <Field name={`${prefix}.${key}`} label={label} error={errors[`${prefix}.${key}`]} required={required} hint={hint}>
      {(p) => <input {...p} type={type} autoComplete={ac(autoComplete)} value={String(value[key])} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />}
    </Field>
  );
  return (
    <div className="checkout__address" data-address={prefix}>
      <Field name={`${prefix}.title`} label={m.checkout_salutation()}>
        {(p) => (
          <select {...p} autoComplete={ac('honorific-prefix')} value={value.title} onChange={(e) => onChange({ ...value, title: Number(e.target.value) })}>
            <option value={1}>{m.checkout_mr()}</option>
            <option value={2}>{m.checkout_miss()}</option>
          </select>
        )}
      </Field>
      {company && text('company', m.checkout_companyName(), 'organization')}
      {children}
      {text('firstname', m.checkout_firstname(), 'given-name')}
      {text('lastname', m.checkout_lastname(), 'family-name')}
      {text('address1', m.checkout_street(), 'address-line1')}
      {text('address2', m.checkout_number(), 'address-line2')}
      {text('address3', m.checkout_address3(), 'address-line3', false)}
      {text('zipcode', m.checkout_zip(), 'postal-code')}
      {text('city', m.checkout_city(), 'address-level2')}
      {states.length > 0 && (
        <Field name={`${prefix}.state_id`} label={m.checkout_state()} error={errors[`${prefix}.state_id`]} required>
          {(p) => (
            <select {...p} autoComplete={ac('address-level1')} value={value.state_id} onChange={(e) => onChange({ ...value, state_id: e.target.value })}>
              <option value="">{m.checkout_choose()}</option>
              {states.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <p className="checkout__country">
        {m.checkout_country()}: <strong>{countryText}</strong>
      </p>
      {text('phone', m.checkout_phone(), 'tel', true, 'tel', freight ? m.checkout_phoneFreightHint() : undefined)}
    </div>
  );
}

function AddressChoice({ name, list, value, error, onChange }: { name: string; list: AddressItem[]; value: number; error?: string; onChange: (id: number) => void }) {
  return (
    <div role="radiogroup" aria-label={m.checkout_addressBook()} aria-describedby={error ? `${fieldId(name)}-error` : undefined} className="checkout__addresses">
      {list.map((a, i) => (
        <label key={a.ID} className="checkout__option">
          <input type="radio" name={name} id={i === 0 ? fieldId(name) : undefined} checked={value === a.ID} onChange={() => onChange(a.ID)} data-address-id={a.ID} />
          <span>
            <strong>{a.LABEL}</strong>: {a.FIRSTNAME} {a.LASTNAME}, {a.ADDRESS1} {a.ADDRESS2}, {a.ZIPCODE} {a.CITY}, {a.COUNTRY_TITLE}
            {a.PHONE ? `, ${a.PHONE}` : ''}
          </span>
        </label>
      ))}
      {error && (
        <p className="field__error" id={`${fieldId(name)}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(CheckoutIsland);
