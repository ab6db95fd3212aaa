/**
 * The category menu's behaviour, loaded on the first interaction with a menu control
 * (src/islands/chrome.ts). Disclosure pattern: the MENU buttons and every expander carry
 * aria-expanded; Escape closes (the innermost open level first, then the menu) and returns focus;
 * an outside click closes; page scroll is locked while the menu is open; following a link scrolls
 * to the top.
 *
 * Below 1200 px the menu is an off-canvas modal: a labelled dialog (aria-modal), everything else
 * on the page inert while it is open, Tab and Shift+Tab wrap inside it, and closing it (Escape,
 * the close button, an outside click) returns focus to the button that opened it.
 *
 * The tree is not in the page: it is fetched from /chrome/category-menu.html (built once per shop)
 * when this module loads, i.e. on the first pointer or focus on a menu control. If that fails, the
 * open menu says so and offers to try again.
 */
import { fetchFragment } from './fragment.ts';

const menu = document.querySelector<HTMLElement>('[data-category-menu]')!;
const body = menu.querySelector<HTMLElement>('[data-menu-body]')!;
const backdrop = document.querySelector<HTMLElement>('[data-menu-backdrop]');
const toggles = () => [...document.querySelectorAll<HTMLElement>('[data-menu-toggle]')];
const offCanvas = matchMedia('(max-width: 1199.98px)');
let opener: HTMLElement | null = null;
/** Elements this module made inert, given back on close. */
let inerted: HTMLElement[] = [];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';
const focusables = () => [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);

/** Modal while open below 1200 px: dialog semantics and the rest of the page inert. */
function setModal(modal: boolean) {
  for (const el of inerted) el.inert = false;
  inerted = [];
  if (!modal) {
    menu.removeAttribute('role');
    menu.removeAttribute('aria-modal');
    menu.removeAttribute('aria-labelledby');
    return;
  }
  menu.setAttribute('role', 'dialog');
  menu.setAttribute('aria-modal', 'true');
  menu.setAttribute('aria-labelledby', 'category-menu-title');
  // Every sibling of the menu and of its ancestors up to <body>, except the backdrop (it takes the outside click).
  for (let node: HTMLElement | null = menu; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling === backdrop || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement) continue;
      sibling.inert = true;
      inerted.push(sibling);
    }
  }
}

function setOpen(open: boolean, trigger?: HTMLElement) {
  menu.hidden = !open;
  if (backdrop) backdrop.hidden = !open;
  for (const t of toggles()) t.setAttribute('aria-expanded', String(open));
  document.documentElement.classList.toggle('scroll-locked', open);
  setModal(open && offCanvas.matches);
  if (open) {
    opener = trigger ?? null;
    focusables()[0]?.focus();
  } else {
    opener?.focus();
    opener = null;
  }
}

let tree: Promise<boolean> | undefined;

/** Puts the tree into the menu; false (and a message with a retry button) when it cannot be had. */
function loadTree(): Promise<boolean> {
  return (tree ??= (async () => {
    try {
      body.replaceChildren(...(await fetchFragment(body.dataset.src!, '[data-menu-tree]')).childNodes);
      body.removeAttribute('aria-busy');
      return true;
    } catch (error) {
      console.warn('category menu: the tree could not be loaded', error);
      tree = undefined;
      const message = document.createElement('p');
      message.className = 'cm-error';
      message.setAttribute('role', 'alert');
      message.textContent = body.dataset.error ?? '';
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'cm-retry';
      retry.textContent = body.dataset.retry ?? '';
      retry.addEventListener('click', async () => {
        if (await loadTree()) body.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      });
      body.replaceChildren(message, retry);
      body.removeAttribute('aria-busy');
      return false;
    }
  })());
}
void loadTree();

let opening = false;

export async function toggleMenu(trigger: HTMLElement) {
  if (opening) return;
  if (menu.hidden) {
    // A second click while the tree is still on its way must not close the menu it opens.
    opening = true;
    await loadTree();
    opening = false;
  }
  setOpen(menu.hidden === true, trigger);
}

function setBranch(button: HTMLElement, open: boolean) {
  button.setAttribute('aria-expanded', String(open));
  const list = document.getElementById(button.getAttribute('aria-controls') || '');
  if (list) list.hidden = !open;
  if (!open) for (const inner of list?.querySelectorAll<HTMLElement>('.cm-expand[aria-expanded="true"]') ?? []) setBranch(inner, false);
}

menu.addEventListener('click', (e) => {
  const target = e.target as Element;
  const expand = target.closest<HTMLElement>('.cm-expand');
  if (expand) {
    const open = expand.getAttribute('aria-expanded') !== 'true';
    // One open branch per level.
    const siblings = expand.closest('ul')?.querySelectorAll<HTMLElement>(':scope > li > .cm-row > .cm-expand[aria-expanded="true"]') ?? [];
    for (const s of siblings) if (s !== expand) setBranch(s, false);
    setBranch(expand, open);
    return;
  }
  if (target.closest('[data-menu-close]')) return setOpen(false);
  if (target.closest('a')) {
    opener = null;
    setOpen(false);
    scrollTo(0, 0);
  }
});

menu.addEventListener('keydown', (e) => {
  if (e.key === 'Tab' && menu.getAttribute('aria-modal') === 'true') {
    // Focus stays inside the modal menu: wrap at both ends.
    const items = focusables();
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
    return;
  }
  if (e.key !== 'Escape') return;
  const openBranch = (e.target as Element).closest('li')?.closest('ul[id^="cm-"]:not([hidden])');
  const owner = openBranch && menu.querySelector<HTMLElement>(`[aria-controls="${openBranch.id}"]`);
  e.stopPropagation();
  if (owner && owner.getAttribute('aria-expanded') === 'true') {
    setBranch(owner, false);
    owner.focus();
  } else setOpen(false);
});

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !menu.hidden) setOpen(false);
});

document.addEventListener('pointerdown', (e) => {
  if (menu.hidden) return;
  const t = e.target as Element;
  if (menu.contains(t) || t.closest('[data-menu-toggle]')) return;
  setOpen(false);
});
// A press on the backdrop must not take the focus just given back to the opener.
backdrop?.addEventListener('mousedown', (e) => e.preventDefault());

// Crossing 1200 px while open switches between the modal and the mega menu.
offCanvas.addEventListener('change', () => {
  if (!menu.hidden) setModal(offCanvas.matches);
});
