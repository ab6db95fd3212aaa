/**
 * The category menu's behaviour, loaded on the first interaction with a menu control
 * (src/islands/chrome.ts). Disclosure pattern: the MENU buttons and every expander carry
 * aria-expanded; Escape closes (the innermost open level first, then the menu) and returns focus;
 * an outside click closes; page scroll is locked while the menu is open; following a link scrolls
 * to the top.
 */
const menu = document.querySelector<HTMLElement>('[data-category-menu]')!;
const backdrop = document.querySelector<HTMLElement>('[data-menu-backdrop]');
const toggles = () => [...document.querySelectorAll<HTMLElement>('[data-menu-toggle]')];
let opener: HTMLElement | null = null;

function setOpen(open: boolean, trigger?: HTMLElement) {
  menu.hidden = !open;
  if (backdrop) backdrop.hidden = !open;
  for (const t of toggles()) t.setAttribute('aria-expanded', String(open));
  document.documentElement.classList.toggle('scroll-locked', open);
  if (open) {
    opener = trigger ?? null;
    menu.querySelector<HTMLElement>('a, button')?.focus();
  } else {
    opener?.focus();
    opener = null;
  }
}

export function toggleMenu(trigger: HTMLElement) {
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
