/** Helpers of the cart browser tests: a cart made through the real shop API, then stored as the shop would. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { aboutPath, decided, offline, url, type Shop } from '../chrome/helpers.ts';

export { F, url, aboutPath, type Shop };

export const COUNTRY: Record<Shop, number> = { de: 5, at: 13, ro: 146 };

export async function prepare(context: BrowserContext, shop: Shop) {
  await offline(context);
  await decided(context, shop);
}

export interface Seeded {
  cartId: number;
  goods: number;
  items: { cartItemId: number; title: string; quantity: number; price: number; undeliverable: boolean }[];
}

/**
 * Adds products to a new cart through the shop API (from the shop's origin, as the browser does)
 * and stores its id under `cart_id`; the page is left on the about page.
 */
export async function seedCart(page: Page, shop: Shop, lines: { productId: number; quantity: number }[]): Promise<Seeded> {
  await page.goto(url(shop, aboutPath(shop)));
  return page.evaluate(
    async ({ lines, country }) => {
      let cartId: number | undefined;
      for (const line of lines) {
        const product = await (await fetch(`/api/products/${line.productId}?country_id=${country}`)).json();
        const pse = product.data.variants.find((v: { quantity: number }) => v.quantity >= line.quantity) ?? product.data.variants[0];
        const body = { ...(cartId ? { 'thelia.cart_id': cartId } : {}), thelia_cart_add: { product_sale_elements_id: pse.id, quantity: line.quantity }, country_id: country };
        const added = await (await fetch('/api/cart/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
        if (added.status_code !== 200) throw new Error(`cart/add: ${JSON.stringify(added)}`);
        cartId = added.data.cartId;
      }
      const cart = await (
        await fetch('/api/cart/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'thelia.cart_id': cartId, country_id: country }) })
      ).json();
      localStorage.setItem('cart_id', String(cartId));
      return {
        cartId: cartId!,
        goods: cart.data.totals.goods,
        items: cart.data.items.map((i: { cartItemId: number; TITLE: string; quantity: number; price: number; undeliverable: boolean }) => ({
          cartItemId: i.cartItemId,
          title: i.TITLE,
          quantity: i.quantity,
          price: i.price,
          undeliverable: i.undeliverable,
        })),
      };
    },
    { lines, country: COUNTRY[shop] },
  );
}

/** '1.234,50 €' (de) / '1.234,50 €' (ro): the shop's money format. */
export function money(shop: Shop, amount: number): string {
  const locale = shop === 'ro' ? 'ro-RO' : shop === 'at' ? 'de-AT' : 'de-DE';
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} €`;
}

export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function expectNoSeriousViolations(page: Page, include?: string) {
  expect(await seriousViolations(page, include)).toEqual([]);
}

/** The delivery cost the server computes for a cart, country and method (default 77), with VAT. */
export async function shipmentOf(page: Page, cartId: number, country: number, method = 77): Promise<number> {
  return page.evaluate(
    async ({ cartId, country, method }) => {
      const list = await (await fetch(`/api/ExternalOrderApi/getActiveDelivery/${cartId}?country_id=${country}`)).json();
      return list.data.find((d: { id: number }) => d.id === method).postage_amount_taxed as number;
    },
    { cartId, country, method },
  );
}
