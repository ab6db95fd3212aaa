/**
 * Astro writes a shop's server bundle into the project's `.astro/.prerender/` when the output
 * folder lies outside the project: one folder for every shop, removed after each shop's pages.
 * Shops built there side by side would render with, or remove, each other's bundle.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopsAtOnce } from '../../../scripts/lib/build-shops.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('shopsAtOnce', () => {
  it('builds the asked number of shops at once into a folder in the project', () => {
    expect(shopsAtOnce(join(root, 'dist'))).toBe(2);
    expect(shopsAtOnce(join(root, '.cache/bench/catalog-10000/dist'), 3)).toBe(3);
    expect(shopsAtOnce(join(root, 'dist'), 0)).toBe(1);
  });

  it('builds one shop at a time into a folder outside the project', () => {
    expect(shopsAtOnce(join(tmpdir(), 'shop-dist'))).toBe(1);
    expect(shopsAtOnce(join(root, '..', 'elsewhere'), 3)).toBe(1);
  });
});
