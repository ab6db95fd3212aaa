import { describe, expect, it } from 'vitest';
import { defaultVariantOf } from '../../../src/catalog/models.ts';

describe('defaultVariantOf', () => {
  const v = (id: number, isDefault: boolean) => ({ id, isDefault });
  it.each([
    ['the one marked default', [v(1, false), v(2, true), v(3, false)], 2],
    ['the first marked, when several are', [v(1, false), v(2, true), v(3, true)], 2],
    ['the first, when none is marked', [v(4, false), v(5, false)], 4],
    ['none of no variants', [], undefined],
  ])('%s', (_, variants, id) => {
    expect(defaultVariantOf(variants)?.id).toBe(id);
  });
});
