/**
 * Account dropdown (spec §2 Header, §4): Account and Log out when logged in, else
 * Login/Register. Toggles by click; Escape and outside click close it. Hydrated on first
 * interaction (client:interaction).
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { loggedIn } from '../stores/session.ts';
import { m } from '../i18n/generated/messages.js';
import { useDismiss } from './hooks/use-dismiss.ts';
import { useHydrated } from './hooks/use-hydrated.ts';
import { withBoundary } from './IslandBoundary.tsx';

function AccountMenuIsland() {
  const [open, setOpen] = useState(false);
  // The server renders the logged-out menu; the stored session applies after hydration (no mismatch).
  const hydrated = useHydrated();
  const user = useStore(loggedIn) && hydrated;
  const id = 'account-menu-list';
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, () => setOpen(false), { inside: () => [root.current], returnFocus: () => button.current });
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLAnchorElement>('a')?.focus();
  }, [open]);

  return (
    <div className="account-menu" ref={root}>
      <button ref={button} type="button" className="icon-button" aria-expanded={open} aria-controls={id} aria-label={m.header_accountMenu()} onClick={() => setOpen((o) => !o)}>
        <svg
          className="icon"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6" />
        </svg>
      </button>
      <ul className="dropdown" id={id} hidden={!open}>
        {user ? (
          <>
            <li>
              <a href="/account">{m.header_account()}</a>
            </li>
            <li>
              <a href="/logout">{m.header_logout()}</a>
            </li>
          </>
        ) : (
          <li>
            <a href="/login-register">{m.header_loginRegister()}</a>
          </li>
        )}
      </ul>
    </div>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(AccountMenuIsland, { samePerShop: true });
