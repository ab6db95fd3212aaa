/**
 * The wall clock of a shop's time zone, read in the browser without `Intl` for the shops' own zones.
 *
 * The first `Intl` formatter a page makes loads ICU's data: 20-45 ms of main thread on this
 * machine, 80-180 ms on Lighthouse's slow phone, which made it the product page's longest task
 * after the first paint (its next-day text).
 * The shops' zones keep a fixed standard offset plus the EU's summer time (Directive 2000/84/EC:
 * from the last Sunday of March, 01:00 UTC, to the last Sunday of October, 01:00 UTC, in every
 * member state at once), so their clock is plain arithmetic. Any other zone (a shop configured
 * elsewhere) is read with `Intl`. A unit test holds the table to the time-zone data of `Intl`
 * hour by hour over years, so a change of either shows there.
 */

/** Minutes east of UTC outside summer time, for zones that follow the EU's summer time. */
const EU_ZONES: Readonly<Record<string, number>> = {
  'Europe/Berlin': 60,
  'Europe/Vienna': 60,
  'Europe/Bucharest': 120,
};

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 Sunday - 6 Saturday */
  weekday: number;
  /** 0-23 */
  hour: number;
}

const DAY_MS = 86_400_000;

/** The last Sunday of `month` (0-11) of `year`, 01:00 UTC: when the EU's clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/** The zones whose clock is computed here (the rest go through `Intl`). */
export const arithmeticZones = (): string[] => Object.keys(EU_ZONES);

/** Year, month, day, weekday and hour of `now` on the wall clock of `timeZone`. */
export function wallClock(now: Date, timeZone: string): WallClock {
  const standard = EU_ZONES[timeZone];
  if (standard === undefined) return intlWallClock(now, timeZone);
  const t = now.getTime();
  const year = now.getUTCFullYear();
  const summer = t >= lastSundayOneUtc(year, 2) && t < lastSundayOneUtc(year, 9);
  const local = new Date(t + (standard + (summer ? 60 : 0)) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), weekday: local.getUTCDay(), hour: local.getUTCHours() };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formats = new Map<string, Intl.DateTimeFormat>();

/** The same read from the browser's (or Node's) time-zone data. */
export function intlWallClock(now: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), weekday: WEEKDAYS.indexOf(get('weekday')), hour: Number(get('hour')) };
}
