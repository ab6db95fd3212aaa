/**
 * Loads a catalog export into the database: reference documents first, then the NDJSON streams
 * in batches of BATCH records, one transaction per batch. The catalog tables are replaced as a
 * whole; customers, carts and orders stay. Stock comes from the export (the shop's source of
 * truth) each time it is imported.
 *
 * `importIfChanged` compares a fingerprint of manifest.json with the one stored in `meta` and
 * only imports when they differ (or the catalog is empty).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { openExport, formatFault, type Fault } from '../../src/catalog/read-export.ts';
import { transaction } from './open.ts';

const BATCH = 500;
const CATALOG_TABLES = ['country', 'state', 'currency', 'tax_rule', 'fulfilment_center', 'category', 'brand', 'product', 'product_category', 'pse', 'pse_price', 'pse_stock'];

export interface ImportReport {
  imported: boolean;
  fingerprint: string;
  products: number;
  variants: number;
  faults: Fault[];
  ms: number;
}

export function exportFingerprint(dir: string): string {
  return createHash('sha256')
    .update(readFileSync(join(dir, 'manifest.json')))
    .digest('hex');
}

export function storedFingerprint(db: DatabaseSync): string | undefined {
  return (db.prepare(`SELECT value FROM meta WHERE key = 'export_fingerprint'`).get() as { value: string } | undefined)?.value;
}

export async function importIfChanged(db: DatabaseSync, dir: string, log: (line: string) => void = () => {}): Promise<ImportReport> {
  const fingerprint = exportFingerprint(dir);
  const count = (db.prepare('SELECT COUNT(*) AS n FROM pse').get() as { n: number }).n;
  if (count > 0 && storedFingerprint(db) === fingerprint) return { imported: false, fingerprint, products: 0, variants: 0, faults: [], ms: 0 };
  return importExport(db, dir, log);
}

export async function importExport(db: DatabaseSync, dir: string, log: (line: string) => void = () => {}): Promise<ImportReport> {
  const started = performance.now();
  const fingerprint = exportFingerprint(dir);
  const catalog = await openExport(dir);
  const faults: Fault[] = [];
  const onFault = (f: Fault) => {
    faults.push(f);
    if (faults.length <= 50) log(formatFault(f));
  };
  const json = JSON.stringify;
  const titles = (i18n: Partial<Record<string, { title: string }>>) => json(Object.fromEntries(Object.entries(i18n).map(([locale, t]) => [locale, t?.title ?? ''])));

  transaction(db, () => {
    for (const table of CATALOG_TABLES) db.exec(`DELETE FROM ${table}`);
    const country = db.prepare('INSERT INTO country (id, isoalpha2, titles, need_zip, zip_format) VALUES (?, ?, ?, ?, ?)');
    const state = db.prepare('INSERT INTO state (id, country_id, isocode, titles) VALUES (?, ?, ?, ?)');
    for (const c of catalog.countries) {
      country.run(c.id, c.isoalpha2, json(c.title), c.needZipCode ? 1 : 0, c.zipCodeFormat);
      for (const s of c.states) state.run(s.id, c.id, s.isocode, json(s.title));
    }
    const currency = db.prepare('INSERT INTO currency (id, code, symbol, rate, is_default, format) VALUES (?, ?, ?, ?, ?, ?)');
    for (const c of catalog.currencies) currency.run(c.id, c.code, c.symbol, c.rate, c.isDefault ? 1 : 0, c.format);
    const taxRule = db.prepare('INSERT INTO tax_rule (id, is_default, json) VALUES (?, ?, ?)');
    for (const r of catalog.taxRules) taxRule.run(r.id, r.isDefault ? 1 : 0, json(r));
    const centre = db.prepare('INSERT INTO fulfilment_center (id, name, country_id, delay_days) VALUES (?, ?, ?, ?)');
    for (const f of catalog.fulfilmentCenters) centre.run(f.id, f.name, f.countryId, f.delayDays);
  });

  // categories and brands: small, but streamed the same way
  const insertCategory = db.prepare('INSERT OR REPLACE INTO category (id, parent, visible, titles) VALUES (?, ?, ?, ?)');
  let batch: (() => void)[] = [];
  const flush = () => {
    if (!batch.length) return;
    const work = batch;
    batch = [];
    transaction(db, () => work.forEach((w) => w()));
  };
  for await (const c of catalog.stream('categories', onFault)) {
    batch.push(() => insertCategory.run(c.id, c.parent, c.visible ? 1 : 0, titles(c.i18n)));
    if (batch.length >= BATCH) flush();
  }
  flush();
  const insertBrand = db.prepare('INSERT OR REPLACE INTO brand (id, titles) VALUES (?, ?)');
  for await (const b of catalog.stream('brands', onFault)) {
    batch.push(() => insertBrand.run(b.id, titles(b.i18n)));
    if (batch.length >= BATCH) flush();
  }
  flush();

  const insertProduct = db.prepare(
    `INSERT INTO product (id, ref, brand_id, tax_rule_id, default_category, categories, titles, urls, image, image_width, quantity_step, freight, undeliverable, features)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertProductCategory = db.prepare('INSERT OR IGNORE INTO product_category (product_id, category_id) VALUES (?, ?)');
  const insertPse = db.prepare('INSERT OR REPLACE INTO pse (id, product_id, ref, is_default, quantity, weight, promo, urls, attributes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertPrice = db.prepare('INSERT OR REPLACE INTO pse_price (pse_id, currency, price, promo_price, list_price) VALUES (?, ?, ?, ?, ?)');
  const insertStock = db.prepare('INSERT OR REPLACE INTO pse_stock (pse_id, center_id, quantity) VALUES (?, ?, ?)');
  let products = 0;
  let variants = 0;
  for await (const p of catalog.stream('products', onFault)) {
    products++;
    variants += p.variants.length;
    batch.push(() => {
      const defaultCategory = p.categories.find((c) => c.default)?.id ?? p.categories[0]?.id ?? null;
      const image = [...p.images].sort((a, b) => a.position - b.position)[0] ?? null;
      const features = p.features.map((f) => ({ id: f.featureId, position: f.position, title: f.title, values: f.values.map((v) => v.title) }));
      insertProduct.run(
        p.id,
        p.ref,
        p.brandId,
        p.taxRuleId,
        defaultCategory,
        json(p.categories.map((c) => c.id)),
        titles(p.i18n),
        json(p.url),
        image?.file ?? null,
        image?.width ?? null,
        p.module.quantityStep ?? 1,
        p.module.freight ? 1 : 0,
        json(p.module.undeliverableCountries ?? []),
        json(features),
      );
      for (const c of p.categories) insertProductCategory.run(p.id, c.id);
      for (const v of p.variants) {
        insertPse.run(v.id, p.id, v.ref, v.isDefault ? 1 : 0, Math.max(0, v.quantity), v.weight, v.promo ? 1 : 0, json(v.url), json(v.attributes));
        for (const [code, price] of Object.entries(v.prices)) insertPrice.run(v.id, code, price.price, price.promoPrice, price.listPrice ?? null);
        for (const f of v.fulfilment ?? []) insertStock.run(v.id, f.centerId, Math.max(0, f.quantity));
      }
    });
    if (batch.length >= BATCH) flush();
  }
  flush();
  db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('export_fingerprint', ?), ('export_dir', ?), ('export_generated_at', ?)`).run(
    fingerprint,
    dir,
    catalog.manifest.generatedAt,
  );
  const ms = Math.round(performance.now() - started);
  log(`imported ${products} products (${variants} variants) from ${dir} in ${ms} ms${faults.length ? `, ${faults.length} records skipped` : ''}`);
  return { imported: true, fingerprint, products, variants, faults, ms };
}
