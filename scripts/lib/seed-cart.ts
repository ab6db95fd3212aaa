/**
 * A cart with one line, made as the shop makes it: run in a page of the shop (Playwright's or
 * Puppeteer's `page.evaluate(seedCartInPage, productId)`), it reads the product through /api, adds
 * its first variant to a new cart and stores the cart id where the cart store looks for it. The
 * benches that measure a page "with a filled cart" use it (checkout.ts, lighthouse.ts). Runs in the
 * browser: it may use nothing from outside its own body.
 */
export async function seedCartInPage(productId: number): Promise<void> {
  const product = await (await fetch(`/api/products/${productId}?country_id=5`)).json();
  const added = await (
    await fetch('/api/cart/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ thelia_cart_add: { product_sale_elements_id: product.data.variants[0].id, quantity: 1 }, country_id: 5 }),
    })
  ).json();
  localStorage.setItem('cart_id', String(added.data.cartId));
}
