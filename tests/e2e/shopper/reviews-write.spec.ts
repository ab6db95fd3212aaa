/**
 * Writing a review (issue 15 item 2): the form shows only where comments/rights allows it; a
 * buyer's review is 'sent for review', approved through the operator API and then listed on the
 * tab; a non-buyer and a visitor are told why they cannot; a failure keeps the text. Against the
 * real shop API, in de and ro. The product's structured data carries the export's rating.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';

// Islands hydrate and the shop API answers slowly on a loaded machine: generous waits, a longer test time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { sampleRating } from '../../../scripts/sample/products.ts';
import { DEV_OPERATOR_TOKEN } from '../../../server/config.ts';
import { testCatalog } from '../setup/catalog.ts';
import { E2E } from '../setup/paths.ts';
import { registerInPage, storeSession } from '../setup/session.ts';
import { decided, offline, url, viewport, type Shop } from '../chrome/helpers.ts';
import { expectNoSeriousViolations } from '../cart/cart-helpers.ts';

const TEXT = {
  de: {
    login: 'Bitte melden Sie sich an, um dieses Produkt zu bewerten.',
    notBought: 'Nur Kundinnen und Kunden, die dieses Produkt gekauft haben, können es bewerten.',
    stars: (n: number) => `${n} von 5 Sternen`,
    title: 'Überschrift',
    content: 'Ihre Erfahrung mit dem Produkt',
    submit: 'Bewertung senden',
    sent: 'Vielen Dank! Ihre Bewertung wurde zur Prüfung gesendet und erscheint nach der Freigabe.',
    failed: 'Fehler beim Speichern der Bewertung. Ihr Text ist noch da: Bitte versuchen Sie es erneut.',
    needRating: 'Bitte wählen Sie 1 bis 5 Sterne.',
    already: 'Sie haben dieses Produkt bereits bewertet. Vielen Dank!',
  },
  ro: {
    login: 'Vă rugăm să vă autentificați pentru a evalua acest produs.',
    notBought: 'Doar clienții care au cumpărat acest produs îl pot evalua.',
    stars: (n: number) => `${n} din 5 stele`,
    title: 'Titlu',
    content: 'Experiența dumneavoastră cu produsul',
    submit: 'Trimite recenzia',
    sent: 'Vă mulțumim! Recenzia dumneavoastră a fost trimisă spre verificare și va apărea după aprobare.',
    failed: 'Eroare la salvarea recenziei. Textul dumneavoastră a rămas: vă rugăm să încercați din nou.',
    needRating: 'Vă rugăm să alegeți între 1 și 5 stele.',
    already: 'Ați evaluat deja acest produs. Vă mulțumim!',
  },
};

const ADDRESS = {
  label: 'Büro',
  title: 2,
  firstname: 'Berta',
  lastname: 'Schulz',
  address1: 'Unter den Linden',
  address2: '5',
  zipcode: '10117',
  city: 'Berlin',
  country_id: 5,
  phone: '030 123456',
};
/** The operator API, called from the test (the back office's side), straight at the shop API. */
const operator = (path: string) => `http://127.0.0.1:${E2E.apiPort}${path}`;
const productPath = (shop: Shop) => testCatalog(shop).product(F.simpleProductId)!.url;
const note = (page: Page) => page.locator('[data-review-note]');

async function customer(page: Page, shop: Shop) {
  const email = `review-${shop}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const session = await registerInPage(page, {
    kind: 'private',
    title: 2,
    firstname: 'Berta',
    lastname: 'Schulz',
    email,
    password: 'secret12',
    password_confirm: 'secret12',
    address: ADDRESS,
    locale: shop === 'ro' ? 'ro_RO' : 'de_DE',
  });
  return { email, session };
}

/** Buys the product's only variant by bank transfer and has the operator mark it paid: now a buyer. */
async function buy(page: Page, token: string, customerId: number): Promise<void> {
  const ref = await page.evaluate(
    async ({ token, customerId, productId }) => {
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const product = await (await fetch(`/api/products/${productId}`)).json();
      const added = await (
        await fetch('/api/cart/add', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ thelia_cart_add: { product_sale_elements_id: product.data.variants[0].id, quantity: 1 } }),
        })
      ).json();
      const pay = await (
        await fetch('/api/vorkasse/pay', { method: 'POST', headers: auth, body: JSON.stringify({ cart_id: added.data.cartId, customer_id: customerId, locale: 'de_DE' }) })
      ).json();
      if (pay.status_code !== 200) throw new Error(JSON.stringify(pay));
      return pay.data.order_ref as string;
    },
    { token, customerId, productId: F.simpleProductId },
  );
  const paid = await page.request.post(operator(`/api/operator/orders/${ref}/paid`), { headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` } });
  expect(paid.status(), await paid.text()).toBe(200);
}

async function openReviews(page: Page, shop: Shop) {
  await page.goto(url(shop, productPath(shop)));
  await page.locator('label[for="tab-reviews"]').click();
}

test.beforeEach(async ({ context }) => {
  await offline(context);
  for (const shop of ['de', 'ro'] as const) await decided(context, shop);
});

for (const shop of ['de', 'ro'] as const) {
  const T = TEXT[shop];
  test(`${shop}: a buyer writes a review; a failure keeps the text; it is sent for review, approved by the operator, then listed`, async ({ page }) => {
    await page.goto(url(shop, productPath(shop)));
    const { email, session } = await customer(page, shop);
    await buy(page, session.token, session.customer_id);
    await storeSession(page, session);
    await openReviews(page, shop);
    const form = page.locator('[data-review-form]');
    await expect(form).toBeVisible();
    // no rating: announced and focused
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page.locator('[data-error-for="rating"]')).toHaveText(T.needRating);
    await expect(page.getByRole('radio', { name: T.stars(5) })).toBeFocused();
    await page.getByRole('radio', { name: T.stars(4) }).check();
    const title = `Gut ${Date.now()}`;
    await page.getByRole('textbox', { name: T.title }).fill(title);
    await page.getByRole('textbox', { name: T.content }).fill('Hält, was es verspricht.');
    // the server failing: 'Error saving comment', nothing lost
    await page.route('**/api/comments', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { status_code: 500, status: 'Error saving comment', message: 'Error saving comment' } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: T.submit }).click();
    await expect(note(page)).toHaveText(T.failed);
    await expect(page.getByRole('textbox', { name: T.title })).toHaveValue(title);
    await expect(page.getByRole('radio', { name: T.stars(4) })).toBeChecked();
    await page.unroute('**/api/comments');
    await page.getByRole('button', { name: T.submit }).click();
    await expect(note(page)).toHaveText(T.sent);
    await expect(form).toBeHidden();

    // the operator approves it; the tab lists it (fresh from the shop API)
    const auth = { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` };
    const pending = await (await page.request.get(operator(`/api/operator/comments?status=pending&product_id=${F.simpleProductId}`), { headers: auth })).json();
    const mine = pending.data.find((c: { customer_email: string }) => c.customer_email === email);
    expect(mine).toMatchObject({ rating: 4, title, status: 'pending' });
    expect((await page.request.post(operator(`/api/operator/comments/${mine.id}/approve`), { headers: auth })).status()).toBe(200);
    await openReviews(page, shop);
    await expect(page.locator('#panel-reviews').getByRole('heading', { name: title })).toBeVisible();
    await expect(note(page)).toHaveText(T.already);
    await expect(form).toBeHidden();
  });

  test(`${shop}: a customer who did not buy it is told why; a visitor is asked to log in`, async ({ page }) => {
    await openReviews(page, shop);
    await expect(note(page)).toContainText(T.login);
    await expect(note(page).getByRole('link')).toHaveAttribute('href', '/login-register');
    await expect(page.locator('[data-review-form]')).toBeHidden();
    const { session } = await customer(page, shop);
    await storeSession(page, session);
    await openReviews(page, shop);
    await expect(note(page)).toHaveText(T.notBought);
    await expect(page.locator('[data-review-form]')).toBeHidden();
  });
}

test('the structured data carries the approved reviews of the export as an aggregate rating', async ({ page }) => {
  const rated = testCatalog('de')
    .routes()
    .find((r) => r.kind === 'product' && sampleRating(r.id))!;
  const rating = sampleRating(rated.id)!;
  await page.goto(url('de', rated.path));
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((b) => JSON.parse(b)).find((b) => b['@type'] === 'Product');
  expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: rating.average.toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 });
  const unrated = testCatalog('de')
    .routes()
    .find((r) => r.kind === 'product' && !sampleRating(r.id))!;
  await page.goto(url('de', unrated.path));
  const plain = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b)).find((b) => b['@type'] === 'Product');
  expect(plain.aggregateRating).toBeUndefined();
});

for (const shop of ['de', 'ro'] as const)
  for (const width of [390, 1280]) {
    test(`${shop} at ${width} px: axe on the reviews tab with the review form and its errors`, async ({ page }) => {
      await page.setViewportSize(viewport(width));
      await page.goto(url(shop, productPath(shop)));
      const { session } = await customer(page, shop);
      await buy(page, session.token, session.customer_id);
      await storeSession(page, session);
      await openReviews(page, shop);
      await page.getByRole('button', { name: TEXT[shop].submit }).click();
      await expect(page.locator('[data-error-for="title"]')).not.toBeEmpty();
      await expectNoSeriousViolations(page);
    });
  }
