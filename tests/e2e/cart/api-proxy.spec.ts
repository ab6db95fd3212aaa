import { expect, test } from '@playwright/test';
import { shopUrl } from '../setup/paths.ts';

test('each shop reaches the shop API under /api on its own origin', async ({ page }) => {
  for (const shop of ['de', 'at', 'ro']) {
    await page.goto(shopUrl(shop, '/'));
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/cart/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'thelia.cart_id': 999999 }) });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    });
    expect(answer.status, shop).toBe(404);
    expect(answer.body.message, shop).toBe('Cart not found');
  }
});
