/**
 * The advent calendar's date rule, shared by the build (tests) and the browser (no zod: it runs on
 * the static page). The date is the shop's own: its time zone decides the day.
 */
import { wallClock } from './wall-clock.ts';

export const ADVENT_DOORS = 24;

/**
 * How many doors are open: 0 before 1 December of the calendar's year (`year`, or when none is
 * configured the current year), then the day of the month up to 24 (today's and the past days'
 * doors), and all 24 after Christmas Eve of that year.
 */
export function openDoors(now: Date, timeZone: string, year: number | null = null): number {
  const today = wallClock(now, timeZone);
  const calendarYear = year ?? today.year;
  if (today.year < calendarYear || (today.year === calendarYear && today.month < 12)) return 0;
  if (today.year > calendarYear) return ADVENT_DOORS;
  return Math.min(today.day, ADVENT_DOORS);
}

/** The open doors and today's door (null before 1 December and after the 24th). */
export function adventState(now: Date, timeZone: string, year: number | null = null): { open: number; today: number | null } {
  const open = openDoors(now, timeZone, year);
  const d = wallClock(now, timeZone);
  const today = open > 0 && d.month === 12 && d.day <= ADVENT_DOORS && d.year === (year ?? d.year) ? d.day : null;
  return { open, today };
}
