/**
 * The walk over a built site (src/integrations/incremental.ts, siteEntries) at the size of a
 * 100,000-product shop: one shard folder below the root holds 260,000 entries. Collecting them by
 * spreading the folder's entries into one push failed there with "Maximum call stack size
 * exceeded" (V8 takes about 125,000 arguments). The folder is simulated: 300,000 entries.
 */
import type { Dirent } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const MANY = 300_000;

const entry = (name: string, parentPath: string, directory: boolean) => ({ name, parentPath, isDirectory: () => directory, isFile: () => !directory }) as Dirent;

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    readdirSync: (path: string, options?: { recursive?: boolean }) => {
      if (path === '/site') return [entry('_p', '/site', true), entry('pagefind', '/site', true), entry('index.html', '/site', false)];
      if (path === '/site/_p' && options?.recursive) return Array.from({ length: MANY }, (_, i) => entry(`p${i}.html`, '/site/_p', false));
      throw new Error(`not simulated: ${path}`);
    },
  };
});

describe('siteEntries', () => {
  it('collects a folder of 300,000 entries (a 100,000-product shop’s shards) and leaves the folders it is told to', async () => {
    const { siteEntries } = await import('../../../src/integrations/incremental.ts');
    const entries = siteEntries('/site', new Set(['pagefind']));
    expect(entries).toHaveLength(2 + MANY);
    expect(entries.map((e) => e.name).slice(0, 3)).toEqual(['_p', 'p0.html', 'p1.html']);
    expect(entries.some((e) => e.name === 'pagefind')).toBe(false);
  });
});

describe('a file’s path in the site (pathUnder)', () => {
  it.each([
    // The site folder as Astro gives it (with its slash) and without.
    ['/site/', '/site/_p/ab/p1.html', '_p/ab/p1.html'],
    ['/site', '/site/index.html', 'index.html'],
    // Not below it: resolved, not cut.
    ['/site', '/site-other/a.html', '../site-other/a.html'],
    ['/site/', '/site', ''],
  ])('%s, %s: %s', async (root, path, expected) => {
    const { pathUnder } = await import('../../../src/integrations/incremental.ts');
    expect(pathUnder(root, path)).toBe(expected);
  });
});
