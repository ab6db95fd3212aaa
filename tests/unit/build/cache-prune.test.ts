/**
 * Cache folders of output folders not built for a week are removed at the start of a build
 * (src/integrations/incremental.ts, pruneUnusedCaches): every test, bench or temporary output
 * folder leaves one (up to 20 GB at 100,000 products), and nothing removed them before.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_UNUSED_DAYS, markCacheUsed, pruneUnusedCaches } from '../../../src/integrations/incremental.ts';

const DAY = 86_400_000;

/** A cache folder with a page in it, last used `daysAgo` (its mark, or without one its folder's mtime). */
function cache(parent: string, name: string, daysAgo: number, marked = true) {
  const dir = join(parent, name);
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), '<p>page</p>');
  const at = new Date(Date.now() - daysAgo * DAY);
  if (marked) {
    markCacheUsed(dir);
    utimesSync(join(dir, 'last-used'), at, at);
  }
  utimesSync(dir, at, at);
  return dir;
}

describe('pruneUnusedCaches', () => {
  it(`removes the cache folders not used for ${CACHE_UNUSED_DAYS} days and nothing else`, async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cache-prune-'));
    const own = cache(parent, 'de-00000000', 30); // the build's own folder: never removed, however old
    cache(parent, 'de-11111111', 8); // marked 8 days ago: removed
    cache(parent, 'at-22222222', 1); // used yesterday: kept
    cache(parent, 'ro-33333333', 9, false); // from before the mark, folder 9 days old: removed
    cache(parent, 'ro-44444444', 2, false); // from before the mark, 2 days old: kept
    const recent = cache(parent, 'de-55555555', 20);
    markCacheUsed(recent); // a nothing-changed build of it today (build-shops marks it): kept
    cache(parent, 'vite', 30, false); // not a shop cache folder: left alone
    writeFileSync(join(parent, 'data-store.json'), '{}');

    const { removed, done } = pruneUnusedCaches(own);
    expect(removed.sort()).toEqual(['de-11111111', 'ro-33333333']);
    // Renamed at once, so no build finds half a folder under its name.
    expect(existsSync(join(parent, 'de-11111111'))).toBe(false);
    await done;
    expect(readdirSync(parent).sort()).toEqual(['at-22222222', 'data-store.json', 'de-00000000', 'de-55555555', 'ro-44444444', 'vite']);
  });

  it('finishes a removal that an earlier build did not finish', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cache-prune-'));
    const own = cache(parent, 'de-00000000', 0);
    // Its build's process is gone (a pid above Linux's largest).
    cache(parent, '.removing-at-22222222-4194305', 0, false);
    const { removed, done } = pruneUnusedCaches(own);
    expect(removed).toEqual([]);
    await done;
    expect(readdirSync(parent)).toEqual(['de-00000000']);
  });

  it('leaves a removal that a running build started to that build (three shops build side by side)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cache-prune-'));
    const own = cache(parent, 'de-00000000', 0);
    cache(parent, `.removing-at-22222222-${process.pid}`, 0, false);
    await pruneUnusedCaches(own).done;
    expect(readdirSync(parent).sort()).toEqual([`.removing-at-22222222-${process.pid}`, 'de-00000000']);
  });

  it('uses the clock it is given: a folder used 6 days ago is kept today and removed in two days', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cache-prune-'));
    const own = cache(parent, 'de-00000000', 0);
    cache(parent, 'at-22222222', 6);
    expect(pruneUnusedCaches(own).removed).toEqual([]);
    const later = pruneUnusedCaches(own, Date.now() + 2 * DAY);
    expect(later.removed).toEqual(['at-22222222']);
    await later.done;
    expect(readdirSync(parent)).toEqual(['de-00000000']);
  });
});
