/**
 * A company customer excluding VAT (spec §6): logged in as the session stores it, it sees net
 * prices and 'VAT 0%' on the product page, and the cart the server prices for it is net as well:
 * the mini cart's line, goods (with 'VAT 0%') and total.
 */
import { expect, test } from '@playwright/test';
import { registerInPage, storeSession } from '../setup/session.ts';
import { COUNTRY, aboutPath, money, prepare, url } from './cart-helpers.ts';
import { testCatalog } from '../setup/catalog.ts';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('a company excluding VAT sees net prices on the product page and in the cart the server prices', async ({ page, context }) => {
  await prepare(context, 'de');
  await page.goto(url('de', aboutPath('de')));
  // Register the company through the shop API and store the session the way the account pages do.
  const answer = await registerInPage(page, {
    kind: 'company',
    firstname: 'Firma',
    lastname: 'Chef',
    company: 'Acme GmbH',
    vat_number: 'DE 136 695 976',
    exclude_vat: true,
    email: `company-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'abcd',
  });
  await storeSession(page, answer);
  const session = { excludeVAT: answer.customer.EXCLUDE_VAT };
  expect(session.excludeVAT).toBe(true);

  const product = testCatalog('de').product(F.simpleProductId)!;
  const net = await page.evaluate(
    async ({ id, country }) => {
      const live = await (await fetch(`/api/products/${id}?country_id=${country}&vat_excluded=true`)).json();
      const v = live.data.variants[0];
      return v.is_promo ? v.taxed_promo_price : v.taxed_price;
    },
    { id: product.id, country: COUNTRY.de },
  );
  const gross = await page.evaluate(
    async ({ id, country }) => {
      const live = await (await fetch(`/api/products/${id}?country_id=${country}`)).json();
      const v = live.data.variants[0];
      return v.is_promo ? v.taxed_promo_price : v.taxed_price;
    },
    { id: product.id, country: COUNTRY.de },
  );
  expect(net).toBeLessThan(gross);

  await page.goto(url('de', product.url));
  await expect(page.locator('.product-price [data-price]')).toHaveText(money('de', net));
  await expect(page.locator('[data-vat-modes]')).toHaveText('VAT 0%');
  await page.locator('.buy [data-add-to-cart]').click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');

  await page.locator('[data-cart-link]').click();
  const panel = page.locator('[data-mini-cart-panel]');
  await expect(panel.locator('[data-line-price]')).toHaveText(`1 × ${money('de', net)}`);
  await expect(panel.locator('[data-sum="goods"]')).toHaveText(money('de', net));
  await expect(panel.locator('[data-mini-cart-sums] dt').first()).toContainText('VAT 0%');
  const cart = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('token')!).token as string;
    const res = await fetch('/api/cart/get', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ 'thelia.cart_id': Number(localStorage.getItem('cart_id')) }),
    });
    return (await res.json()).data as { vatExcluded: boolean; customer_id: number | null };
  });
  expect(cart.vatExcluded).toBe(true);
});
