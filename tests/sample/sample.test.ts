/**
 * The deterministic sample catalog (scripts/sample.ts): reproducible bytes, a clean export,
 * every promised fixture, real media files, streaming memory.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, Category, Content, Folder, Locale, Product, Redirect } from '../../src/catalog/export-schema.ts';
import { openExport, type CatalogExport, type Fault } from '../../src/catalog/read-export.ts';
import { InvalidRecordError } from '../../src/catalog/write-export.ts';
import { generateSample } from '../../scripts/sample/catalog.ts';
import { SAMPLE_FIXTURES as FX } from '../../scripts/sample/fixtures.ts';
import { HOSTILE_SNIPPETS } from '../../scripts/sample/hostile.ts';
import { convert, formatDecimal, parseDecimal } from '../../scripts/sample/money.ts';
import { slugify } from '../../scripts/sample/slug.ts';

const ROOT = join(import.meta.dirname, '../..');
const LOCALES: Locale[] = ['de_DE', 'de_AT', 'ro_RO'];

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sample-test-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

async function hashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of await listFiles(dir))
    out[file] = createHash('sha256')
      .update(await readFile(join(dir, file)))
      .digest('hex');
  return out;
}

interface Loaded {
  ex: CatalogExport;
  faults: Fault[];
  categories: Category[];
  brands: Brand[];
  folders: Folder[];
  contents: Content[];
  products: Product[];
  redirects: Redirect[];
}

async function load(dir: string): Promise<Loaded> {
  const ex = await openExport(dir);
  const faults: Fault[] = [];
  const all = async <T>(gen: AsyncGenerator<T>) => {
    const out: T[] = [];
    for await (const r of gen) out.push(r);
    return out;
  };
  const onFault = (f: Fault) => faults.push(f);
  return {
    ex,
    faults,
    categories: await all(ex.stream('categories', onFault)),
    brands: await all(ex.stream('brands', onFault)),
    folders: await all(ex.stream('folders', onFault)),
    contents: await all(ex.stream('contents', onFault)),
    products: await all(ex.stream('products', onFault)),
    redirects: await all(ex.stream('redirects', onFault)),
  };
}

function cli(...args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts/sample.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
}

/** Every promise of SAMPLE_FIXTURES, checked against one generated catalog. */
function checkFixtures(d: Loaded): void {
  const product = (id: number) => {
    const p = d.products.find((x) => x.id === id);
    expect(p, `product ${id}`).toBeDefined();
    return p!;
  };
  const eur = (p: Product) => p.variants.map((v) => v.prices.EUR!);

  const simple = product(FX.simpleProductId);
  expect(simple.variants).toHaveLength(1);
  expect(simple.variants[0]!.attributes).toEqual([]);
  expect(simple.variants[0]!.isDefault).toBe(true);
  expect(simple.categories.find((c) => c.default)!.id).toBe(FX.deepestCategoryId);
  expect(simple.brandId).toBe(FX.listing.brandId);
  expect(simple.documents.length).toBeGreaterThan(0);
  expect(simple.features.some((f) => f.values.length > 1)).toBe(true); // multi-valued
  expect(simple.features.some((f) => f.values.some((v) => v.freeText && v.id === null))).toBe(true);

  const variant = product(FX.variantProductId);
  expect(variant.variants.length).toBeGreaterThan(4);
  for (const v of variant.variants) {
    expect(v.attributes.map((a) => a.kind).sort()).toEqual(['color', 'size']);
    expect(v.attributes.find((a) => a.kind === 'color')!.hex).toMatch(/^#[0-9a-f]{6}$/i);
    for (const l of LOCALES) expect(v.url[l]).toMatch(new RegExp(`^${variant.url[l]!.replace(/\.html$/, '')}-[a-z0-9-]+-[a-z0-9]+\\.html$`));
  }
  const combos = new Set(variant.variants.map((v) => v.attributes.map((a) => a.valueId).join('/')));
  expect(combos.size).toBe(variant.variants.length);
  const stock = variant.variants.map((v) => v.quantity);
  expect(stock.some((q) => q === 0)).toBe(true);
  expect(stock.some((q) => q > 9)).toBe(true);
  expect(variant.variants.filter((v) => v.isDefault)).toHaveLength(1);
  for (const v of variant.variants) {
    expect(v.fulfilment!.reduce((s, f) => s + f.quantity, 0)).toBe(v.quantity);
    expect(v.deliveryDelay).toBeDefined();
  }

  for (const v of product(FX.colourOnlyProductId).variants) expect(v.attributes.map((a) => a.kind)).toEqual(['color']);
  for (const v of product(FX.sizeOnlyProductId).variants) expect(v.attributes.map((a) => a.kind)).toEqual(['size']);

  const promo = product(FX.promoProductId);
  for (const [i, p] of eur(promo).entries()) {
    expect(promo.variants[i]!.promo).toBe(true);
    expect(parseDecimal(p.promoPrice)).toBeLessThan(parseDecimal(p.price));
    expect(parseDecimal(p.listPrice!)).toBeGreaterThan(parseDecimal(p.price));
  }
  expect(promo.categories.some((c) => c.id === FX.hiddenCategoryId && !c.default)).toBe(true);

  const zero = product(FX.zeroPriceProductId);
  for (const v of zero.variants) {
    expect(v.promo).toBe(false);
    for (const price of Object.values(v.prices)) expect(price).toEqual({ price: '0.000000', promoPrice: '0.000000' });
  }

  const low = product(FX.lowStockProductId).variants[0]!.quantity;
  expect(low).toBeGreaterThanOrEqual(1);
  expect(low).toBeLessThanOrEqual(9);
  expect(product(FX.outOfStockProductId).variants.every((v) => v.quantity === 0)).toBe(true);
  expect(product(FX.freightProductId).module.freight).toBe(true);
  expect(product(FX.undeliverableProductId).module.undeliverableCountries).toEqual(FX.undeliverableCountryIds);
  expect(product(FX.quantityStepProductId).module.quantityStep).toBe(FX.quantityStep);
  expect(product(FX.reducedTaxProductId).taxRuleId).toBe(FX.taxRules.reduced);
  expect(product(FX.ecoFeeProductId).taxRuleId).toBe(FX.taxRules.ecoFee);
  for (const v of product(FX.longDeliveryProductId).variants) expect(v.deliveryDelay).toEqual({ minDays: 14, maxDays: 21 });
  expect(product(FX.newProductId).variants.every((v) => v.newness)).toBe(true);
  const bestseller = product(FX.bestsellerProductId).module.salesCount!;
  expect(d.products.every((p) => p.id === FX.bestsellerProductId || (p.module.salesCount ?? 0) < bestseller)).toBe(true);
  const inactive = product(FX.inactivePromoProductId);
  expect(inactive.variants[0]!.promo).toBe(false);
  expect(parseDecimal(eur(inactive)[0]!.promoPrice)).toBeLessThan(parseDecimal(eur(inactive)[0]!.price));

  // Hostile editor HTML, in every locale.
  const hostileProduct = product(FX.hostileHtml.productId);
  const hostileCategory = d.categories.find((c) => c.id === FX.hostileHtml.categoryId)!;
  const hostileContent = d.contents.find((c) => c.id === FX.hostileHtml.contentId)!;
  for (const record of [hostileProduct, hostileCategory, hostileContent]) {
    for (const l of LOCALES) for (const snippet of HOSTILE_SNIPPETS) expect(record.i18n[l]!.description).toContain(snippet);
  }

  // A -> B -> C chain ending at the current URL, in every locale.
  const chainProduct = product(FX.redirectChain.productId);
  const [a, b, c] = FX.redirectChain.urls;
  expect(chainProduct.url[FX.redirectChain.locale]).toBe(c);
  const inLocale = d.redirects.filter((r) => r.locale === FX.redirectChain.locale);
  expect(inLocale.find((r) => r.url === a)).toMatchObject({ view: 'product', viewId: chainProduct.id, to: b });
  expect(inLocale.find((r) => r.url === b)).toMatchObject({ view: 'product', viewId: chainProduct.id, to: c });
  for (const l of LOCALES) {
    const mine = d.redirects.filter((r) => r.locale === l && r.view === 'product' && r.viewId === chainProduct.id);
    const start = mine.find((r) => !mine.some((o) => o.to === r.url))!;
    const second = mine.find((r) => r.url === start.to)!;
    expect(second.to).toBe(chainProduct.url[l]);
  }
  for (const [kind, sample] of Object.entries(FX.redirectSamples)) {
    expect(
      d.redirects.find((r) => r.locale === sample.locale && r.url === sample.from),
      kind,
    ).toMatchObject({ view: kind, viewId: sample.id, to: sample.to });
  }

  // Category tree
  const byId = new Map(d.categories.map((cat) => [cat.id, cat]));
  const depth = (id: number): number => (id === 0 ? 0 : 1 + depth(byId.get(id)!.parent));
  expect(Math.max(...d.categories.map((cat) => depth(cat.id)))).toBe(4);
  expect(d.categories.filter((cat) => cat.parent === 0).map((cat) => cat.id)).toEqual(FX.rootCategoryIds);
  const path: number[] = [];
  for (let id: number = FX.deepestCategoryId; id; id = byId.get(id)!.parent) path.unshift(id);
  expect(path).toEqual(FX.deepestCategoryPath);
  const used = new Set(d.products.flatMap((p) => p.categories.map((cat) => cat.id)));
  expect(used.has(FX.deepestCategoryId)).toBe(true);
  expect(used.has(FX.emptyCategoryId)).toBe(false);
  expect(byId.get(FX.emptyCategoryId)!.visible).toBe(true);
  const inSubtree = (id: number, root: number): boolean => id === root || (id !== 0 && inSubtree(byId.get(id)!.parent, root));
  const subtree = d.categories.filter((cat) => inSubtree(cat.id, FX.emptySubtreeRootId));
  expect(subtree.length).toBeGreaterThanOrEqual(4);
  expect(subtree.some((cat) => depth(cat.id) === 4)).toBe(true);
  expect(subtree.every((cat) => !used.has(cat.id))).toBe(true);
  expect(byId.get(FX.hiddenCategoryId)!.visible).toBe(false);
  expect(d.categories.filter((cat) => !cat.visible)).toHaveLength(1);
  expect(d.categories.length).toBeGreaterThanOrEqual(30);

  // Brands, contents, folders
  expect(d.brands).toHaveLength(FX.brandCount);
  expect(d.brands.every((br) => br.logo !== null)).toBe(true);
  const content = (id: number) => d.contents.find((x) => x.id === id)!;
  for (const [name, id] of Object.entries(FX.contentPages)) {
    expect(content(id), name).toBeDefined();
    expect(content(id).visible).toBe(true);
    for (const l of LOCALES) expect(content(id).i18n[l]!.title.length, `${name} ${l}`).toBeGreaterThan(0);
  }
  expect(content(FX.contentPages.imprint).url.de_DE).toBe('impressum.html');
  expect(content(FX.contentPages.dataProtection).url.de_DE).toBe('datenschutz.html');
  expect(content(FX.contentPages.terms).url.de_DE).toBe('agb.html');
  expect(content(FX.contentPages.withdrawal).url.de_DE).toBe('widerrufsrecht.html');
  expect(content(FX.contentPages.warranty).url.ro_RO).toBe('conditii-de-garantie.html');
  expect(content(FX.contentPages.userManual).url.ro_RO).toBe('manual-de-utilizare-1.html');
  const listing = JSON.parse(content(FX.listingContentId).i18n.de_DE!.postscriptum);
  expect(listing).toEqual({ brand_id: FX.listing.brandId, category_id: FX.listing.categoryId });
  expect(d.brands.some((br) => br.id === listing.brand_id)).toBe(true);
  expect(d.products.some((p) => p.brandId === listing.brand_id && p.categories.some((cat) => cat.id === listing.category_id))).toBe(true);
  expect(content(FX.hiddenContentId).visible).toBe(false);
  const posts = d.contents.filter((x) => x.folders.some((f) => f.id === FX.folders.blog && f.default) && x.visible);
  expect(posts.map((x) => x.id)).toEqual(Array.from({ length: FX.blogPostIds.last - FX.blogPostIds.first + 1 }, (_, i) => FX.blogPostIds.first + i));
  expect(new Set(posts.map((x) => x.createdAt!.slice(0, 7))).size).toBeGreaterThan(10);
  expect(d.folders.map((f) => f.id).sort()).toEqual(Object.values(FX.folders).sort());
  for (const x of d.contents) expect(x.folders.filter((f) => f.default)).toHaveLength(1);
}

describe('sample catalog, N=60', () => {
  let dirA: string;
  let dirB: string;
  let data: Loaded;

  beforeAll(async () => {
    dirA = join(work, 'a');
    dirB = join(work, 'b');
    await generateSample({ products: 60, out: dirA, seed: 1 });
    // The second run goes through the CLI: same bytes whichever way it is started.
    const run = cli('--products', '60', '--out', dirB, '--seed', '1', '--quiet');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    data = await load(dirA);
  });

  it('is byte-identical for the same N and seed', async () => {
    const [a, b] = await Promise.all([hashes(dirA), hashes(dirB)]);
    expect(Object.keys(a).length).toBeGreaterThan(40);
    expect(b).toEqual(a);
  });

  it('opens with openExport and every stream has zero faults', async () => {
    expect(data.faults).toEqual([]);
    expect(data.ex.manifest.source).toMatchObject({ kind: 'sample', seed: 1 });
    expect(data.ex.manifest.generatedAt).toBe(FX.generatedAtSeed1);
    expect(data.ex.manifest.counts.products).toBe(60);
    expect(data.products.map((p) => p.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('keeps every fixture promise', () => {
    checkFixtures(data);
  });

  it('has the reference data: currencies, countries, compounding tax rule, fulfilment centres', () => {
    const { currencies, countries, taxRules, fulfilmentCenters } = data.ex;
    expect(currencies.find((c) => c.code === 'EUR')).toMatchObject({ isDefault: true, rate: '1.000000', symbol: '€' });
    expect(currencies.find((c) => c.code === 'RON')).toMatchObject({ isDefault: false, rate: FX.currencies.ronRate, symbol: 'lei' });
    expect(countries.map((c) => c.id)).toEqual(expect.arrayContaining(Object.values(FX.countries)));
    expect(countries.find((c) => c.id === FX.countries.RO)!.states.length).toBeGreaterThanOrEqual(5);
    const percent = (rule: number, country: number) =>
      taxRules
        .find((r) => r.id === rule)!
        .countries.find((c) => c.countryId === country)!
        .taxes.map((t) => (t.type === 'percent' ? t.percent : `+${t.amount}`));
    expect([percent(1, 5), percent(1, 13), percent(1, 146)]).toEqual([['19'], ['20'], ['21']]);
    expect([percent(2, 5), percent(2, 13), percent(2, 146)]).toEqual([['7'], ['10'], ['9']]);
    expect([percent(3, 5), percent(3, 13), percent(3, 146)]).toEqual([
      ['+0.50', '19'],
      ['+0.50', '20'],
      ['+0.50', '21'],
    ]);
    expect(fulfilmentCenters.map((f) => f.id)).toEqual(FX.fulfilmentCenterIds);
  });

  it('prices: RON = EUR x rate exactly, promotions below the price, list prices above it', () => {
    for (const p of data.products) {
      for (const v of p.variants) {
        const e = v.prices.EUR!;
        const r = v.prices.RON!;
        expect(r.price).toBe(formatDecimal(convert(parseDecimal(e.price), FX.currencies.ronRate)));
        expect(r.promoPrice).toBe(formatDecimal(convert(parseDecimal(e.promoPrice), FX.currencies.ronRate)));
        if (e.listPrice) expect(r.listPrice).toBe(formatDecimal(convert(parseDecimal(e.listPrice), FX.currencies.ronRate)));
        for (const price of [e, r]) for (const value of Object.values(price)) expect(value).toMatch(/^\d+\.\d{6}$/);
        if (v.promo) expect(parseDecimal(e.promoPrice)).toBeLessThan(parseDecimal(e.price));
        if (e.listPrice) expect(parseDecimal(e.listPrice)).toBeGreaterThan(parseDecimal(e.price));
      }
    }
    expect(data.products.filter((p) => p.variants.some((v) => v.promo)).length).toBeGreaterThan(1);
  });

  it('friendly URLs are unique per locale across views, and every redirect leads to a current URL', () => {
    const current = new Map<string, string>();
    const add = (l: string, url: string | undefined, what: string) => {
      expect(url, what).toMatch(/^[a-z0-9-]+\.html$/);
      const key = `${l} ${url}`;
      expect(current.get(key), `${key} is used by ${current.get(key)} and ${what}`).toBeUndefined();
      current.set(key, what);
    };
    for (const l of LOCALES) {
      for (const [view, list] of Object.entries({ category: data.categories, brand: data.brands, folder: data.folders, content: data.contents, product: data.products })) {
        for (const r of list) add(l, r.url[l], `${view} ${r.id}`);
      }
      for (const p of data.products) if (p.variants.length > 1) for (const v of p.variants) add(l, v.url[l], `variant ${v.id}`);
    }
    const byFrom = new Map(data.redirects.map((r) => [`${r.locale} ${r.url}`, r]));
    for (const r of data.redirects) {
      expect(current.has(`${r.locale} ${r.url}`), `redirect ${r.url} shadows a current URL`).toBe(false);
      let to = r.to;
      for (let hops = 0; !current.has(`${r.locale} ${to}`); hops++) {
        expect(hops, `redirect ${r.locale} ${r.url} does not end at a current URL`).toBeLessThan(5);
        to = byFrom.get(`${r.locale} ${to}`)!.to;
      }
    }
    const views = new Set(data.redirects.map((r) => r.view));
    for (const view of ['product', 'variant', 'category', 'brand', 'content', 'folder']) expect(views.has(view as Redirect['view'])).toBe(true);
  });

  it('writes German and Romanian texts with Romanian diacritics, and slugs without them', () => {
    const ro = data.products.map((p) => p.i18n.ro_RO!);
    expect(ro.filter((t) => /[ăâîșț]/i.test(t.title + t.description)).length).toBeGreaterThan(ro.length * 0.6);
    const allText = JSON.stringify([data.products, data.categories, data.contents]);
    expect(allText).not.toMatch(/[şţŞŢ]/); // cedilla forms are wrong in Romanian
    expect(allText).not.toMatch(/lorem ipsum/i);
    expect(data.products.every((p) => /<p>/.test(p.i18n.de_DE!.description) && /<li>/.test(p.i18n.ro_RO!.description))).toBe(true);
    expect(slugify('Gartenschläuche & Größe')).toBe('gartenschlaeuche-groesse');
    expect(slugify('Mașină de găurit, încărcător și țeavă')).toBe('masina-de-gaurit-incarcator-si-teava');
    expect(data.contents.find((c) => c.id === FX.contentPages.adventCalendar)!.i18n.de_AT!.title).toBe('Adventkalender');
  });

  it('references real image files whose pixel size matches the record, and real PDFs', async () => {
    const images = new Map<string, { width: number; height: number }>();
    const documents = new Map<string, number | undefined>();
    const collect = (r: { images?: Array<{ file: string; width: number; height: number }>; documents?: Array<{ file: string; bytes?: number }> }) => {
      for (const i of r.images ?? []) images.set(i.file, i);
      for (const d of r.documents ?? []) documents.set(d.file, d.bytes);
    };
    [...data.products, ...data.categories, ...data.contents, ...data.brands].forEach(collect);
    for (const b of data.brands) images.set(b.logo!.file, b.logo!);
    expect(images.size).toBeGreaterThanOrEqual(24);
    const sizes = new Set<string>();
    const formats = new Set<string>();
    for (const [file, want] of images) {
      const meta = await sharp(join(dirA, file)).metadata();
      expect({ file, width: meta.width, height: meta.height }).toEqual({ file, width: want.width, height: want.height });
      sizes.add(`${meta.width}x${meta.height}`);
      formats.add(meta.format);
    }
    expect([...sizes]).toEqual(expect.arrayContaining(['1200x1200', '1600x1000', '900x1200', '400x400']));
    expect([...formats]).toEqual(expect.arrayContaining(['jpeg', 'webp', 'png']));
    expect(documents.size).toBeGreaterThanOrEqual(3);
    for (const [file, bytes] of documents) {
      const buf = await readFile(join(dirA, file));
      expect(buf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(buf.length).toBe(bytes);
    }
  });

  it('product references point at existing records', () => {
    const productIds = new Set(data.products.map((p) => p.id));
    const contentIds = new Set(data.contents.map((c) => c.id));
    const brandIds = new Set(data.brands.map((b) => b.id));
    const categoryIds = new Set(data.categories.map((c) => c.id));
    for (const p of data.products) {
      for (const a of p.accessories) expect(productIds.has(a), `product ${p.id} accessory ${a}`).toBe(true);
      for (const c of p.contents) expect(contentIds.has(c)).toBe(true);
      for (const c of p.categories) expect(categoryIds.has(c.id)).toBe(true);
      expect(p.categories.filter((c) => c.default)).toHaveLength(1);
      expect(p.categories.length).toBeLessThanOrEqual(3);
      if (p.brandId !== null) expect(brandIds.has(p.brandId)).toBe(true);
      const imageIds = new Set(p.images.map((i) => i.id));
      for (const v of p.variants) for (const i of v.images) expect(imageIds.has(i)).toBe(true);
      expect(p.variants.filter((v) => v.isDefault)).toHaveLength(1);
    }
  });
});

describe('sample catalog, other seed, minimum size', () => {
  it('keeps the fixtures for N=50 and seed 7, with different random products', async () => {
    const dir = join(work, 'seed7');
    await generateSample({ products: FX.minProducts, out: dir, seed: 7 });
    const d = await load(dir);
    expect(d.faults).toEqual([]);
    checkFixtures(d);
    const seed1 = JSON.parse((await readFile(join(work, 'a/products.ndjson'), 'utf8')).split('\n')[FX.minProducts - 1]!);
    expect(d.products[FX.minProducts - 1]).not.toEqual(seed1);
  });
});

describe('failures', () => {
  it('aborts on an invalid record: nothing half-written, the error names the record', async () => {
    const out = join(work, 'broken');
    await expect(
      generateSample({
        products: 60,
        out,
        beforeWrite: (stream, record) => (stream === 'products' && (record as { id: number }).id === 30 ? { ...(record as object), ref: '' } : record),
      }),
    ).rejects.toThrow(InvalidRecordError);
    expect(existsSync(out)).toBe(false);
    expect((await readdir(work)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('the CLI exits non-zero with a message on bad arguments', () => {
    const zero = cli('--products', '0', '--out', join(work, 'zero'));
    expect(zero.status).not.toBe(0);
    expect(zero.stderr).toMatch(/positive integer/);
    const missing = cli('--out', join(work, 'missing'));
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/--products is required/);
    expect(existsSync(join(work, 'zero'))).toBe(false);
  });
});

describe('streaming', () => {
  it('writes 5,000 products with a modest, flat memory footprint', { timeout: 120_000 }, async () => {
    const out = join(work, 'big');
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const result = await generateSample({
      products: 5000,
      out,
      progressEvery: 250,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    });
    const growthMb = (peak - before) / 1e6;
    expect(result.counts.products).toBe(5000);
    expect(growthMb, `RSS grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(300);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.counts.products).toBe(5000);
    expect((await stat(join(out, 'products.ndjson'))).size).toBeGreaterThan(5000 * 1000);
    await rm(out, { recursive: true, force: true });
  });
});
