import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_ID, chooseDeliveryMethod, deliveryKey, shipmentText, storedDeliveryId } from '../../../src/stores/delivery.ts';
import { toCents } from '../../../src/catalog/prices.ts';

const active = [
  { id: 78, position: 2 },
  { id: 77, position: 1 },
  { id: 80, position: 4 },
];
const fmt = (cents: number) => `${(cents / 100).toFixed(2)} €`;

describe('delivery rules (spec §4 Delivery method, §2 shipment line)', () => {
  it('delivery method 77 when none is stored', () => {
    expect(DEFAULT_DELIVERY_ID).toBe(77);
    expect(chooseDeliveryMethod(null, active)).toBe(77);
    expect(chooseDeliveryMethod(storedDeliveryId(null), active)).toBe(77);
  });

  it('a stored delivery method not in the active list gives way to the lowest position', () => {
    expect(chooseDeliveryMethod(79, active)).toBe(77);
    // 77 itself gives way when it is not active (a freight cart)
    expect(
      chooseDeliveryMethod(null, [
        { id: 80, position: 4 },
        { id: 79, position: 3 },
      ]),
    ).toBe(79);
  });

  it('a stored delivery method in the active list is kept', () => {
    expect(chooseDeliveryMethod(80, active)).toBe(80);
  });

  it('no delivery method when none is active', () => {
    expect(chooseDeliveryMethod(77, [])).toBeNull();
  });

  it('a corrupt stored delivery id counts as none', () => {
    for (const raw of ['', 'null', '0', '-3', 'abc', '1.5', undefined, null]) expect(storedDeliveryId(raw), String(raw)).toBeNull();
    expect(storedDeliveryId('78')).toBe(78);
    expect(storedDeliveryId(78)).toBe(78);
  });

  it('delivery cost is recomputed when the cart, the cart id or the country changes', () => {
    const base = {
      cartId: 12,
      countryId: 5,
      lines: [
        { cartItemId: 1, quantity: 2 },
        { cartItemId: 2, quantity: 1 },
      ],
    };
    const key = deliveryKey(base);
    expect(deliveryKey({ ...base, lines: [...base.lines].reverse() })).toBe(key);
    expect(
      deliveryKey({
        ...base,
        lines: [
          { cartItemId: 1, quantity: 3 },
          { cartItemId: 2, quantity: 1 },
        ],
      }),
    ).not.toBe(key);
    expect(deliveryKey({ ...base, lines: base.lines.slice(1) })).not.toBe(key);
    expect(deliveryKey({ ...base, cartId: 13 })).not.toBe(key);
    expect(deliveryKey({ ...base, countryId: 13 })).not.toBe(key);
  });

  it('shipment shows Free when 0', () => {
    expect(shipmentText(0, fmt, 'Kostenlos')).toBe('Kostenlos');
    expect(shipmentText(590, fmt, 'Kostenlos')).toBe('5.90 €');
  });

  it('API money becomes whole cents', () => {
    expect(toCents(5.9)).toBe(590);
    expect(toCents(16.53)).toBe(1653);
    expect(toCents(0)).toBe(0);
  });
});
