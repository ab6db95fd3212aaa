/**
 * Astro writes a shop's server bundle into the project's `.astro/.prerender/` when the output
 * folder lies outside the project: one folder for every shop, removed after each shop's pages.
 * Shops built there side by side would render with, or remove, each other's bundle.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultParallel, peakBytesPerShop, shopsAtOnce } from '../../../scripts/lib/build-shops.ts';

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

const GB = 2 ** 30;

describe('defaultParallel', () => {
  it.each([
    // shops, products, cores, free memory: shops at once
    [3, 10_000, 2, 20 * GB, 3], // one more than the cores: the three shops side by side
    [3, 10_000, 4, 20 * GB, 3], // never more than the shops
    [1, 10_000, 2, 20 * GB, 1],
    [3, 1_000, 1, 20 * GB, 2],
    [3, 100_000, 2, 13 * GB, 2], // 6 GB each at 100,000 products: two fit in 13 GB
    [3, 100_000, 2, 5 * GB, 1], // at least one, even where none fits
    [3, 10_000, 2, 3.5 * GB, 2],
    [3, 0, 2, 20 * GB, 3], // a manifest without a count
  ])('%i shops of %i products on %i cores with %d bytes free: %i at once', (shops, products, cores, freeBytes, expected) => {
    expect(defaultParallel(shops, products, { cores, freeBytes })).toBe(expected);
  });

  it('counts what a shop build held at its peak, with its search index', () => {
    // Measured (README, Benchmarks): 1.0 GB + 0.65 GB at 10,000 products, 1.93 GB + 3.77 GB at 100,000.
    expect(peakBytesPerShop(10_000)).toBeGreaterThan(1.65 * GB);
    expect(peakBytesPerShop(100_000)).toBeGreaterThan(5.7 * GB);
  });
});
