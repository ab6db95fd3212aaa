/**
 * A store's value for a screen that renders a lot from it (the cart page's and the checkout's
 * lines, totals and delivery): like nanostores' `useStore`, but a change renders as a transition,
 * in slices of a few milliseconds instead of one long task, so a server's answer arriving while
 * the page loads does not block the main thread for a whole render. Not for a value a field shows
 * as the shopper types (a transition may lag a keystroke): use `useStore` for those.
 */
import { startTransition, useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useSettledStore<T>(store: ReadableAtom<T>): T {
  const [value, setValue] = useState(() => store.get());
  useEffect(() => {
    const take = (next: T) => startTransition(() => setValue(() => next));
    // A change between the first render and this subscription is taken too.
    take(store.get());
    return store.listen(take);
  }, [store]);
  return value;
}
