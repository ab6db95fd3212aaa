import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/catalog/prices.ts';
import { guestActions, linesToShow, showRemove, summarize, undeliverableCase, vatLabel, type ServerCartLike } from '../../../src/islands/cart/rules.ts';
import { sitePath } from '../../../src/catalog/urls.ts';
import { selectedCountry } from '../../../src/stores/country.ts';
import { stepQuantity } from '../../../src/stores/cart.ts';

const item = (over: Partial<ServerCartLike['items'][number]> = {}): ServerCartLike['items'][number] => ({
  cartItemId: 7,
  PRODUCT_ID: 1,
  PRODUCT_SALE_ELEMENT: 11,
  quantity: 2,
  quantityStep: 1,
  price: 12.5,
  TITLE: 'Bohrer',
  URL: 'bohrer-1.html',
  PSE_URL: '',
  IMAGE: 'media/images/pool/a.jpg',
  IMAGE_THUMB: null,
  VAT_PERCENT: 19,
  undeliverable: false,
  ...over,
});
const server = (over: Partial<ServerCartLike> = {}): ServerCartLike => ({
  cartId: 5,
  vatExcluded: false,
  coupon_code: null,
  totals: { goods: 25, discount: 0, shipment: 4.9, total: 29.9 },
  items: [item()],
  ...over,
});
const local = [{ id: 1, PRODUCT_SALE_ELEMENT: 11, cartItemId: 7, quantity: 3, price: 1000, TITLE: 'Bohrer (lokal)', URL: 'bohrer-1.html', IMAGE: null }];

describe('mini cart and cart page rules (spec §2, §5, §8, §9)', () => {
  it('total = goods + shipment - discount', () => {
    const lines = linesToShow(server(), [], 5);
    expect(summarize({ server: server({ totals: { goods: 50, discount: 5, shipment: 0, total: 45 } }), lines, shipment: 490 })).toEqual({
      goods: 5000,
      shipment: 490,
      discount: 500,
      total: 4990,
    });
  });

  it('the total leaves the shipment out while it is computed', () => {
    expect(summarize({ server: server(), lines: linesToShow(server(), [], 5), shipment: null })).toMatchObject({ shipment: null, total: 2500 });
  });

  it('the server lines show once it answered, the local lines while it loads', () => {
    const fromServer = linesToShow(server(), local, 5);
    expect(fromServer).toMatchObject([{ title: 'Bohrer', quantity: 2, unitCents: 1250, href: '/bohrer-1.html', image: '/media/images/pool/a.jpg' }]);
    const fromLocal = linesToShow(null, local, 5);
    expect(fromLocal).toMatchObject([{ title: 'Bohrer (lokal)', quantity: 3, unitCents: 1000, image: null }]);
    expect(summarize({ server: null, lines: fromLocal, shipment: null }).goods).toBe(3000);
  });

  it("a line shows the API's thumbnail, with the source file to fall back on; the source alone where there is none", () => {
    const thumb = '/_img/0123456789abcdef-128.webp';
    expect(linesToShow(server({ items: [item({ IMAGE_THUMB: thumb })] }), [], 5)[0]).toMatchObject({ image: thumb, imageFallback: '/media/images/pool/a.jpg' });
    expect(linesToShow(server(), [], 5)[0]).toMatchObject({ image: '/media/images/pool/a.jpg', imageFallback: null });
    expect(linesToShow(server({ items: [item({ IMAGE: null })] }), [], 5)[0]).toMatchObject({ image: null, imageFallback: null });
    // A stored local line keeps the thumbnail it had from the server.
    const stored = [{ ...local[0]!, IMAGE: 'media/images/pool/a.jpg', IMAGE_THUMB: thumb }];
    expect(linesToShow(null, stored, 5)[0]).toMatchObject({ image: thumb, imageFallback: '/media/images/pool/a.jpg' });
  });

  it('a server answer for another cart is not shown', () => {
    expect(linesToShow(server({ cartId: 99 }), local, 5)[0]!.title).toBe('Bohrer (lokal)');
  });

  it('the remove button is hidden on checkout', () => {
    expect(showRemove('/checkout')).toBe(false);
    expect(showRemove('/checkout/')).toBe(false);
    expect(showRemove('/checkout.html')).toBe(false);
    expect(showRemove('/cart')).toBe(true);
    expect(showRemove('/checkout-hilfe.html')).toBe(true);
  });

  it('register, log in and guest checkout show for shoppers who are not logged in', () => {
    expect(guestActions(false)).toBe(true);
    expect(guestActions(true)).toBe(false);
  });

  it('the goods carry the VAT label: the one rate, net for VAT exclusion', () => {
    expect(vatLabel(server(), false)).toEqual({ kind: 'incl', percent: 19 });
    expect(vatLabel(server({ items: [item(), item({ cartItemId: 8, VAT_PERCENT: 7 })] }), false)).toEqual({ kind: 'incl', percent: null });
    expect(vatLabel(server({ vatExcluded: true }), false)).toEqual({ kind: 'excluded' });
    expect(vatLabel(null, true)).toEqual({ kind: 'excluded' });
    expect(vatLabel(server({ items: [item({ VAT_PERCENT: 0 })] }), false)).toEqual({ kind: 'zero' });
  });

  it('quantities are multiples of the step, adjusted with a note', () => {
    expect(stepQuantity(15, 10)).toEqual({ quantity: 20, adjusted: true });
    expect(stepQuantity(20, 10)).toEqual({ quantity: 20, adjusted: false });
    expect(stepQuantity('3', 1)).toEqual({ quantity: 3, adjusted: false });
    expect(stepQuantity('abc', 10)).toEqual({ quantity: 10, adjusted: true });
    expect(stepQuantity(2.5, 1)).toEqual({ quantity: 3, adjusted: true });
  });

  it('undeliverable items: none, some (warn and confirm) or all (checkout blocked)', () => {
    expect(undeliverableCase([{ undeliverable: false }])).toBe('none');
    expect(undeliverableCase([{ undeliverable: true }, { undeliverable: false }])).toBe('some');
    expect(undeliverableCase([{ undeliverable: true }])).toBe('all');
  });

  it("the selected country is the stored one when the shop has it, else the shop's", () => {
    expect(selectedCountry('13', [5, 13], 5)).toBe(13);
    expect(selectedCountry('146', [5, 13], 5)).toBe(5);
    expect(selectedCountry('', [5, 13], 5)).toBe(5);
  });

  it('API and export URLs become site paths', () => {
    expect(sitePath('a-1.html')).toBe('/a-1.html');
    expect(sitePath('/a-1.html')).toBe('/a-1.html');
    expect(sitePath('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(sitePath('')).toBe('');
  });

  it('amounts are formatted with two decimals and the currency symbol', () => {
    expect(formatMoney(4490, { symbol: '€', locale: 'de-DE' })).toBe('44,90 €');
  });
});
