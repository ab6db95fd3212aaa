/**
 * /login-register (spec §2): login and registration as tabs; `?tab=register` opens registration.
 * The page's inline script sets <html data-lr-tab> before the first paint, and CSS shows the
 * chosen panel, so the static HTML is right before this island hydrates (on the first interaction)
 * and nothing moves.
 */
import { useEffect, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import LoginForm from './LoginForm.tsx';
import RegisterForm from './RegisterForm.tsx';
import './account.scss';
import { withBoundary } from '../IslandBoundary.tsx';

type Tab = 'login' | 'register';

export interface LoginRegisterProps {
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
  countryId: number;
  vatMinLength: number;
}

function LoginRegisterIsland(props: LoginRegisterProps) {
  const [tab, setTab] = useState<Tab>('login');
  useEffect(() => {
    if (document.documentElement.dataset.lrTab === 'register') setTab('register');
  }, []);
  const choose = (t: Tab) => {
    setTab(t);
    document.documentElement.dataset.lrTab = t;
    const url = new URL(location.href);
    if (t === 'register') url.searchParams.set('tab', 'register');
    else url.searchParams.delete('tab');
    history.replaceState(history.state, '', url);
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next: Tab = tab === 'login' ? 'register' : 'login';
    choose(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <section className="account-page" aria-labelledby="lr-title">
      <h1 id="lr-title" className="visually-hidden">
        {m.account_tabsLabel()}
      </h1>
      <div className="lr-tabs" role="tablist" aria-label={m.account_tabsLabel()} onKeyDown={onKey}>
        {(['login', 'register'] as const).map((t) => (
          <button key={t} type="button" role="tab" id={`tab-${t}`} aria-controls={`panel-${t}`} aria-selected={tab === t} tabIndex={tab === t ? 0 : -1} onClick={() => choose(t)}>
            {t === 'login' ? m.account_loginTab() : m.account_registerTab()}
          </button>
        ))}
      </div>
      <div className="lr-panel lr-panel--login" role="tabpanel" id="panel-login" aria-labelledby="tab-login">
        <h2>{m.account_loginTab()}</h2>
        <LoginForm />
      </div>
      <div className="lr-panel lr-panel--register" role="tabpanel" id="panel-register" aria-labelledby="tab-register">
        <h2>{m.account_registerTab()}</h2>
        <RegisterForm locale={props.locale} countryId={props.countryId} vatMinLength={props.vatMinLength} />
      </div>
    </section>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(LoginRegisterIsland);
