/**
 * Delivery texts of the product page (spec §9): 1-2 workdays, 2-3 workdays or 2-3 weeks, and the
 * next-day promise before the cutoff (13:00 in Romania, 15:00 in the German-speaking shops),
 * never on a Friday (nor at the weekend). Pure: used at build time and by the page's script,
 * which decides the next-day text in the shopper's browser, in the shop's time zone.
 */
import { wallClock } from './wall-clock.ts';

export type DeliveryKind = 'days12' | 'days23' | 'weeks23';

export function deliveryKind(v: { quantity: number; deliveryDelay?: { minDays: number; maxDays: number } }): DeliveryKind {
  const d = v.deliveryDelay;
  if (d) return d.maxDays <= 2 ? 'days12' : d.maxDays <= 5 ? 'days23' : 'weeks23';
  return v.quantity > 0 ? 'days12' : 'weeks23';
}

/** The next-day cutoff hour of each shop (spec §9). */
const CUTOFF_HOURS = { de: 15, at: 15, ro: 13 } as const;

/** A shop's next-day cutoff: its hour on the shop's own clock (the shop configuration's `timeZone`). */
export function cutoffFor(shop: { code: keyof typeof CUTOFF_HOURS; timeZone: string }): { hour: number; timeZone: string } {
  return { hour: CUTOFF_HOURS[shop.code], timeZone: shop.timeZone };
}

/** Whether an order placed at `now` is delivered the next day: Monday to Thursday, before the cutoff. */
export function nextDayPossible(now: Date, cutoff: { hour: number; timeZone: string }): boolean {
  const { weekday, hour } = wallClock(now, cutoff.timeZone);
  return weekday >= 1 && weekday <= 4 && hour < cutoff.hour;
}
