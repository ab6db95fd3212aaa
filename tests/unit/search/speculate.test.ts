/** The search during the debounce (src/islands/search/speculate.ts): latest text only, one run at a time. */
import { describe, expect, it } from 'vitest';
import { latestOnly } from '../../../src/islands/search/speculate.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((ok, no) => ((resolve = ok), (reject = no)));
  return { promise, resolve, reject };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('latestOnly', () => {
  it('runs one key at a time; keys asked for meanwhile collapse into the last', async () => {
    const started: string[] = [];
    const runs = new Map<string, ReturnType<typeof deferred>>();
    const ask = latestOnly((key) => {
      started.push(key);
      const d = deferred();
      runs.set(key, d);
      return d.promise;
    });
    ask('Komb');
    ask('Kombi');
    ask('Kombiz');
    ask('Kombizange');
    await tick();
    expect(started).toEqual(['Komb']);
    runs.get('Komb')!.resolve();
    await tick();
    expect(started).toEqual(['Komb', 'Kombizange']);
    runs.get('Kombizange')!.resolve();
    await tick();
    expect(started).toEqual(['Komb', 'Kombizange']);
  });

  it('tells a run whether its key is still the latest', async () => {
    const latest: boolean[] = [];
    const gate = deferred();
    const ask = latestOnly(async (_key, isLatest) => {
      await gate.promise;
      latest.push(isLatest());
    });
    ask('Gart');
    await tick();
    ask('Garten');
    gate.resolve();
    await tick();
    await tick();
    expect(latest).toEqual([false, true]);
  });

  it('a failing run does not stop the next one', async () => {
    const started: string[] = [];
    const ask = latestOnly(async (key) => {
      started.push(key);
      if (key === 'bad!') throw new Error('offline');
    });
    ask('bad!');
    await tick();
    ask('good');
    await tick();
    expect(started).toEqual(['bad!', 'good']);
  });
});
