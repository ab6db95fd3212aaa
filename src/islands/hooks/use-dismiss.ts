/**
 * The closing rules of every popup of the header (account menu, phone box, mini cart), in one
 * place: while `open`, a pointer press outside it, Escape and (with `closeOnFocusOut`) focus
 * moving elsewhere close it; Escape gives the focus back to `returnFocus()` (its toggle). The
 * listeners attach in a layout effect, so an Escape right after opening counts.
 */
import { useLayoutEffect, useRef } from 'react';

export interface DismissOptions {
  /** The elements that count as inside (the popup's root, its toggle when that lives elsewhere). */
  inside: () => readonly (Element | null | undefined)[];
  /** Where Escape puts the focus back. */
  returnFocus: () => HTMLElement | null | undefined;
  /** 'if-inside': only when the focus was inside the popup (else Escape leaves it where it is). Default 'always'. */
  restoreFocus?: 'always' | 'if-inside';
  /** Close when the focus moves outside (a non-modal dialog). */
  closeOnFocusOut?: boolean;
}

export function useDismiss(open: boolean, close: () => void, options: DismissOptions): void {
  const latest = useRef({ close, options });
  latest.current = { close, options };

  useLayoutEffect(() => {
    if (!open) return;
    const isInside = (target: EventTarget | null) => target instanceof Node && latest.current.options.inside().some((el) => !!el?.contains(target));
    const onDown = (e: PointerEvent) => {
      if (!isInside(e.target)) latest.current.close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const { options: o, close: shut } = latest.current;
      const focusWasInside = isInside(document.activeElement);
      shut();
      if ((o.restoreFocus ?? 'always') === 'always' || focusWasInside) o.returnFocus()?.focus();
    };
    const onFocus = (e: FocusEvent) => {
      if (latest.current.options.closeOnFocusOut && e.target instanceof Node && e.target !== document.body && !isInside(e.target)) latest.current.close();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);
}
