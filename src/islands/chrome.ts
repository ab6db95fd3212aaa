/**
 * The always-on behaviours of the site chrome, framework-free and small (one module per page):
 * version check, return location, consent and the tag manager, sales-bar dismissal, cart count,
 * admin bar, country dropdown, search toggle, mini-cart opening, scroll-to-top, review badge,
 * rating badge. The category menu's code loads on the first interaction with a menu control.
 *
 * A script island (src/integrations/script-island.ts): the header renders it with `client:painted`,
 * so its code is fetched and run after the first paint, never in the way of it; everything it
 * changes is already in the HTML, hidden or in its logged-out, empty-cart state.
 */
import { APP_VERSION, REVIEW_CACHE_S, VERSION_TOAST_MS, cartLinkName, countryPickerState, formatCartCount, isReturnLocation } from '../catalog/site-rules.ts';
import { checkVersion, takeToast, LAST_LOCATION_KEY } from '../stores/app-version.ts';
import { consent, setConsent } from '../stores/consent.ts';
import { salesBarDismissed } from '../stores/sales-bar.ts';
import { totalItems } from '../stores/cart.ts';
import { isAdmin } from '../stores/session.ts';
import { watchSession } from '../stores/session-watch.ts';
import { countryId, excludeVAT, selectCountry } from '../stores/country.ts';
import { startPrices } from './prices.ts';
import { scriptIsland } from './renderer-tag.ts';
import { fetchFragment } from './fragment.ts';
import { nextTask } from './next-task.ts';
import afterPaintCss from '../styles/after-paint.scss?url';

const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel);

/** After the first interaction, or 10 s after load, when the browser is idle: for code no page needs up front. */
function afterSettled(run: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    for (const type of EVENTS) removeEventListener(type, go, true);
    const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
    if (idle) idle(run, { timeout: 3000 });
    else setTimeout(run, 0);
  };
  const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
  for (const type of EVENTS) addEventListener(type, go, { capture: true, passive: true, once: true });
  const later = () => setTimeout(go, 10_000);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

function safe(name: string, fn: () => void) {
  try {
    fn();
  } catch (error) {
    console.error(`chrome: ${name}`, error);
  }
}

async function start(): Promise<void> {
  // Not in the task that evaluated the chrome's modules (see the three tasks below).
  await nextTask();
  const path = location.pathname;

  // 1. Version: a mismatch clears local storage and reloads; nothing else runs then.
  let reloading = false;
  safe('version', () => {
    reloading = checkVersion(localStorage, sessionStorage, path + location.search, () => location.reload(), APP_VERSION);
  });

  if (reloading) return;

  // 2. The current path is the return location (not login or forgot-password).
  safe('return location', () => {
    if (isReturnLocation(path)) localStorage.setItem(LAST_LOCATION_KEY, path + location.search);
  });

  // The header islands' open states (the mini cart's panel, the search dropdown), which no first
  // paint needs: linked now, loaded long before either island can open.
  safe('styles after paint', () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = afterPaintCss;
    document.head.append(link);
  });

  // 3. Consent and the tag manager.
  safe('consent', () => {
    const w = window as unknown as { dataLayer: unknown[] };
    w.dataLayer = w.dataLayer || [];
    // gtag() pushes the arguments object, as Google's snippet does.
    const gtag = function (..._args: unknown[]) {
      // biome-ignore lint/complexity/noArguments: the tag manager expects the arguments object itself
      w.dataLayer.push(arguments);
    };
    const states = (v: 'granted' | 'denied') => ({ ad_storage: v, ad_user_data: v, ad_personalization: v, analytics_storage: v });
    gtag('consent', 'default', states('denied'));
    const banner = $('[data-consent]');
    let loaded = false;
    consent.subscribe((value) => {
      if (banner) banner.hidden = value !== null;
      if (value === 'granted') {
        gtag('consent', 'update', states('granted'));
        const src = $('[data-gtm]')?.dataset.gtm;
        if (src && !loaded) {
          loaded = true;
          w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
          const s = document.createElement('script');
          s.async = true;
          s.src = src;
          s.dataset.tagManager = '';
          document.head.append(s);
        }
      } else if (value === 'denied') gtag('consent', 'update', states('denied'));
    });
    banner?.addEventListener('click', (e) => {
      const choice = (e.target as Element).closest<HTMLElement>('[data-consent-choice]')?.dataset.consentChoice;
      if (choice === 'granted' || choice === 'denied') setConsent(choice);
    });
  });

  // 4. Sales bar: dismissal remembered in local storage.
  safe('sales bar', () => {
    const bar = $('[data-sales-bar]');
    if (!bar) return;
    salesBarDismissed.subscribe((v) => {
      bar.hidden = v === 'true';
      document.documentElement.classList.toggle('sb-off', v === 'true');
    });
    $('[data-sales-bar-dismiss]', bar)?.addEventListener('click', () => salesBarDismissed.set('true'));
  });

  // 5. Cart count.
  safe('cart count', () => {
    const el = $('[data-cart-count]');
    const link = $('[data-cart-link]');
    const label = link?.getAttribute('aria-label') ?? '';
    totalItems.subscribe((n) => {
      if (!el) return;
      const f = formatCartCount(n);
      el.textContent = f.text;
      el.hidden = f.hidden;
      el.classList.toggle('cart-count--small', f.small);
      link?.setAttribute('aria-label', cartLinkName(label, f));
    });
    // Large screens open the mini cart (the cart issue's) when one is on the page; small ones follow the link.
    link?.addEventListener('click', (e) => {
      if (!matchMedia('(min-width: 992px)').matches) return;
      const mini = document.querySelector('[data-mini-cart]');
      if (!mini) return;
      e.preventDefault();
      mini.dispatchEvent(new CustomEvent('minicart:toggle', { bubbles: true }));
    });
    // A pointer resting on the icon (or focus) starts loading the mini cart before the click.
    const warm = () => {
      if (matchMedia('(min-width: 992px)').matches) document.querySelector('[data-mini-cart]')?.dispatchEvent(new CustomEvent('minicart:warm', { bubbles: true }));
    };
    link?.addEventListener('pointerenter', warm, { once: true });
    link?.addEventListener('focus', warm, { once: true });
  });

  // The start is tasks of its own after the modules' evaluation, not one (55-90 ms of a phone's
  // main thread at 4x CPU before): the banners and the cart count above, the session, the country
  // and the prices below, then the controls that wait for the shopper (a click held meanwhile is
  // replayed once all have run).
  await nextTask();

  // 6. Admin bar: shown for an administrator (desktop only, by CSS). Its fixed links to the back
  // office come from a fragment built once per shop (components/chrome/AdminLinks.astro), put in
  // before the page's edit link the first time an administrator is seen; a failed fetch leaves
  // the edit link alone and is tried again on the next page.
  safe('admin bar', () => {
    const bar = $('#admin-bar');
    const list = bar?.querySelector('ul');
    if (!bar || !list) return;
    let asked = false;
    const addLinks = async () => list.prepend(...(await fetchFragment(bar.dataset.links!, '[data-admin-links]')).children);
    isAdmin.subscribe((admin) => {
      bar.hidden = !admin;
      if (!admin || asked) return;
      asked = true;
      addLinks().catch((error: unknown) => console.warn('admin bar: the links could not be loaded', error));
    });
  });

  // 6b. The token session (spec §4): refreshed at two thirds of its life, logged out at expiry.
  safe('session', () => watchSession(() => void import('./session-expired.ts').then((x) => x.default())));

  // 7. Country dropdown.
  safe('country', () => {
    const picker = $('[data-country-picker]');
    if (!picker) return;
    const countries = JSON.parse(picker.dataset.countries || '[]') as { id: number; taxTitle: string; isoalpha2: string }[];
    const select = $<HTMLSelectElement>('[data-country-select]', picker);
    const vat0 = $('[data-vat0]', picker);
    const apply = () => {
      const state = countryPickerState({ countries: countries.length, path, excludeVAT: excludeVAT.get() === 'true' });
      picker.dataset.state = state;
      if (vat0) vat0.hidden = state !== 'vat0';
      if (select) {
        select.closest('label')!.hidden = state === 'vat0';
        select.disabled = state === 'disabled';
        const id = countryId.get();
        if (id && countries.some((c) => String(c.id) === id)) select.value = id;
      }
      const flag = $('.country-static', picker);
      if (flag) flag.hidden = state === 'vat0';
      // The selected country's flag image (one per country, same size: nothing moves).
      const shown = select && state !== 'vat0' ? select.value : '';
      for (const img of picker.querySelectorAll<HTMLElement>('[data-flag]')) img.hidden = img.dataset.flag !== shown;
    };
    excludeVAT.subscribe(apply);
    countryId.subscribe(apply);
    select?.addEventListener('change', () => {
      const c = countries.find((x) => String(x.id) === select.value);
      if (c) selectCountry(c);
    });
  });

  // 7b. Every price on the page in the selected country and VAT mode (static ones included).
  safe('prices', startPrices);

  await nextTask();

  // 8. Search: toggled by an icon below 992 px; Enter goes to /search/{term}.
  safe('search', () => {
    const slot = $('#search-slot');
    const toggle = $('[data-search-toggle]');
    toggle?.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      slot?.classList.toggle('search-slot--open', open);
      if (open) $<HTMLInputElement>('input', slot!)?.focus();
    });
    $<HTMLFormElement>('[data-search-form]')?.addEventListener('submit', (e) => {
      e.preventDefault();
      const term = $<HTMLInputElement>('input', e.target as HTMLFormElement)?.value.trim();
      if (term) location.href = `/search/${encodeURIComponent(term)}`;
    });
  });

  // 9. Category menu: its code loads on the first interaction with a menu control.
  safe('menu loader', () => {
    let menu: Promise<{ toggleMenu: (trigger: HTMLElement) => void }> | undefined;
    const load = () => (menu ??= import('./category-menu.ts'));
    const triggers = document.querySelectorAll<HTMLElement>('[data-menu-toggle]');
    for (const t of triggers) {
      t.addEventListener('pointerenter', load, { once: true, passive: true });
      t.addEventListener('focus', load, { once: true, passive: true });
      t.addEventListener('click', async () => (await load()).toggleMenu(t));
    }
  });

  // 10. Scroll to top.
  safe('scroll to top', () => {
    const btn = $('[data-scroll-top]');
    if (!btn) return;
    // A page scrolled before these behaviours loaded (after the first paint) shows it at once.
    btn.hidden = scrollY < 400;
    let ticking = false;
    addEventListener(
      'scroll',
      () => {
        if (ticking) return;
        ticking = true;
        requestAnimationFrame(() => {
          btn.hidden = scrollY < 400;
          ticking = false;
        });
      },
      { passive: true },
    );
    btn.addEventListener('click', () => {
      scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      $('#main')?.focus({ preventScroll: true });
    });
  });

  // 11. Mobile review badge: visibility in session storage, default visible, closable.
  safe('review badge', () => {
    const badge = $('[data-review-badge]');
    if (!badge) return;
    badge.hidden = sessionStorage.getItem('reviewBadgeVisible') === 'false';
    $('[data-review-badge-close]', badge)?.addEventListener('click', () => {
      sessionStorage.setItem('reviewBadgeVisible', 'false');
      badge.hidden = true;
    });
  });

  // 12. Version toast after a version reload: top-right (placement differs below 767 px), 15 s.
  safe('version toast', () => {
    const toast = $('[data-version-toast]');
    if (!toast || !takeToast(sessionStorage)) return;
    toast.hidden = false;
    const hide = () => (toast.hidden = true);
    const timer = setTimeout(hide, VERSION_TOAST_MS);
    $('button', toast)?.addEventListener('click', () => {
      clearTimeout(timer);
      hide();
    });
  });

  // 12b. Error reporting and the support chat: nothing without a DSN / key; otherwise loaded after
  // the first interaction or 10 s after load, when the browser is idle (never before interaction).
  safe('error reporting and chat', () => {
    const footer = $('.site-footer');
    const dsn = footer?.dataset.errDsn;
    const chat = footer?.dataset.chatSrc;
    if (!dsn && !chat) return;
    const early: unknown[] = [];
    const keep = (e: ErrorEvent | PromiseRejectionEvent) => {
      if (early.length < 10) early.push('reason' in e ? e.reason : (e.error ?? e.message));
    };
    if (dsn) {
      addEventListener('error', keep);
      addEventListener('unhandledrejection', keep);
    }
    afterSettled(() => {
      if (dsn) {
        import('./error-reporting.ts')
          .then((m) => {
            removeEventListener('error', keep);
            removeEventListener('unhandledrejection', keep);
            m.startErrorReporting(dsn, footer!.dataset.errEnv || 'production', early);
          })
          .catch((error: unknown) => console.warn('error reporting not loaded', error));
      }
      if (chat) {
        const script = document.createElement('script');
        script.src = chat;
        script.async = true;
        script.dataset.supportChat = '';
        document.head.append(script);
      }
    });
  });

  // 13. Rating badge: fetched only once consent is granted (no request to a third party before
  // consent: the budget gate checks it) and the footer comes near the viewport, then when the page
  // is idle; cached 1800 s in session storage; a dead widget changes nothing.
  safe('rating', () => {
    const box = $('[data-rating]');
    const url = box?.dataset.ratingUrl;
    if (!box || !url) return;
    const KEY = 'ratingBadge';
    const show = (d: { ratingvalue?: unknown; ratingcount?: unknown; reviewpage?: unknown }) => {
      const value = Number(d.ratingvalue);
      const count = Number(d.ratingcount);
      if (!(value > 0) || !(count > 0)) return;
      const text = (box.dataset.ratingText || '').replace('{value}', value.toFixed(1)).replace('{count}', String(count));
      const out = $('[data-rating-value]', box);
      if (out) out.textContent = text;
      const link = $<HTMLAnchorElement>('a', box);
      if (link && typeof d.reviewpage === 'string' && /^https:\/\//.test(d.reviewpage)) link.href = d.reviewpage;
      box.hidden = false;
    };
    const cached = sessionStorage.getItem(KEY);
    if (cached) {
      const { at, data } = JSON.parse(cached) as { at: number; data: object };
      if (Date.now() - at < REVIEW_CACHE_S * 1000) return show(data);
    }
    const run = () => {
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), 4000);
      fetch(url, { signal: ctrl.signal, credentials: 'omit' })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
        .then((data: object) => {
          sessionStorage.setItem(KEY, JSON.stringify({ at: Date.now(), data }));
          show(data);
        })
        .catch(() => {
          /* the widget stays hidden */
        })
        .finally(() => clearTimeout(timer));
    };
    const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        const go = () => (idle ? idle(run) : setTimeout(run, 200));
        if (consent.get() === 'granted') return go();
        const stop = consent.listen((value) => {
          if (value !== 'granted') return;
          stop();
          go();
        });
      },
      { rootMargin: '400px 0px' },
    );
    near.observe(box.parentElement ?? box);
  });
}

export default scriptIsland(start);
