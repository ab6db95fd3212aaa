import { describe, expect, it } from 'vitest';
import { cutoffFor, deliveryKind, nextDayPossible } from '../../../src/catalog/delivery.ts';
import { getShop } from '../../../src/shops/index.ts';

const CUTOFFS = { de: cutoffFor(getShop('de')), at: cutoffFor(getShop('at')), ro: cutoffFor(getShop('ro')) };

describe('delivery texts', () => {
  it('maps the delay to 1-2 workdays, 2-3 workdays or 2-3 weeks', () => {
    expect(deliveryKind({ quantity: 5 })).toBe('days12');
    expect(deliveryKind({ quantity: 0 })).toBe('weeks23');
    expect(deliveryKind({ quantity: 5, deliveryDelay: { minDays: 1, maxDays: 2 } })).toBe('days12');
    expect(deliveryKind({ quantity: 5, deliveryDelay: { minDays: 2, maxDays: 3 } })).toBe('days23');
    expect(deliveryKind({ quantity: 5, deliveryDelay: { minDays: 14, maxDays: 21 } })).toBe('weeks23');
  });
  it("cuts off at 15:00 in the German-speaking shops and 13:00 in Romania, on the shop's own clock", () => {
    expect(CUTOFFS).toEqual({ de: { hour: 15, timeZone: 'Europe/Berlin' }, at: { hour: 15, timeZone: 'Europe/Vienna' }, ro: { hour: 13, timeZone: 'Europe/Bucharest' } });
  });
  it('promises next-day delivery before 15:00 in Germany and 13:00 in Romania, Monday to Thursday, never on Friday', () => {
    // 2026-11-19 is a Thursday; 13:30 UTC = 14:30 Berlin = 15:30 Bucharest.
    const thursday = new Date('2026-11-19T13:30:00Z');
    expect(nextDayPossible(thursday, CUTOFFS.de)).toBe(true);
    expect(nextDayPossible(thursday, CUTOFFS.ro)).toBe(false);
    expect(nextDayPossible(new Date('2026-11-19T10:30:00Z'), CUTOFFS.ro)).toBe(true);
    expect(nextDayPossible(new Date('2026-11-19T14:30:00Z'), CUTOFFS.de)).toBe(false);
    expect(nextDayPossible(new Date('2026-11-20T08:00:00Z'), CUTOFFS.de)).toBe(false); // Friday
    expect(nextDayPossible(new Date('2026-11-22T08:00:00Z'), CUTOFFS.at)).toBe(false); // Sunday
  });
});
