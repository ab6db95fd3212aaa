/**
 * Phone and support-hours box (spec §2 Header): on wide screens a button that expands a box with
 * the number (a tel: link) and the support time; on mobile the header shows a plain tel: link
 * instead (CSS). The build-time contact data (shop configuration) renders at once, so nothing
 * moves; the first expand fetches the live data the build writes (/chrome/contact.json). If that
 * fetch fails the support-time line becomes the error state, whose button fetches again.
 * Hydrated on first interaction (client:interaction).
 */
import { useRef, useState } from 'react';
import { m } from '../i18n/generated/messages.js';
import { useDismiss } from './hooks/use-dismiss.ts';
import { withBoundary } from './IslandBoundary.tsx';

interface Contact {
  phone: string;
  tel: string;
  hours: string;
}

const CONTACT_URL = '/chrome/contact.json';

const isContact = (v: unknown): v is Contact => !!v && typeof v === 'object' && ['phone', 'tel', 'hours'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

function PhoneBoxIsland(props: Contact) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<Contact>(props);
  // idle until the first expand; failed stays set while a retry runs, so the retry button keeps its place and focus.
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready'>('idle');
  const [failed, setFailed] = useState(false);
  const id = 'phone-box-panel';
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const number = useRef<HTMLAnchorElement>(null);

  useDismiss(open, () => setOpen(false), { inside: () => [root.current], returnFocus: () => toggle.current, restoreFocus: 'if-inside' });

  const load = async () => {
    setStatus('loading');
    try {
      const res = await fetch(CONTACT_URL, { cache: 'no-cache' });
      const json: unknown = res.ok ? await res.json() : null;
      if (!isContact(json)) throw new Error(`contact data: ${res.status}`);
      const retried = !!root.current?.querySelector('.phone-box__error')?.contains(document.activeElement);
      setData(json);
      setFailed(false);
      setStatus('ready');
      // The retry button goes away: focus moves to the number it brought back.
      if (retried) requestAnimationFrame(() => number.current?.focus());
    } catch {
      setFailed(true);
      setStatus('idle');
    }
  };

  const onToggle = () => {
    const next = !open;
    setOpen(next);
    if (next && status === 'idle') void load();
  };

  return (
    <div className="phone-box" ref={root}>
      <button ref={toggle} type="button" className="phone-box__toggle" aria-expanded={open} aria-controls={id} onClick={onToggle}>
        <svg className="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
        </svg>
        <span>{m.header_phone()}</span>
      </button>
      <div className="phone-box__panel dropdown" id={id} hidden={!open} aria-busy={status === 'loading'}>
        {data.phone && (
          <a ref={number} href={`tel:${data.tel}`} className="phone-box__number">
            {data.phone}
          </a>
        )}
        {failed ? (
          <div className="phone-box__error" role="alert">
            <p>{m.header_phoneError()}</p>
            <p>
              <button type="button" className="link-button" aria-disabled={status === 'loading'} onClick={() => status !== 'loading' && void load()}>
                {m.header_phoneRetry()}
              </button>
            </p>
          </div>
        ) : (
          <p className="phone-box__hours">{m.header_phoneHours({ hours: data.hours })}</p>
        )}
      </div>
    </div>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(PhoneBoxIsland, { samePerShop: true });
