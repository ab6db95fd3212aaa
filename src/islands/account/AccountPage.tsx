/**
 * /account (spec §2): personal information (view and change), the address book (list, add, edit,
 * delete, set default) with the spec §5 address rules, the orders (limit 999) with date, reference,
 * total, status, tracking number and invoice PDF, and the password change. Only for a logged-in
 * shopper: without a session (or when another tab logs out) it goes to /login-register. Every
 * failure says so in the spec §8 words and keeps what was typed.
 */
import { PostalAddress } from './PostalAddress.tsx';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { m } from '../../i18n/generated/messages.js';
import { call } from '../../api/client.ts';
import type { AddressInput, AddressItem } from '../../api/contract/address.ts';
import type { CustomerItem } from '../../api/contract/customer.ts';
import type { OrderItem } from '../../api/contract/order.ts';
import { formatMoney, toCents } from '../../catalog/prices.ts';
import { loggedIn, type StoredSession } from '../../stores/session.ts';
import { sessionOrLogin } from './session-gate.ts';
import { logout } from '../../stores/session-actions.ts';
import AddressForm, { type AddressCountryView } from './AddressForm.tsx';
import { Field, FormMessage, LoadFailed, useFormState, value, type Status } from './form.tsx';
import { accountErrorText, nameProblem, newPasswordProblems } from './rules.ts';
import { orderDate, statusText, type Money } from './OrderDetail.tsx';
import { downloadInvoice } from './invoice.ts';
import { NewsletterToggle } from './NewsletterToggle.tsx';
import { withBoundary } from '../IslandBoundary.tsx';
import { ServerErrorLink } from '../ServerErrorLink.tsx';
import './account.scss';

export interface AccountPageProps {
  money: Money;
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
  countryId: number;
  countries: AddressCountryView[];
}

function AccountPageIsland(props: AccountPageProps) {
  const [session, setSession] = useState<StoredSession | null | undefined>(undefined);
  const user = useStore(loggedIn);
  // Again whenever the session changes (another tab logging out).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `user` is the trigger, the session is read
  useEffect(() => {
    const s = sessionOrLogin();
    if (s) setSession(s);
  }, [user]);
  return (
    <section className="account-page" aria-labelledby="account-title">
      <h1 id="account-title">{m.account_pageTitle()}</h1>
      {session ? <AccountContent {...props} session={session} /> : <p>{m.account_loading()}</p>}
    </section>
  );
}

type Loaded = 'personal' | 'addresses' | 'orders';
const LOADED: readonly Loaded[] = ['personal', 'addresses', 'orders'];

/**
 * The three sections load in parallel, each with its own message and retry; they are shown
 * together once each has answered (data or its failure), so no section arriving first pushes the
 * others down the screen (the page's layout shift was 0.12-0.44 at 390 px).
 */
function AccountContent(props: AccountPageProps & { session: StoredSession }) {
  const [settled, setSettled] = useState<ReadonlySet<Loaded>>(new Set());
  const settle = useCallback((part: Loaded) => setSettled((done) => (done.has(part) ? done : new Set(done).add(part))), []);
  const ready = LOADED.every((part) => settled.has(part));
  return (
    <>
      {ready ? null : <p>{m.account_loading()}</p>}
      <div className="account-page__sections" hidden={!ready}>
        <Personal session={props.session} onSettled={settle} />
        <Addresses {...props} onSettled={settle} />
        <Orders {...props} onSettled={settle} />
        <ChangePassword />
      </div>
    </>
  );
}

// --- personal information ---------------------------------------------------------------------

type PF = 'title' | 'firstname' | 'lastname' | 'company';
function Personal({ session, onSettled }: { session: StoredSession; onSettled: (part: Loaded) => void }) {
  const [customer, setCustomer] = useState<CustomerItem | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { ref, errors, status, setStatus, fail } = useFormState<PF>('personal');
  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await call('customerLookup', { query: { email: session.email } });
      setCustomer(answer.CustomerItems[0] ?? null);
    } catch (error) {
      setLoadError(accountErrorText(error));
    }
    onSettled('personal');
  }, [session.email, onSettled]);
  useEffect(() => void load(), [load]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const problems: Partial<Record<PF, string>> = {};
    const first = nameProblem(value(data, 'firstname'));
    if (first) problems.firstname = first;
    const last = nameProblem(value(data, 'lastname'));
    if (last) problems.lastname = last;
    if (fail(problems, ['title', 'firstname', 'lastname', 'company'])) return;
    setStatus({ kind: 'busy' });
    try {
      const title = Number(value(data, 'title')) as 1 | 2 | 3 | 5;
      const answer = await call('customerUpdate', {
        body: { title, firstname: value(data, 'firstname').trim(), lastname: value(data, 'lastname').trim(), company: value(data, 'company').trim() || undefined },
      });
      if (answer.CustomerItems[0]) setCustomer(answer.CustomerItems[0]);
      setStatus({ kind: 'done', text: m.account_saved() });
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error) });
    }
  };

  return (
    <section aria-labelledby="personal-heading">
      <h2 id="personal-heading">{m.account_personal()}</h2>
      {loadError ? (
        <LoadFailed text={loadError} onRetry={() => void load()}>
          <ServerErrorLink />
        </LoadFailed>
      ) : null}
      {customer ? (
        <form ref={ref} className="account-form" noValidate onSubmit={submit} data-customer-ref={customer.REF}>
          <p className="account-form__note">{m.account_requiredNote()}</p>
          <p>
            <strong>{m.account_email()}:</strong> <span data-customer-email>{customer.EMAIL}</span>
          </p>
          <Field form="personal" name="title" label={m.account_title()}>
            <select id="personal-title" name="title" defaultValue={String([1, 2, 3, 5].includes(customer.TITLE) ? customer.TITLE : 3)} autoComplete="honorific-prefix">
              <option value="1">{m.account_titleMr()}</option>
              <option value="2">{m.account_titleMiss()}</option>
              <option value="5">{m.account_titleAssociation()}</option>
              <option value="3">{m.account_titleCompany()}</option>
            </select>
          </Field>
          <Field form="personal" name="firstname" label={m.account_firstname()} required autoComplete="given-name" defaultValue={customer.FIRSTNAME} error={errors.firstname} />
          <Field form="personal" name="lastname" label={m.account_lastname()} required autoComplete="family-name" defaultValue={customer.LASTNAME} error={errors.lastname} />
          {customer.IS_COMPANY ? <Field form="personal" name="company" label={m.account_companyName()} autoComplete="organization" defaultValue={customer.COMPANY ?? ''} /> : null}
          {customer.VAT_NUMBER ? (
            <p>
              <strong>{m.account_vatNumber()}:</strong> {customer.VAT_NUMBER}
              {customer.EXCLUDE_VAT ? ` · ${m.account_vatExcluded()}` : ''}
            </p>
          ) : null}
          <FormMessage status={status} />
          <div className="account-form__actions">
            <button className="button" type="submit" disabled={status.kind === 'busy'}>
              {status.kind === 'busy' ? m.account_busy() : m.account_save()}
            </button>
          </div>
        </form>
      ) : !loadError ? (
        <p>{m.account_loading()}</p>
      ) : null}
      {customer ? <NewsletterToggle email={customer.EMAIL} subscribed={customer.NEWSLETTER} /> : null}
    </section>
  );
}

// --- address book -------------------------------------------------------------------------------

function Addresses(props: AccountPageProps & { session: StoredSession; onSettled: (part: Loaded) => void }) {
  const { session, onSettled } = props;
  const [items, setItems] = useState<AddressItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await call('addressList', { query: { customer_id: session.customerId, limit: 100 } });
      setItems(answer.AddressItems);
    } catch (error) {
      console.error('account: error fetching addresses', error);
      setLoadError(m.account_addressFetchError());
    }
    onSettled('addresses');
  }, [session.customerId, onSettled]);
  useEffect(() => void load(), [load]);

  const save = (id: number | 'new') => async (input: AddressInput) => {
    try {
      if (id === 'new') await call('addressCreate', { body: { ...input, customer_id: session.customerId } });
      else await call('addressUpdate', { params: { id }, body: input });
      setEditing(null);
      setStatus({ kind: 'done', text: m.account_addressSaved() });
      await load();
      return null;
    } catch (error) {
      return accountErrorText(error, id === 'new' ? m.account_addAddressFailed() : m.account_updateAddressFailed());
    }
  };

  const remove = async (a: AddressItem) => {
    if (!confirm(m.account_confirmDelete({ label: a.LABEL }))) return;
    setStatus({ kind: 'busy' });
    try {
      await call('addressDelete', { params: { customerId: session.customerId, addressId: a.ID } });
      setStatus({ kind: 'done', text: m.account_addressDeleted() });
      await load();
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error, m.account_deleteAddressFailed()) });
    }
  };

  const setDefault = async (a: AddressItem) => {
    setStatus({ kind: 'busy' });
    try {
      await call('addressSetDefault', { params: { id: a.ID } });
      setStatus({ kind: 'done', text: m.account_saved() });
      await load();
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error, m.account_updateAddressFailed()) });
    }
  };

  const start = (a?: AddressItem) =>
    a
      ? {
          label: a.LABEL,
          title: a.TITLE,
          firstname: a.FIRSTNAME,
          lastname: a.LASTNAME,
          company: a.COMPANY,
          address1: a.ADDRESS1,
          address2: a.ADDRESS2,
          address3: a.ADDRESS3,
          zipcode: a.ZIPCODE,
          city: a.CITY,
          country_id: a.COUNTRY_ID,
          state_id: a.STATE_ID,
          phone: a.PHONE,
          cellphone: a.CELLPHONE,
        }
      : undefined;

  return (
    <section aria-labelledby="addresses-title">
      <h2 id="addresses-title">{m.account_addresses()}</h2>
      <FormMessage status={status} />
      {loadError ? <LoadFailed text={loadError} onRetry={() => void load()} /> : null}
      {items === null && !loadError ? <p>{m.account_loading()}</p> : null}
      {items && items.length === 0 ? <p>{m.account_noAddresses()}</p> : null}
      {items && items.length > 0 ? (
        <ul className="address-book">
          {items.map((a) => (
            <li key={a.ID} className="address-book__item" data-address-id={a.ID}>
              {editing === a.ID ? (
                <AddressForm
                  id={`address-${a.ID}`}
                  countries={props.countries}
                  defaultCountryId={props.countryId}
                  initial={start(a)}
                  submitLabel={m.account_saveAddress()}
                  onSubmit={save(a.ID)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <h3>{a.LABEL}</h3>
                  {a.IS_DEFAULT ? <span className="address-book__default">{m.account_default()}</span> : null}
                  <PostalAddress a={a} />
                  <div className="address-book__actions">
                    <button type="button" className="button button--secondary" onClick={() => setEditing(a.ID)}>
                      {m.account_editAddress({ label: a.LABEL })}
                    </button>
                    {!a.IS_DEFAULT ? (
                      <>
                        <button type="button" className="button button--secondary" onClick={() => void setDefault(a)}>
                          {m.account_setDefault({ label: a.LABEL })}
                        </button>
                        <button type="button" className="button button--secondary" onClick={() => void remove(a)}>
                          {m.account_deleteAddress({ label: a.LABEL })}
                        </button>
                      </>
                    ) : null}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <>
          <h3>{m.account_addAddress()}</h3>
          <AddressForm
            id="address-new"
            countries={props.countries}
            defaultCountryId={props.countryId}
            submitLabel={m.account_saveAddress()}
            onSubmit={save('new')}
            onCancel={() => setEditing(null)}
          />
        </>
      ) : (
        <p>
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {m.account_addAddress()}
          </button>
        </p>
      )}
    </section>
  );
}

// --- orders -------------------------------------------------------------------------------------

function Orders(props: AccountPageProps & { session: StoredSession; onSettled: (part: Loaded) => void }) {
  const { onSettled } = props;
  const [orders, setOrders] = useState<OrderItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      const answer = await call('orderList', { query: { customer: props.session.customerId, limit: 999 } });
      setOrders(answer.OrderItems);
    } catch (e) {
      setError(accountErrorText(e));
    }
    onSettled('orders');
  }, [props.session.customerId, onSettled]);
  useEffect(() => void load(), [load]);
  const fmt = (amount: number) => formatMoney(toCents(amount), props.money);
  const pdf = async (o: OrderItem) => {
    const problem = await downloadInvoice(o.ID, o.REF);
    if (problem) setError(problem);
  };
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">{m.account_orders()}</h2>
      {error ? <LoadFailed text={error} onRetry={() => void load()} /> : null}
      {orders === null && !error ? <p>{m.account_loading()}</p> : null}
      {orders && orders.length === 0 ? <p>{m.account_noOrders()}</p> : null}
      {orders && orders.length > 0 ? (
        <div className="orders-table">
          <table>
            <thead>
              <tr>
                <th scope="col">{m.account_orderDate()}</th>
                <th scope="col">{m.account_orderRef()}</th>
                <th scope="col">{m.account_orderTotal()}</th>
                <th scope="col">{m.account_orderStatus()}</th>
                <th scope="col">{m.account_tracking()}</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.ID} data-order-ref={o.REF}>
                  <td>{orderDate(o.CREATE_DATE, props.money.locale)}</td>
                  <td>
                    <a href={`/account/order/${o.ID}`} aria-label={m.account_orderShow({ ref: o.REF })}>
                      {o.REF}
                    </a>
                  </td>
                  <td>{fmt(o.TOTAL)}</td>
                  <td>{statusText(o.STATUS)}</td>
                  <td>{o.TRACKING_NUMBER ?? '–'}</td>
                  <td>
                    <button type="button" className="button button--secondary" onClick={() => void pdf(o)}>
                      {m.account_invoicePdf({ ref: o.REF })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

// --- password -----------------------------------------------------------------------------------

type CF = 'old_password' | 'password' | 'password_confirm';
function ChangePassword() {
  const { ref, errors, status, setStatus, fail } = useFormState<CF>('change-password');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const old = value(data, 'old_password');
    const problems: Partial<Record<CF, string>> = { ...newPasswordProblems(value(data, 'password'), value(data, 'password_confirm')) };
    if (!old) problems.old_password = m.account_required();
    if (fail(problems, ['old_password', 'password', 'password_confirm'])) return;
    setStatus({ kind: 'busy' });
    try {
      await call('changePassword', { body: { old_password: old, password: value(data, 'password'), password_confirm: value(data, 'password_confirm') } });
      setStatus({ kind: 'done', text: m.account_passwordChanged() });
      // The server ends every session of the customer: log in again with the new password. Logging
      // out is enough: AccountPage sends a logged-out visitor to /login-register (one navigation;
      // a second one here aborted the first).
      setTimeout(logout, 2500);
    } catch (error) {
      setStatus({ kind: 'error', text: accountErrorText(error) });
    }
  };
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{m.account_changePassword()}</h2>
      <form ref={ref} className="account-form" noValidate onSubmit={submit}>
        <p className="account-form__note">{m.account_requiredNote()}</p>
        <Field form="change-password" name="old_password" type="password" label={m.account_oldPassword()} required autoComplete="current-password" error={errors.old_password} />
        <Field form="change-password" name="password" type="password" label={m.account_newPassword()} required autoComplete="new-password" error={errors.password} />
        <Field
          form="change-password"
          name="password_confirm"
          type="password"
          label={m.account_passwordConfirm()}
          required
          autoComplete="new-password"
          error={errors.password_confirm}
        />
        <FormMessage status={status} />
        <div className="account-form__actions">
          <button className="button" type="submit" disabled={status.kind === 'busy'}>
            {status.kind === 'busy' ? m.account_busy() : m.account_changePassword()}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(AccountPageIsland);
