/**
 * A tiny, deterministic catalog export for the API tests (written with the real export writer).
 *
 *   product 1001 T-Shirt       variants 2001 (stock 50, 10.00 net) and 2002 (stock 1, promo 15.00 of 20.00)
 *   product 1002 Screws        variant 2003 (stock 1000, 0.50 net, quantity step 5)
 *   product 1003 Sofa          variant 2004 (stock 3, 500.00 net, 60 kg, freight)
 *   product 1004 Solar panel   variant 2005 (stock 10, 200.00 net, category 20: zero-VAT in DE in the tests)
 *   product 1005 Garden hose   variant 2006 (stock 5, 30.00 net, undeliverable to Romania)
 * Countries DE 5 (19%), AT 13 (20%), RO 146 (21%, with two counties); fulfilment centres 1 Wien, 2 Bucuresti.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExportWriter } from '../../src/catalog/write-export.ts';

const LOC = ['de_DE', 'de_AT', 'ro_RO'] as const;
const per = <T>(f: (l: (typeof LOC)[number]) => T) => Object.fromEntries(LOC.map((l) => [l, f(l)])) as Record<(typeof LOC)[number], T>;
const texts = (title: string) => per(() => ({ title }));
const slug = (s: string) => per((l) => `${s}-${l.slice(3).toLowerCase()}.html`);

export const FIX = {
  tshirt: { product: 1001, pse: 2001, stock: 50 },
  tshirtPromo: { product: 1001, pse: 2002, stock: 1 },
  screws: { product: 1002, pse: 2003, step: 5 },
  sofa: { product: 1003, pse: 2004, stock: 3 },
  solar: { product: 1004, pse: 2005, category: 20 },
  hose: { product: 1005, pse: 2006 },
  DE: 5,
  AT: 13,
  RO: 146,
  roStates: [901, 902],
} as const;

export async function writeFixtureExport(dir?: string): Promise<string> {
  const out = dir ?? join(await mkdtemp(join(tmpdir(), 'api-fixture-')), 'export');
  const w = await createExportWriter(out);
  await w.document('currencies', [{ id: 1, code: 'EUR', symbol: '€', rate: '1', isDefault: true, format: '%n %s' }]);
  await w.document('countries', [
    { id: 5, isoalpha2: 'DE', isoalpha3: 'DEU', title: per(() => 'Deutschland'), needZipCode: true, zipCodeFormat: 'NNNNN', states: [] },
    { id: 13, isoalpha2: 'AT', isoalpha3: 'AUT', title: per(() => 'Österreich'), needZipCode: true, zipCodeFormat: 'NNNN', states: [] },
    {
      id: 146,
      isoalpha2: 'RO',
      isoalpha3: 'ROU',
      title: per(() => 'România'),
      needZipCode: true,
      zipCodeFormat: 'NNNNNN',
      states: [
        { id: 901, isocode: 'B', title: per(() => 'București') },
        { id: 902, isocode: 'CJ', title: per(() => 'Cluj') },
      ],
    },
  ]);
  await w.document('taxRules', [
    {
      id: 1,
      isDefault: true,
      title: per(() => 'Standard'),
      countries: [
        { countryId: 5, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '19' }] },
        { countryId: 13, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '20' }] },
        { countryId: 146, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '21' }] },
      ],
    },
  ]);
  await w.document('fulfilmentCenters', [
    { id: 1, name: 'Wien', countryId: 13, delayDays: 0 },
    { id: 2, name: 'Bucuresti', countryId: 146, delayDays: 2 },
  ]);
  await w.write('categories', { id: 10, parent: 0, visible: true, position: 1, i18n: texts('Kleidung'), url: slug('kleidung') });
  await w.write('categories', { id: 20, parent: 0, visible: true, position: 2, i18n: texts('Solar'), url: slug('solar') });
  await w.write('brands', { id: 1, visible: true, position: 1, i18n: texts('Acme'), url: slug('acme') });

  const product = (id: number, ref: string, title: string, category: number, variants: unknown[], module: Record<string, unknown> = {}) => ({
    id,
    ref,
    brandId: 1,
    taxRuleId: 1,
    categories: [{ id: category, default: true, position: 1 }],
    i18n: texts(title),
    url: slug(ref.toLowerCase()),
    variants,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    module,
    images: [{ id: id, file: `media/${ref}.jpg`, width: 800, height: 800, position: 0 }],
  });
  const variant = (id: number, quantity: number, price: string, extra: Record<string, unknown> = {}) => ({
    id,
    ref: `V${id}`,
    isDefault: true,
    quantity,
    weight: 0.5,
    promo: false,
    prices: { EUR: { price, promoPrice: price } },
    ...extra,
  });
  await w.write('products', {
    ...product(1001, 'TSHIRT', 'T-Shirt', 10, [
      variant(2001, 50, '10.00', {
        fulfilment: [
          { centerId: 1, quantity: 30 },
          { centerId: 2, quantity: 20 },
        ],
      }),
      variant(2002, 1, '20.00', { isDefault: false, promo: true, prices: { EUR: { price: '20.00', promoPrice: '15.00', listPrice: '25.00' } } }),
    ]),
    features: [
      {
        featureId: 1,
        position: 1,
        title: { de_DE: 'Material', de_AT: 'Material', ro_RO: 'Material' },
        values: [{ id: 11, title: { de_DE: 'Baumwolle', de_AT: 'Baumwolle', ro_RO: 'Bumbac' } }],
      },
    ],
  } as never);
  await w.write('products', product(1002, 'SCREWS', 'Schrauben', 10, [variant(2003, 1000, '0.50', { weight: 0.01 })], { quantityStep: 5 }) as never);
  await w.write('products', product(1003, 'SOFA', 'Sofa', 10, [variant(2004, 3, '500.00', { weight: 60 })], { freight: true }) as never);
  await w.write('products', product(1004, 'SOLAR', 'Solarmodul', 20, [variant(2005, 10, '200.00', { weight: 20 })]) as never);
  await w.write('products', product(1005, 'HOSE', 'Gartenschlauch', 10, [variant(2006, 5, '30.00', { weight: 2 })], { undeliverableCountries: [146] }) as never);
  return w.commit({
    generatedAt: '2026-01-01T00:00:00Z',
    source: { kind: 'sample', description: 'API test fixture' },
    locales: [...LOC],
    defaultLocale: 'de_AT',
    defaultCurrency: 'EUR',
  });
}
