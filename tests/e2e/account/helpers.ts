/** Helpers of the account browser tests: customers, addresses and orders made through the real shop API, the mail outbox. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { E2E } from '../setup/paths.ts';
import { registerInPage } from '../setup/session.ts';
import { COUNTRY, type Shop } from '../cart/cart-helpers.ts';

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export const ADDRESS: Record<Shop, Record<string, string | number>> = {
  de: {
    label: 'Zuhause',
    firstname: 'Erika',
    lastname: 'Muster',
    address1: 'Hauptstraße',
    address2: '5',
    zipcode: '04109',
    city: 'Leipzig',
    country_id: COUNTRY.de,
    phone: '+49 341 123456',
  },
  at: { label: 'Zuhause', firstname: 'Erika', lastname: 'Muster', address1: 'Ring', address2: '1', zipcode: '1010', city: 'Wien', country_id: COUNTRY.at, phone: '+43 1 234567' },
  ro: { label: 'Acasă', firstname: 'Ana', lastname: 'Pop', address1: 'Strada Mare', address2: '7', zipcode: '400114', city: 'Cluj', country_id: COUNTRY.ro, phone: '0722123456' },
};

/** A private customer registered through the API (with a first address), from the page's origin. */
export async function apiCustomer(page: Page, shop: Shop, password = 'geheim1') {
  const email = uniqueEmail(`acc-${shop}`);
  const states = await page.evaluate(async (c) => (await (await fetch(`/api/ExternalOrderApi/county/${c}`)).json()).data as { id: number }[], COUNTRY[shop]);
  const address = { ...ADDRESS[shop], ...(states.length ? { state_id: states[0]!.id } : {}) };
  const answer = await registerInPage(page, { kind: 'private', firstname: 'Erika', lastname: 'Muster', email, password, locale: shop === 'ro' ? 'ro_RO' : 'de_DE', address });
  return { email, password, answer };
}

/** Sets the administrator flag of a customer in the test API's database (there is no back office here). */
export function makeAdmin(email: string) {
  const db = new DatabaseSync(E2E.apiDb);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE customer SET is_admin = 1 WHERE lower(email) = lower(?)').run(email);
  } finally {
    db.close();
  }
}

/** Places a bank-transfer order for a logged-in customer through the API; answers the pay call's data. */
export async function placeOrder(page: Page, shop: Shop, token: string, customerId: number, addressId: number, pseId: number) {
  return page.evaluate(
    async ({ token, customerId, addressId, country, locale, pseId }) => {
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const added = await (
        await fetch('/api/cart/add', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ thelia_cart_add: { product_sale_elements_id: pseId, quantity: 1 }, country_id: country }),
        })
      ).json();
      if (added.status_code !== 200) throw new Error(`cart/add ${JSON.stringify(added)}`);
      const cartId = added.data.cartId;
      const methods = await (await fetch(`/api/ExternalOrderApi/getActivePaymentMethods/${cartId}`, { headers: auth })).json();
      const vorkasse = methods.data.find((x: { code: string }) => x.code === 'Vorkasse');
      const pay = await (
        await fetch('/api/vorkasse/pay', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            cart_id: cartId,
            customer_id: customerId,
            delivery_address_id: addressId,
            invoice_address_id: addressId,
            delivery_module_id: 77,
            payment_module_id: vorkasse?.id,
            country_id: country,
            locale,
          }),
        })
      ).json();
      if (pay.status_code !== 200) throw new Error(`pay ${JSON.stringify(pay)}`);
      return pay.data as { order_id: number; order_ref: string; total: number; guest_invoice_path: string };
    },
    { token, customerId, addressId, country: COUNTRY[shop], locale: shop === 'ro' ? 'ro_RO' : 'de_DE', pseId },
  );
}

/** A variant with stock, from the API's live data for a product. */
export async function variantInStock(page: Page, productId: number, shop: Shop): Promise<number> {
  return page.evaluate(
    async ({ id, country }) => {
      const live = await (await fetch(`/api/products/${id}?country_id=${country}`)).json();
      return (live.data.variants.find((v: { quantity: number }) => v.quantity > 2) ?? live.data.variants[0]).id as number;
    },
    { id: productId, country: COUNTRY[shop] },
  );
}

/** The newest mail to an address in the test API's outbox (waits for it). */
export async function mailTo(email: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(E2E.outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // not there yet
    }
    const hits = files.map((f) => readFileSync(join(E2E.outbox, f), 'utf8')).filter((t) => t.includes(`To: ${email}`));
    if (hits.length) return hits[hits.length - 1]!;
    if (Date.now() > end) throw new Error(`no mail to ${email} in ${E2E.outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
