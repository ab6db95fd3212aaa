import { describe, expect, it } from 'vitest';
import { latestWins } from '../../../src/stores/latest.ts';

describe('latest request wins', () => {
  it('only the last begun request is current; cancel makes every running one stale', () => {
    const latest = latestWins();
    const a = latest.begin();
    expect(a()).toBe(true);
    const b = latest.begin();
    expect([a(), b()]).toEqual([false, true]);
    latest.cancel();
    expect([a(), b()]).toEqual([false, false]);
    expect(latest.begin()()).toBe(true);
  });
  it('answers arriving out of order: the older one is dropped', async () => {
    const latest = latestWins();
    const applied: string[] = [];
    const request = (name: string, ms: number) => {
      const isLatest = latest.begin();
      return new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
        if (isLatest()) applied.push(name);
      });
    };
    await Promise.all([request('old', 20), request('new', 1)]);
    expect(applied).toEqual(['new']);
  });
});
