/**
 * An address form (spec §5): label, title, names, company, street name, street number, extra
 * line, postcode, city, country, state (from /api/ExternalOrderApi/county/{countryId} when the
 * country has states), phone, mobile. The rules are src/api/contract/address-rules.ts, the same
 * the shop API applies. Required fields carry an asterisk; on submit the problems show by their
 * fields, are announced, and the first one gets the focus. `onSubmit` gets the address for the API
 * and answers an error text (shown, the typed values kept) or null. Usable on its own (checkout).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { ADDRESS_FIELDS, addressProblems, type AddressCountry, type AddressField } from '../../api/contract/address-rules.ts';
import type { AddressInput } from '../../api/contract/address.ts';
import { Field, FormMessage, useFormState, value } from './form.tsx';
import { addressProblemText } from './rules.ts';

/** A country the address may be in, as the page passes it (from the shop config and the catalog). */
export interface AddressCountryView {
  id: number;
  isoalpha2: string;
  title: string;
  zipFormat: string | null;
  hasStates: boolean;
}

/** The values an address starts with (an address book item's, lower-case). */
export interface AddressStart {
  label?: string;
  title?: number;
  firstname?: string;
  lastname?: string;
  company?: string | null;
  address1?: string;
  address2?: string;
  address3?: string | null;
  zipcode?: string;
  city?: string;
  country_id?: number;
  state_id?: number | null;
  phone?: string;
  cellphone?: string | null;
}

export interface AddressFormProps {
  /** Unique in the page (ids are `${id}-field`). */
  id: string;
  countries: AddressCountryView[];
  defaultCountryId: number;
  initial?: AddressStart;
  submitLabel: string;
  onSubmit: (address: AddressInput) => Promise<string | null>;
  onCancel?: () => void;
  /** Hide the label field (the checkout may name the address itself). */
  withLabel?: boolean;
}

type StateItem = { id: number; title: string };
const statesCache = new Map<number, Promise<StateItem[]>>();
function loadStates(countryId: number): Promise<StateItem[]> {
  let p = statesCache.get(countryId);
  if (!p) {
    p = import('../../api/client.ts').then(({ call }) => call('states', { params: { countryId } })).then((a) => a.data.map((s) => ({ id: s.id, title: s.title })));
    p.catch(() => statesCache.delete(countryId));
    statesCache.set(countryId, p);
  }
  return p;
}

export default function AddressForm({ id, countries, defaultCountryId, initial = {}, submitLabel, onSubmit, onCancel, withLabel = true }: AddressFormProps) {
  const { ref, errors, status, setStatus, fail } = useFormState<AddressField>(id);
  const [countryId, setCountryId] = useState<number>(initial.country_id ?? defaultCountryId);
  const [states, setStates] = useState<StateItem[] | null>(null);
  const [statesError, setStatesError] = useState(false);
  const country = countries.find((c) => c.id === countryId) ?? countries[0]!;

  useEffect(() => {
    setStates(null);
    setStatesError(false);
    if (!country.hasStates) return;
    let live = true;
    loadStates(country.id).then(
      (list) => live && setStates(list),
      () => live && setStatesError(true),
    );
    return () => {
      live = false;
    };
  }, [country.id, country.hasStates]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const v = (n: string) => value(data, n).trim();
    const values = {
      label: withLabel ? v('label') : initial.label || 'Address',
      firstname: v('firstname'),
      lastname: v('lastname'),
      address1: v('address1'),
      address2: v('address2'),
      zipcode: v('zipcode'),
      city: v('city'),
      country_id: Number(v('country_id')),
      state_id: v('state_id'),
      phone: v('phone'),
      cellphone: v('cellphone'),
    };
    const rulesCountry: AddressCountry = {
      id: country.id,
      isoalpha2: country.isoalpha2,
      zipFormat: country.zipFormat,
      stateIds: !country.hasStates ? [] : states ? states.map((s) => s.id) : [Number(values.state_id) || -1],
    };
    const problems = addressProblems(values, [rulesCountry]);
    const texts: Partial<Record<AddressField, string>> = {};
    for (const [f, p] of Object.entries(problems) as [AddressField, NonNullable<(typeof problems)[AddressField]>][]) texts[f] = addressProblemText(p, country.zipFormat);
    if (fail(texts, ADDRESS_FIELDS)) return;
    setStatus({ kind: 'busy' });
    const title = Number(v('title'));
    const error = await onSubmit({
      label: values.label,
      title: ([1, 2, 3, 5].includes(title) ? title : 1) as 1 | 2 | 3 | 5,
      firstname: values.firstname,
      lastname: values.lastname,
      company: v('company') || undefined,
      address1: values.address1,
      address2: values.address2,
      address3: v('address3') || undefined,
      zipcode: values.zipcode,
      city: values.city,
      country_id: country.id,
      state_id: values.state_id ? Number(values.state_id) : undefined,
      phone: values.phone,
      cellphone: values.cellphone || undefined,
    });
    setStatus(error ? { kind: 'error', text: error } : { kind: 'idle' });
  };

  const f = (name: AddressField) => ({ form: id, name, error: errors[name] });
  return (
    <form ref={ref} className="account-form address-form" noValidate onSubmit={submit}>
      <p className="account-form__note">{m.account_requiredNote()}</p>
      {withLabel ? <Field {...f('label')} label={m.account_label()} required autoComplete="off" defaultValue={initial.label} /> : null}
      <Field form={id} name="title" label={m.account_title()}>
        <select id={`${id}-title`} name="title" defaultValue={String(initial.title ?? 1)} autoComplete="honorific-prefix">
          <option value="1">{m.account_titleMr()}</option>
          <option value="2">{m.account_titleMiss()}</option>
          <option value="5">{m.account_titleAssociation()}</option>
          <option value="3">{m.account_titleCompany()}</option>
        </select>
      </Field>
      <div className="field-pair">
        <Field {...f('firstname')} label={m.account_firstname()} required autoComplete="given-name" defaultValue={initial.firstname} />
        <Field {...f('lastname')} label={m.account_lastname()} required autoComplete="family-name" defaultValue={initial.lastname} />
      </div>
      <Field form={id} name="company" label={m.account_companyName()} autoComplete="organization" defaultValue={initial.company ?? undefined} />
      <div className="field-pair field-pair--street">
        <Field {...f('address1')} label={m.account_street()} required autoComplete="address-line1" defaultValue={initial.address1} />
        <Field {...f('address2')} label={m.account_streetNumber()} required autoComplete="address-line2" defaultValue={initial.address2} />
      </div>
      <Field form={id} name="address3" label={m.account_address3()} autoComplete="address-line3" defaultValue={initial.address3 ?? undefined} />
      <div className="field-pair field-pair--zip">
        <Field {...f('zipcode')} label={m.account_zipcode()} required autoComplete="postal-code" inputMode="numeric" defaultValue={initial.zipcode} />
        <Field {...f('city')} label={m.account_city()} required autoComplete="address-level2" defaultValue={initial.city} />
      </div>
      <Field {...f('country_id')} label={m.account_country()} required>
        <select
          id={`${id}-country_id`}
          name="country_id"
          value={String(country.id)}
          onChange={(e) => setCountryId(Number(e.currentTarget.value))}
          autoComplete="country"
          required
          aria-invalid={errors.country_id ? true : undefined}
          aria-describedby={errors.country_id ? `${id}-country_id-error` : undefined}
        >
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </Field>
      {country.hasStates ? (
        <Field {...f('state_id')} label={m.account_state()} required error={errors.state_id ?? (statesError ? m.catalog_serverError() : undefined)}>
          <select
            id={`${id}-state_id`}
            name="state_id"
            key={`${country.id}-${states ? 'ready' : 'loading'}`}
            defaultValue={initial.country_id === country.id && initial.state_id ? String(initial.state_id) : ''}
            autoComplete="address-level1"
            required
            aria-invalid={errors.state_id ? true : undefined}
            aria-describedby={errors.state_id || statesError ? `${id}-state_id-error` : undefined}
          >
            <option value="">{states ? m.account_chooseState() : m.account_loading()}</option>
            {(states ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="field-pair">
        <Field {...f('phone')} type="tel" label={m.account_phone()} required autoComplete="tel" inputMode="tel" defaultValue={initial.phone} />
        <Field {...f('cellphone')} type="tel" label={m.account_cellphone()} autoComplete="off" inputMode="tel" defaultValue={initial.cellphone ?? undefined} />
      </div>
      <FormMessage status={status} />
      <div className="account-form__actions">
        <button className="button" type="submit" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? m.account_busy() : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {m.account_cancel()}
          </button>
        ) : null}
      </div>
    </form>
  );
}
