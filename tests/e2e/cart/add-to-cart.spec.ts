/**
 * Add to cart in Chromium against the built shops and the shop API: product page (simple product,
 * variant, quantity step), listing cards, header count, reload, two tabs, one cart per shop, and
 * the API failing (500, no answer) without losing the cart.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { shopUrl } from '../setup/paths.ts';
import { testCatalog } from '../setup/catalog.ts';

const CONNECTION_DE = 'Bei der Verbindung zum Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.';
const catalog = testCatalog('de');
const simple = catalog.product(F.simpleProductId)!;

const count = (page: Page) => page.locator('[data-cart-count]');
const addButton = (page: Page) => page.locator('.buy [data-add-to-cart]');
const toast = (page: Page) => page.locator('[data-toast-region] [data-toast] p');
const toastBox = (page: Page) => page.locator('[data-toast-region] [data-toast]');
const stored = (page: Page) =>
  page.evaluate(() => ({
    id: localStorage.getItem('cart_id'),
    items: JSON.parse(localStorage.getItem('cart_items') ?? '[]') as { PRODUCT_SALE_ELEMENT: number; quantity: number; cartItemId: number }[],
  }));

test('a simple product from its page: busy at once, toast, header count, kept on reload', async ({ page }) => {
  await page.goto(shopUrl('de', simple.url));
  await expect(count(page)).toBeHidden();
  const button = addButton(page);
  await expect(button).toHaveText('In den Warenkorb');
  await button.click();
  // The busy state comes from the click itself, before the cart module or the API.
  await expect(button).toHaveAttribute('data-state', /busy|done/);
  await expect(toast(page)).toHaveText(/In den Warenkorb gelegt/);
  await expect(button).toHaveText('Im Warenkorb ✓');
  await expect(count(page)).toHaveText('1');
  const s = await stored(page);
  expect(Number(s.id)).toBeGreaterThan(0);
  expect(s.items).toHaveLength(1);
  expect(s.items[0]!.PRODUCT_SALE_ELEMENT).toBe(simple.variants[0]!.id);
  await page.reload();
  await expect(count(page)).toHaveText('1');
  expect((await stored(page)).id).toBe(s.id);
  // Adding again appends to the same line.
  await addButton(page).click();
  await expect(count(page)).toHaveText('2');
  expect((await stored(page)).items).toEqual([expect.objectContaining({ quantity: 2, cartItemId: s.items[0]!.cartItemId })]);
});

test('a variant with colour and size, with a chosen quantity', async ({ page }) => {
  const product = catalog.product(F.variantProductId)!;
  const target = product.variants.find((v) => v.url && !v.isDefault && v.quantity >= 3)!;
  await page.goto(shopUrl('de', target.url!));
  await expect(addButton(page)).toHaveAttribute('data-pse-id', String(target.id));
  await page.fill('#quantity', '3');
  await addButton(page).click();
  await expect(count(page)).toHaveText('3');
  const s = await stored(page);
  expect(s.items).toEqual([expect.objectContaining({ PRODUCT_SALE_ELEMENT: target.id, quantity: 3 })]);
  // The server's cart (title, price) replaces what the page knew.
  await expect.poll(async () => await page.evaluate(() => JSON.parse(localStorage.getItem('cart_items')!)[0].price as number)).toBeGreaterThan(0);
});

test('the quantity step: a quantity in between becomes the next multiple', async ({ page }) => {
  const product = catalog.product(F.quantityStepProductId)!;
  await page.goto(shopUrl('de', product.url));
  await expect(addButton(page)).toHaveAttribute('data-step', String(F.quantityStep));
  await page.fill('#quantity', String(F.quantityStep + 1));
  await addButton(page).click();
  await expect(toast(page)).toContainText('In den Warenkorb gelegt');
  await expect(count(page)).toHaveText(String(F.quantityStep * 2));
});

test('a listing card of a product without variants adds it; cards of products with variants have no button', async ({ page }) => {
  await page.goto(shopUrl('de', catalog.category(F.rootCategoryIds[0]!)!.url));
  const card = page.locator('.card:has([data-add-to-cart])').first();
  await expect(card).toBeVisible();
  const productId = Number(await card.getAttribute('data-id'));
  expect(catalog.product(productId)!.variants).toHaveLength(1);
  const button = card.locator('[data-add-to-cart]');
  await expect(button).toHaveAccessibleName(/^In den Warenkorb\s*: \S/);
  await button.click();
  await expect(count(page)).toHaveText('1');
  await expect(toast(page)).toHaveText(/In den Warenkorb gelegt/);
  const withVariants = await page
    .locator('.card')
    .evaluateAll((cards) => cards.filter((c) => !c.querySelector('[data-add-to-cart]')).map((c) => Number((c as HTMLElement).dataset.id)));
  for (const id of withVariants.slice(0, 5)) {
    const p = catalog.product(id)!;
    expect(p.variants.length > 1 || p.variants.every((v) => v.quantity <= 0), `product ${id}`).toBe(true);
  }
});

test('a double click adds once', async ({ page }) => {
  await page.goto(shopUrl('de', simple.url));
  await addButton(page).dblclick();
  await expect(toast(page)).toHaveText(/In den Warenkorb gelegt/);
  await page.waitForTimeout(300);
  await expect(count(page)).toHaveText('1');
});

test('two tabs stay in step; another shop keeps its own cart', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await a.goto(shopUrl('de', simple.url));
  await b.goto(shopUrl('de', '/'));
  await expect(count(b)).toBeHidden();
  await addButton(a).click();
  await expect(count(a)).toHaveText('1');
  await expect(count(b)).toHaveText('1');
  await b.goto(shopUrl('de', simple.url));
  await addButton(b).click();
  await expect(count(a)).toHaveText('2');
  const at = await context.newPage();
  await at.goto(shopUrl('at', '/'));
  await expect(count(at)).toBeHidden();
  expect(await at.evaluate(() => localStorage.getItem('cart_id'))).toBeNull();
});

for (const failure of ['500', 'no answer'] as const) {
  test(`the API answering ${failure}: the server message, nothing lost, and the cart recovers`, async ({ page }) => {
    await page.goto(shopUrl('de', simple.url));
    await addButton(page).click();
    await expect(count(page)).toHaveText('1');
    // The server's cart (price, image) has replaced what the page knew.
    await expect.poll(async () => await page.evaluate(() => JSON.parse(localStorage.getItem('cart_items')!)[0].price as number)).toBeGreaterThan(0);
    const before = await stored(page);
    await page.route('**/api/cart/**', (route) =>
      failure === '500'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status_code":500,"status":"Unknown error","message":"Unknown error"}' })
        : route.abort('connectionrefused'),
    );
    await addButton(page).click();
    await expect(toast(page)).toHaveText(CONNECTION_DE);
    await expect(toastBox(page)).toHaveAttribute('data-toast', 'error');
    await expect(addButton(page)).toHaveText('In den Warenkorb');
    await expect(addButton(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(count(page)).toHaveText('1');
    expect(await stored(page)).toEqual(before);
    await page.reload();
    await expect(count(page)).toHaveText('1');
    await page.unroute('**/api/cart/**');
    await addButton(page).click();
    await expect(toast(page)).toHaveText(/In den Warenkorb gelegt/);
    await expect(count(page)).toHaveText('2');
    expect((await stored(page)).id).toBe(before.id);
  });
}

test('a cart the server no longer knows: a new cart is made and the add succeeds', async ({ page }) => {
  await page.goto(shopUrl('de', '/'));
  await page.evaluate(() => {
    localStorage.setItem('cart_id', '987654321');
    localStorage.setItem('delivery_id', '12');
  });
  await page.goto(shopUrl('de', simple.url));
  await addButton(page).click();
  await expect(toast(page)).toHaveText(/In den Warenkorb gelegt/);
  const s = await stored(page);
  expect(s.id).not.toBe('987654321');
  expect(Number(s.id)).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('delivery_id'))).toBeNull();
});

test('axe: the button while busy and done, and the toast', async ({ page }) => {
  await page.goto(shopUrl('de', simple.url));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/cart/add', async (route) => {
    await held;
    await route.continue();
  });
  await addButton(page).click();
  await expect(addButton(page)).toHaveAttribute('aria-busy', 'true');
  await expect(addButton(page)).toHaveText('Wird hinzugefügt …');
  let { violations } = await new AxeBuilder({ page }).include('.buy').analyze();
  expect(violations).toEqual([]);
  release();
  await expect(toast(page)).toBeVisible();
  await expect(page.locator('[data-toast-region]')).toHaveAttribute('role', 'status');
  ({ violations } = await new AxeBuilder({ page }).include('.buy').include('[data-toast-region]').analyze());
  expect(violations).toEqual([]);
  // The toast closes by its button, by keyboard.
  await page.locator('.toast-close').focus();
  await page.keyboard.press('Enter');
  await expect(toastBox(page)).toHaveCount(0);
});

test("the cart's own code not arriving (offline, a deploy in between) says adding failed, and the next click works", async ({ page }) => {
  await page.goto(shopUrl('de', simple.url));
  let block = true;
  await page.route(/\/_astro\/cart-actions\.[^/]+\.js$/, (route) => (block ? route.abort('internetdisconnected') : route.continue()));
  await addButton(page).click();
  await expect(toast(page)).toHaveText('Hinzufügen zum Einkaufswagen fehlgeschlagen');
  await expect(addButton(page)).toHaveText('In den Warenkorb');
  await expect(count(page)).toBeHidden();
  expect((await stored(page)).items).toEqual([]);
  block = false;
  await addButton(page).click();
  await expect(count(page)).toHaveText('1');
});
