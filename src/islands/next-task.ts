/**
 * Resolves in a later task of the main thread, so that a long start of an island is several
 * short tasks and what waits (the shopper's input, a frame) runs in between: `scheduler.yield()`
 * where the browser has it (the rest keeps its place ahead of other tasks), else a timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
