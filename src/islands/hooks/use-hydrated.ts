/**
 * False during the server render and the hydrating render, true after: an island renders what
 * the server rendered first (no hydration mismatch) and applies the browser's stored state
 * (session, cart) once hydrated.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
