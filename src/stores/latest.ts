/**
 * Latest request wins: the one helper for answers that may arrive out of order (the server cart,
 * the delivery cost, an island's refetch). `begin()` starts a request and returns its check,
 * true only while no later request began and nothing cancelled it; `cancel()` makes every
 * running request's answer stale.
 */
export interface Latest {
  begin(): () => boolean;
  cancel(): void;
}

export function latestWins(): Latest {
  let generation = 0;
  return {
    begin() {
      const mine = ++generation;
      return () => mine === generation;
    },
    cancel() {
      generation++;
    },
  };
}
