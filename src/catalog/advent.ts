/**
 * The advent calendar's doors, configured by the editors in Thelia: the postscriptum of the
 * content that the shop maps to /advent-calendar (`contentPages`) holds JSON
 *
 *   {"advent_calendar": {"year": 2026, "doors": [
 *     {"day": 1, "product_id": 12},
 *     {"day": 2, "coupon": "ADVENT2", "text": "10 % auf alle Akku-Werkzeuge"}]}}
 *
 * (see docs/export-format.md, "Advent calendar"). Each door is a product of the catalog (shown
 * with its current price: the advent price is the product's promo price set in Thelia) or a
 * coupon code with a text. The postscriptum is per language, so texts are in the shop's language.
 */
import { z } from 'zod';
import { ADVENT_DOORS } from './advent-days.ts';

const Id = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().positive());

const Door = z.union([
  z.object({ day: z.number().int().min(1).max(ADVENT_DOORS), product_id: Id }).transform((d) => ({ day: d.day, kind: 'product' as const, productId: d.product_id })),
  z
    .object({
      day: z.number().int().min(1).max(ADVENT_DOORS),
      coupon: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{2,40}$/),
      text: z.string().trim().max(200).default(''),
    })
    .transform((d) => ({ day: d.day, kind: 'coupon' as const, code: d.coupon, text: d.text })),
]);
export type AdventDoor = z.output<typeof Door>;

const Calendar = z.object({
  advent_calendar: z.object({
    year: z.number().int().min(2000).max(2100).nullable().default(null),
    doors: z.array(z.unknown()).max(100),
  }),
});

export interface AdventConfig {
  year: number | null;
  /** Door 1..24 -> its offer; a day without a valid entry has none. */
  doors: Map<number, AdventDoor>;
  /** What was wrong with the entries (reported at build time, the rest is kept). */
  problems: string[];
}

/** The calendar of a content's postscriptum, or null when it holds none. */
export function parseAdvent(postscriptum: string): AdventConfig | null {
  const text = postscriptum.trim();
  if (!text.startsWith('{')) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const calendar = Calendar.safeParse(json);
  if (!calendar.success) return null;
  const doors = new Map<number, AdventDoor>();
  const problems: string[] = [];
  calendar.data.advent_calendar.doors.forEach((raw, i) => {
    const door = Door.safeParse(raw);
    if (!door.success) problems.push(`door entry ${i + 1}: ${door.error.issues.map((x) => `${x.path.join('.') || 'entry'} ${x.message}`).join('; ')}`);
    else if (doors.has(door.data.day)) problems.push(`door entry ${i + 1}: day ${door.data.day} is configured twice (the first is kept)`);
    else doors.set(door.data.day, door.data);
  });
  return { year: calendar.data.advent_calendar.year, doors, problems };
}
