/**
 * Work started while the shopper types, for the latest text only: one run at a time; texts asked
 * for while one runs collapse into the last of them (a fast typist does not queue a search per
 * key). `isLatest` tells a run whether its key is still the latest asked for, so it can skip the
 * part only the final text needs. Errors are the caller's business later (the real search
 * retries), so they are swallowed here.
 */
export function latestOnly(work: (key: string, isLatest: () => boolean) => Promise<unknown>): (key: string) => void {
  let latest: string | undefined;
  let pending: string | undefined;
  let running = false;
  const pump = async () => {
    if (running || pending === undefined) return;
    const key = pending;
    pending = undefined;
    running = true;
    try {
      await work(key, () => latest === key);
    } catch {
      /* the search after the pause reports it */
    } finally {
      running = false;
      void pump();
    }
  };
  return (key) => {
    latest = key;
    pending = key;
    void pump();
  };
}
