/**
 * Phone and support-hours box (spec §2 Header): on wide screens a button that expands a box with
 * the number (a tel: link) and the support time; on mobile the header shows a plain tel: link
 * instead (CSS). The data comes from the shop configuration at build time; if it is missing the
 * box shows the error state, whose button fetches the shop's contact data again.
 * Hydrated on first interaction (client:interaction).
 */
import { useEffect, useRef, useState } from 'react';
import { m } from '../i18n/generated/messages.js';

interface Props {
  phone: string;
  tel: string;
  hours: string;
}

export default function PhoneBox(props: Props) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<Props | null>(props.phone ? props : null);
  const id = 'phone-box-panel';
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const refetch = async () => {
    try {
      const res = await fetch('/chrome/contact.json', { cache: 'no-store' });
      if (res.ok) setData((await res.json()) as Props);
    } catch {
      /* stays in the error state; the shopper may try again */
    }
  };

  return (
    <div className="phone-box" ref={root}>
      <button type="button" className="phone-box__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <svg className="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
        </svg>
        <span>{m.header_phone()}</span>
      </button>
      <div className="phone-box__panel dropdown" id={id} hidden={!open}>
        {data ? (
          <>
            <a href={`tel:${data.tel}`} className="phone-box__number">{data.phone}</a>
            <p>{m.header_phoneHours({ hours: data.hours })}</p>
          </>
        ) : (
          <button type="button" className="link-button" onClick={refetch}>{m.header_phoneError()}</button>
        )}
      </div>
    </div>
  );
}
