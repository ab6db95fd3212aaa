/** The API client's token read (src/api/token.ts): the stored session's token while it is valid. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedBearer } from '../../../src/api/token.ts';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'token' ? value : null) });

afterEach(() => vi.unstubAllGlobals());

describe('storedBearer', () => {
  it('gives the stored token until its ISO expiry', () => {
    vi.stubGlobal('localStorage', storage(JSON.stringify({ token: 'abc', expiresAt: '2030-01-01T00:00:00.000Z' })));
    expect(storedBearer(Date.parse('2029-12-31T23:59:59Z'))).toBe('abc');
    expect(storedBearer(Date.parse('2030-01-01T00:00:00Z'))).toBeNull();
  });
  it('gives none for a missing, malformed or unreadable token', () => {
    for (const v of [null, '', 'x', '{"token":"a","expiresAt":1893456000000}', '{"expiresAt":"2030-01-01T00:00:00Z"}']) {
      vi.stubGlobal('localStorage', storage(v));
      expect(storedBearer(0), String(v)).toBeNull();
    }
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
    });
    expect(storedBearer(0)).toBeNull();
  });
});
