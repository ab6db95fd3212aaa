/** Helpers of the checkout browser tests: fill the guest form, read orders through the shop API, decode the EPC QR code. */
import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Shop } from '../cart/cart-helpers.ts';

export const GUEST: Record<Shop, { firstname: string; lastname: string; address1: string; address2: string; zipcode: string; city: string; phone: string }> = {
  de: { firstname: 'Gerda', lastname: 'Gast', address1: 'Unter den Linden', address2: '5', zipcode: '10117', city: 'Berlin', phone: '030 123456' },
  at: { firstname: 'Anna', lastname: 'Huber', address1: 'Mariahilfer Straße', address2: '12', zipcode: '1060', city: 'Wien', phone: '+43 1 234567' },
  ro: { firstname: 'Ion', lastname: 'Popescu', address1: 'Strada Lipscani', address2: '3', zipcode: '030031', city: 'București', phone: '0721234567' },
};

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Fills the guest's e-mail and shipping address the way a shopper does (labels, not ids). */
export async function fillGuest(page: Page, shop: Shop, email: string) {
  const g = GUEST[shop];
  await page.locator('#co-email').fill(email);
  await page.locator('#co-shipping-firstname').fill(g.firstname);
  await page.locator('#co-shipping-lastname').fill(g.lastname);
  await page.locator('#co-shipping-address1').fill(g.address1);
  await page.locator('#co-shipping-address2').fill(g.address2);
  await page.locator('#co-shipping-zipcode').fill(g.zipcode);
  await page.locator('#co-shipping-city').fill(g.city);
  const state = page.locator('#co-shipping-state_id');
  if (shop === 'ro') {
    await expect(state).toBeVisible();
    const first = await state.locator('option:not([value=""])').first().getAttribute('value');
    await state.selectOption(first!);
  }
  await page.locator('#co-shipping-phone').fill(g.phone);
}

/** Waits until the checkout can place the order (cart, delivery and payment methods loaded). */
export async function ready(page: Page) {
  await expect(page.locator('[data-buy]')).toBeEnabled({ timeout: 45_000 });
}

/** The guest's (express) or the customer's token as the page stored it. */
export async function tokenOf(page: Page): Promise<{ token: string; customerId: number }> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('token');
    if (raw) return { token: JSON.parse(raw).token as string, customerId: Number(localStorage.getItem('customer_id')) };
    const express = JSON.parse(localStorage.getItem('user_express_data')!).data;
    return { token: express.token as string, customerId: express.customerId as number };
  });
}

export interface OrderSeen {
  ID: number;
  REF: string;
  CART_ID: number;
  STATUS: string;
  TOTAL: number;
  GOODS: number;
  GOODS_NET: number;
  POSTAGE: number;
  DISCOUNT: number;
  VAT_EXCLUDED: boolean;
  LOCAL_PICKUP: boolean;
  COUPON_CODE: string | null;
  PAYMENT_MODULE: string;
  DELIVERY_MODULE_ID: number;
  MESSAGE: string | null;
}

/** Every order of the page's buyer for a cart, through the shop API. */
export async function ordersOfCart(page: Page, cartId: number): Promise<OrderSeen[]> {
  const { token, customerId } = await tokenOf(page);
  return page.evaluate(
    async ({ token, customerId, cartId }) => {
      const res = await fetch(`/api/ExternalOrderApi/order/?customer=${customerId}`, { headers: { authorization: `Bearer ${token}` } });
      const json = await res.json();
      return (json.OrderItems as { CART_ID: number }[]).filter((o) => o.CART_ID === cartId) as never;
    },
    { token, customerId, cartId },
  );
}

/** Decodes the QR code image (a PNG data URL) with jsQR. */
export function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found in the image');
  return code.data;
}
