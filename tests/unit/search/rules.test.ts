import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  CONTENT_FETCH,
  CONTENT_SHOWN,
  DEBOUNCE_MS,
  FIRST_DROPDOWN_CHUNK,
  MIN_CHARS,
  MIN_SCORE,
  SCROLL_THRESHOLD_PX,
  categoryFacets,
  chunkEnd,
  escapeQuery,
  escapeRegExp,
  formatCount,
  groupByFolder,
  highlight,
  isSearchable,
  keepScored,
  priceFor,
  searchPath,
  termFromPath,
} from '../../../src/islands/search/rules.ts';

describe('search constants (spec §9)', () => {
  it('are the spec values', () => {
    expect({ DEBOUNCE_MS, MIN_CHARS, CHUNK, FIRST_DROPDOWN_CHUNK, SCROLL_THRESHOLD_PX, MIN_SCORE, CONTENT_SHOWN, CONTENT_FETCH }).toEqual({
      DEBOUNCE_MS: 300,
      MIN_CHARS: 4,
      CHUNK: 6,
      FIRST_DROPDOWN_CHUNK: 5,
      SCROLL_THRESHOLD_PX: 1500,
      MIN_SCORE: 10,
      CONTENT_SHOWN: 5,
      CONTENT_FETCH: 100,
    });
  });
});

describe('search rules', () => {
  it('needs 4 characters after trimming', () => {
    expect(isSearchable('abc')).toBe(false);
    expect(isSearchable('  abc  ')).toBe(false);
    expect(isSearchable('abcd')).toBe(true);
    expect(isSearchable('șuru')).toBe(true);
  });

  it('caps counts at 10000+', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10000)).toBe('10000+');
    expect(formatCount(123456)).toBe('10000+');
  });

  it('escapes the query: quotes (Pagefind phrase operator) and control characters go, the rest is literal text', () => {
    expect(escapeQuery('"Elektriker" <VDE>')).toBe('Elektriker <VDE>');
    expect(escapeQuery('a\u0000b\nc')).toBe('a b c');
    expect(escapeQuery('.*(x)[y]')).toBe('.*(x)[y]');
    expect(escapeQuery('x'.repeat(300))).toHaveLength(100);
  });

  it('escapes RegExp syntax, and highlights literally', () => {
    const src = escapeRegExp('.*+?^${}()|[]\\/-');
    expect(new RegExp(src, 'u').test('.*+?^${}()|[]\\/-')).toBe(true);
    expect(highlight('Ref WH-000005', 'WH-000005')).toEqual([
      { text: 'Ref ', mark: false },
      { text: 'WH-000005', mark: true },
    ]);
    expect(highlight('Zange (VDE) 1.5', '(VDE) 1.5')).toEqual([
      { text: 'Zange ', mark: false },
      { text: '(VDE)', mark: true },
      { text: ' ', mark: false },
      { text: '1.5', mark: true },
    ]);
    expect(highlight('a.b', '.*')).toEqual([{ text: 'a.b', mark: false }]);
    expect(highlight('<img src=x>', '<img')).toEqual([
      { text: '<img', mark: true },
      { text: ' src=x>', mark: false },
    ]);
  });

  it('maps paths and terms both ways', () => {
    expect(searchPath(' a/b ?c ')).toBe('/search/a%2Fb%20%3Fc');
    expect(termFromPath('/search/a%2Fb%20%3Fc')).toBe('a/b ?c');
    expect(termFromPath('/search/%E0%A4%A')).toBe('%E0%A4%A');
    expect(termFromPath('/search')).toBe('');
  });

  it('drops hits under 10 on the 0-100 scale relative to the best', () => {
    const hits = [{ score: 20 }, { score: 2 }, { score: 1.99 }, { score: 10 }];
    expect(keepScored(hits)).toEqual([{ score: 20 }, { score: 2 }, { score: 10 }]);
    expect(keepScored([])).toEqual([]);
  });

  it('chunks: 5 first in the dropdown, 6 after and on the page', () => {
    expect(chunkEnd(0, 100, true)).toBe(5);
    expect(chunkEnd(5, 100, true)).toBe(11);
    expect(chunkEnd(0, 100, false)).toBe(6);
    expect(chunkEnd(96, 100, false)).toBe(100);
  });

  it('prices: net when VAT is excluded, else the country gross price, else the default', () => {
    const meta = { price: '999', prices: '5:999,13:1007,n:839' };
    expect(priceFor(meta, undefined, false)).toBe(999);
    expect(priceFor(meta, '13', false)).toBe(1007);
    expect(priceFor(meta, '146', false)).toBe(999);
    expect(priceFor(meta, '13', true)).toBe(839);
  });

  it('builds the category facet in tree order and groups contents by folder', () => {
    expect(categoryFacets({ 'Werkzeug › Zangen': 2, Werkzeug: 3, Garten: 0 })).toEqual([
      { value: 'Werkzeug', label: 'Werkzeug', depth: 0, count: 3 },
      { value: 'Werkzeug › Zangen', label: 'Zangen', depth: 1, count: 2 },
    ]);
    expect(
      groupByFolder([
        { folder: 'Blog', t: 1 },
        { folder: 'Info', t: 2 },
        { folder: 'Blog', t: 3 },
      ]),
    ).toEqual([
      {
        folder: 'Blog',
        items: [
          { folder: 'Blog', t: 1 },
          { folder: 'Blog', t: 3 },
        ],
      },
      { folder: 'Info', items: [{ folder: 'Info', t: 2 }] },
    ]);
  });
});
