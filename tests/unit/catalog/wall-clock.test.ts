import { describe, expect, it } from 'vitest';
import { arithmeticZones, intlWallClock, wallClock } from '../../../src/catalog/wall-clock.ts';
import { allShops } from '../../../src/shops/index.ts';

const HOUR = 3_600_000;

describe('the wall clock of a shop time zone', () => {
  it('covers the time zone of every shop (the next-day cutoffs use it)', () => {
    for (const shop of allShops()) expect(arithmeticZones()).toContain(shop.timeZone);
  });

  it.each(arithmeticZones())('%s: the same as Intl every hour from 2025 to 2035, and a millisecond before each hour', (zone) => {
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2035, 0, 1);
    let checked = 0;
    for (let t = from; t < to; t += HOUR) {
      for (const at of [t, t - 1]) {
        const now = new Date(at);
        const ours = wallClock(now, zone);
        const theirs = intlWallClock(now, zone);
        if (ours.hour !== theirs.hour || ours.day !== theirs.day || ours.month !== theirs.month || ours.year !== theirs.year || ours.weekday !== theirs.weekday) {
          expect({ at: now.toISOString(), ...ours }).toEqual({ at: now.toISOString(), ...theirs });
        }
        checked++;
      }
    }
    expect(checked).toBe(2 * ((to - from) / HOUR));
  });

  it.each([
    // [instant, zone, year, month, day, weekday, hour]
    ['2026-03-29T00:59:59Z', 'Europe/Berlin', 2026, 3, 29, 0, 1], // the last second of winter time
    ['2026-03-29T01:00:00Z', 'Europe/Berlin', 2026, 3, 29, 0, 3], // summer time: 02:00 is skipped
    ['2026-10-25T00:59:59Z', 'Europe/Vienna', 2026, 10, 25, 0, 2],
    ['2026-10-25T01:00:00Z', 'Europe/Vienna', 2026, 10, 25, 0, 2], // 02:00-03:00 comes twice
    ['2026-12-31T22:30:00Z', 'Europe/Bucharest', 2027, 1, 1, 5, 0], // already New Year in Romania
    ['2026-11-30T23:00:00Z', 'Europe/Berlin', 2026, 12, 1, 2, 0], // 1 December at midnight
    ['2026-07-01T12:00:00Z', 'America/New_York', 2026, 7, 1, 3, 8], // any other zone: Intl's data
  ] as const)('%s in %s', (instant, zone, year, month, day, weekday, hour) => {
    expect(wallClock(new Date(instant), zone)).toEqual({ year, month, day, weekday, hour });
  });
});
