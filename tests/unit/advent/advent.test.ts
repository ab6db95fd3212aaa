/** The advent calendar's date rule (shop time zones) and its configuration in a content's postscriptum. */
import { describe, expect, it } from 'vitest';
import { adventState, openDoors } from '../../../src/catalog/advent-days.ts';
import { parseAdvent } from '../../../src/catalog/advent.ts';

const at = (iso: string) => new Date(iso);

describe('open doors by the shop clock', () => {
  it('November: every door closed; 1, 12 and 24 December: that many open', () => {
    expect(openDoors(at('2026-11-15T12:00:00Z'), 'Europe/Berlin')).toBe(0);
    expect(openDoors(at('2026-12-01T12:00:00Z'), 'Europe/Berlin')).toBe(1);
    expect(openDoors(at('2026-12-12T12:00:00Z'), 'Europe/Vienna')).toBe(12);
    expect(openDoors(at('2026-12-24T12:00:00Z'), 'Europe/Bucharest')).toBe(24);
  });
  it('the shop time zone decides the day: 22:30 UTC on 30 November is 1 December in Bucharest only', () => {
    const now = at('2026-11-30T22:30:00Z');
    expect(openDoors(now, 'Europe/Bucharest')).toBe(1);
    expect(openDoors(now, 'Europe/Berlin')).toBe(0);
    expect(openDoors(now, 'Europe/Vienna')).toBe(0);
    // 23:30 UTC on 11 December: the 12th in Berlin and Vienna (CET = UTC+1)
    expect(openDoors(at('2026-12-11T23:30:00Z'), 'Europe/Berlin')).toBe(12);
    expect(openDoors(at('2026-12-11T22:30:00Z'), 'Europe/Berlin')).toBe(11);
  });
  it('after Christmas Eve all stay open; a configured year counts only for that year', () => {
    expect(adventState(at('2026-12-27T12:00:00Z'), 'Europe/Berlin')).toEqual({ open: 24, today: null });
    expect(adventState(at('2026-12-24T12:00:00Z'), 'Europe/Berlin')).toEqual({ open: 24, today: 24 });
    expect(adventState(at('2026-12-12T12:00:00Z'), 'Europe/Berlin')).toEqual({ open: 12, today: 12 });
    expect(openDoors(at('2027-01-05T12:00:00Z'), 'Europe/Berlin')).toBe(0);
    expect(openDoors(at('2027-01-05T12:00:00Z'), 'Europe/Berlin', 2026)).toBe(24);
    expect(adventState(at('2027-12-05T12:00:00Z'), 'Europe/Berlin', 2026)).toEqual({ open: 24, today: null });
    expect(openDoors(at('2026-12-05T12:00:00Z'), 'Europe/Berlin', 2027)).toBe(0);
  });
});

describe('the calendar in a content postscriptum', () => {
  it('reads product and coupon doors; bad entries are reported and left out, the rest kept', () => {
    const config = parseAdvent(
      JSON.stringify({
        advent_calendar: {
          year: 2026,
          doors: [
            { day: 1, product_id: 12 },
            { day: 2, coupon: 'ADVENT2', text: '10 %' },
            { day: 3, product_id: '7' },
            { day: 25, product_id: 1 },
            { day: 1, product_id: 3 },
            { day: 4, coupon: 'no spaces allowed' },
          ],
        },
      }),
    )!;
    expect(config.year).toBe(2026);
    expect([...config.doors.values()]).toEqual([
      { day: 1, kind: 'product', productId: 12 },
      { day: 2, kind: 'coupon', code: 'ADVENT2', text: '10 %' },
      { day: 3, kind: 'product', productId: 7 },
    ]);
    expect(config.problems).toHaveLength(3);
    expect(config.problems[1]).toMatch(/day 1 is configured twice/);
  });
  it('a postscriptum without a calendar is no calendar', () => {
    expect(parseAdvent('')).toBeNull();
    expect(parseAdvent('{"brand_id": 1}')).toBeNull();
    expect(parseAdvent('{broken')).toBeNull();
  });
});
