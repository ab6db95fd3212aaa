/**
 * The pages' behaviours load after the first paint (script islands, decision 0012). A shopper who
 * clicks before they have loaded loses nothing: the click is held and replayed once they have
 * (src/integrations/painted-directive.ts), a control changed meanwhile is handed to them, and when
 * they cannot load a link still follows. Shown with the behaviours' code held back on the network.
 */
import { expect, test } from '@playwright/test';
import { behavioursLoaded, holdBehaviours } from '../setup/behaviours.ts';
import { F, aboutPath, prepare, url } from '../cart/cart-helpers.ts';
import { testCatalog } from '../setup/catalog.ts';

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeEach(async ({ context }) => prepare(context, 'de'));

test('add to cart clicked before the product page has its behaviours: the click is kept and adds the product', async ({ page }) => {
  const product = testCatalog('de').product(F.simpleProductId)!;
  const held = await holdBehaviours(page, 'arrive');
  await page.goto(url('de', product.url));
  await held.requested();
  const button = page.locator('.buy [data-add-to-cart]');
  await button.click();
  // Nothing happened yet: the code is not there.
  await expect(page.locator('[data-cart-count]')).toBeHidden();
  await held.release();
  await expect(page.locator('[data-toast-region] [data-toast] p')).toHaveText(/In den Warenkorb gelegt/);
  await expect(button).toHaveText('Im Warenkorb ✓');
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  // One click, one line of quantity 1: the replay is not a second add.
  const items = await page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]') as { quantity: number }[]);
  expect(items.map((i) => i.quantity)).toEqual([1]);
});

test('the cart icon clicked before the chrome has loaded opens the mini cart once it has', async ({ page }) => {
  const held = await holdBehaviours(page, 'arrive');
  await page.goto(url('de', aboutPath('de')));
  await held.requested();
  await page.locator('[data-cart-link]').click();
  await held.release();
  await expect(page.locator('[data-mini-cart-panel]')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(aboutPath('de'));
});

test('when the chrome cannot load, the held click on the cart icon still follows the link to /cart', async ({ page }) => {
  const held = await holdBehaviours(page, 'fail');
  await page.goto(url('de', aboutPath('de')));
  await held.requested();
  await page.locator('[data-cart-link]').click();
  await held.release();
  await page.waitForURL(url('de', '/cart'));
});

test('after the behaviours have loaded, clicks are not held', async ({ page }) => {
  await page.goto(url('de', aboutPath('de')));
  await behavioursLoaded(page);
  await page.locator('[data-cart-link]').click();
  await expect(page.locator('[data-mini-cart-panel]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-mini-cart-panel]')).toBeHidden();
});

test('a sort chosen before the listing has its behaviours is applied once it has', async ({ page }) => {
  const category = testCatalog('de').category(F.rootCategoryIds[0])!;
  const held = await holdBehaviours(page, 'arrive');
  await page.goto(url('de', category.url));
  await held.requested();
  await page.selectOption('#listing-sort', 'price-asc');
  await held.release();
  await expect(page.locator('#listing')).toHaveAttribute('data-state', '?sort=price-asc');
  await expect(page).toHaveURL(/\?sort=price-asc$/);
});
