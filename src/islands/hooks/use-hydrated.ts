/**
 * False during the server render and the hydrating render, true after: an island renders what
 * the server rendered first (no hydration mismatch) and applies the browser's stored state
 * (session, cart) once hydrated.
 *
 * The render that follows is a transition, so React renders the screen in slices of a few
 * milliseconds instead of one long task (the first render of a page's content, with React's code
 * compiled on first use, is 25-30 ms of main thread on a fast machine: 100-120 ms on a phone).
 */
import { startTransition, useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
