/** The one positive-id rule (spec §5) and the contract's IdInput agree on every input. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdInput } from '../../src/api/contract/common.ts';
import { positiveId } from '../../src/api/contract/id.ts';

describe('positive ids', () => {
  it('accepts whole numbers > 0 and their digits, nothing else', () => {
    expect([7, '7', ' 42 ', '007', '123456789012'].map(positiveId)).toEqual([7, 7, 42, 7, 123456789012]);
    for (const v of [0, -3, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, '0', '-3', '1.5', '1e3', '', 'null', 'abc', null, undefined, true, {}]) {
      expect(positiveId(v), JSON.stringify(v)).toBeNull();
    }
  });
  it('IdInput of the contract accepts exactly what positiveId accepts, with the same number', () => {
    const candidates = fc.oneof(
      fc.integer({ min: -5, max: 1_000_000 }),
      fc.double(),
      fc.integer({ min: -5, max: 1_000_000 }).map(String),
      fc.string(),
      fc.constantFrom('', ' 5 ', '007', '9007199254740991', '9007199254740993', 'null', '-0', '+5'),
    );
    fc.assert(
      fc.property(candidates, (v) => {
        const parsed = IdInput.safeParse(v);
        expect(parsed.success ? parsed.data : null).toBe(positiveId(v));
      }),
      { numRuns: 2000 },
    );
  });
});
