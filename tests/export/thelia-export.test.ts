/**
 * Integration test of the Thelia exporter against a real MariaDB server (Debian's
 * mariadb-server), started in a temporary folder on a loopback port and stopped after.
 * Loaded with Thelia's own schema and seed (../shared/thelia, 2.5.5 and 2.6.2) through the
 * `mariadb` client, then with the catalog of tests/export/catalog.ts.
 *
 * The exports are kept in .cache/export-test/thelia-2.5 and .cache/export-test/thelia-2.6
 * (EXPORT_TEST_DIRS), and the de shop is built from each with scripts/build.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, Category, Content, Folder, Product, Redirect } from '../../src/catalog/export-schema.ts';
import { openExport, type Fault } from '../../src/catalog/read-export.ts';
import { connect } from '../../scripts/export/db.ts';
import { grossPrice } from '../../scripts/export/taxes.ts';
import { catalogSql, writeMedia } from './catalog.ts';
import { freePort, startMariaDb, type MariaDb } from './mariadb.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const THELIA = resolve(ROOT, '../shared/thelia');
export const EXPORT_TEST_DIRS = { '2.5': join(ROOT, '.cache/export-test/thelia-2.5'), '2.6': join(ROOT, '.cache/export-test/thelia-2.6') };

const SCHEMAS = {
  '2.5': { db: 'thelia25', sql: join(THELIA, 'thelia.sql'), insert: join(THELIA, 'insert.sql'), version: '2.5.5' },
  '2.6': { db: 'thelia26', sql: join(THELIA, '2.6.2/thelia.sql'), insert: join(THELIA, '2.6.2/insert.sql'), version: '2.6.2' },
} as const;

let db: MariaDb;
let media: string;
let scratch: string;

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/export.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

const reader = (database: string) => db.url('reader', 'read-only pw', database);

beforeAll(async () => {
  db = await startMariaDb();
  scratch = await mkdtemp(join(tmpdir(), 'thelia-export-test-'));
  media = join(scratch, 'media');
  await writeMedia(media);
  for (const [layout, s] of Object.entries(SCHEMAS)) {
    db.sql(`CREATE DATABASE ${s.db} CHARACTER SET utf8`);
    db.load(s.sql, s.db);
    db.load(s.insert, s.db);
    db.sql(catalogSql(layout as '2.5' | '2.6'), s.db);
  }
  // fault fixtures: Thelia's seed alone (no de_AT/ro_RO language), an older version, a foreign database
  db.sql('CREATE DATABASE seed CHARACTER SET utf8; CREATE DATABASE old CHARACTER SET utf8; CREATE DATABASE shopware');
  db.load(SCHEMAS['2.5'].sql, 'seed');
  db.load(SCHEMAS['2.5'].insert, 'seed');
  db.load(SCHEMAS['2.5'].sql, 'old');
  db.load(SCHEMAS['2.5'].insert, 'old');
  db.sql("UPDATE config SET value = '2.4.3' WHERE name = 'thelia_version'", 'old');
  // a 2.6.2 schema whose config claims 2.5.5 (an update script run halfway)
  db.sql('CREATE DATABASE mixed CHARACTER SET utf8');
  db.load(SCHEMAS['2.6'].sql, 'mixed');
  db.load(SCHEMAS['2.6'].insert, 'mixed');
  db.sql("UPDATE config SET value = '2.5.5' WHERE name = 'thelia_version'", 'mixed');
  db.sql('CREATE TABLE s_articles (id INT PRIMARY KEY)', 'shopware');
  // the production set-up: a user that may only SELECT
  db.sql(`CREATE USER 'reader'@'127.0.0.1' IDENTIFIED BY 'read-only pw';
    GRANT SELECT ON thelia25.* TO 'reader'@'127.0.0.1'; GRANT SELECT ON thelia26.* TO 'reader'@'127.0.0.1';
    GRANT SELECT ON seed.* TO 'reader'@'127.0.0.1'; GRANT SELECT ON old.* TO 'reader'@'127.0.0.1';
    GRANT SELECT ON shopware.* TO 'reader'@'127.0.0.1'; GRANT SELECT ON mixed.* TO 'reader'@'127.0.0.1';`);
});

afterAll(async () => {
  await db?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function readAll(dir: string) {
  const catalog = await openExport(dir);
  const faults: Fault[] = [];
  const collect = async <T>(gen: AsyncGenerator<T>) => {
    const out: T[] = [];
    for await (const r of gen) out.push(r);
    return out;
  };
  const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((i) => [i.id, i]));
  return {
    catalog,
    faults,
    categories: byId(await collect<Category>(catalog.stream('categories', (f) => faults.push(f)))),
    brands: byId(await collect<Brand>(catalog.stream('brands', (f) => faults.push(f)))),
    folders: byId(await collect<Folder>(catalog.stream('folders', (f) => faults.push(f)))),
    contents: byId(await collect<Content>(catalog.stream('contents', (f) => faults.push(f)))),
    products: byId(await collect<Product>(catalog.stream('products', (f) => faults.push(f)))),
    redirects: await collect<Redirect>(catalog.stream('redirects', (f) => faults.push(f))),
  };
}

describe.each(Object.keys(SCHEMAS) as ('2.5' | '2.6')[])('Thelia %s schema', (layout) => {
  const schema = SCHEMAS[layout];
  const out = EXPORT_TEST_DIRS[layout];
  let run: ReturnType<typeof cli>;
  let data: Awaited<ReturnType<typeof readAll>>;

  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(dirname(out), { recursive: true });
    run = cli(['--db', reader(schema.db), '--media', media, '--module', join(ROOT, 'tests/export/fixture-module.ts'), '--out', out]);
    if (run.status === 0) data = await readAll(out);
  });

  it('exports with a read-only user, and the export validates', () => {
    expect(run.stderr).toContain(`Thelia ${schema.version}`);
    expect(run.status, run.stderr).toBe(0);
    expect(data.faults).toEqual([]);
    expect(data.catalog.manifest.source).toMatchObject({ kind: 'thelia', theliaVersion: schema.version });
    expect(data.catalog.manifest.source.description).toBe(`Thelia ${schema.version}`);
    expect(data.catalog.manifest.locales).toEqual(['de_DE', 'de_AT', 'ro_RO']);
    expect(data.catalog.manifest.defaultLocale).toBe('de_DE');
    expect(data.catalog.manifest.defaultCurrency).toBe('EUR');
    expect(data.catalog.manifest.counts).toMatchObject({ products: 3, categories: 6, brands: 1, folders: 2, contents: 1, redirects: 4 });
    expect(existsSync(join(out, 'products.ndjson'))).toBe(true);
    expect(readdirSync(dirname(out)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('leaves out hidden products, products without a default variant and untranslated products, and says why', () => {
    expect([...data.products.keys()]).toEqual([100, 101, 102]);
    expect(run.stderr).toContain('product 104 (NO-DEFAULT) is left out: it has no default variant');
    expect(run.stderr).toContain('product 105 (ENGLISH-ONLY) is left out: it has no translation in de_DE, de_AT, ro_RO');
    expect(run.stderr).toContain('variant 1003 (TSHIRT-NOPRICE) is left out: no price in the default currency EUR');
  });

  it('applies the i18n fallback column by column: NULL falls back, an empty string does not', () => {
    const tshirt = data.products.get(100)!.i18n;
    expect(tshirt.de_AT!.title).toBe('Klassisches T-Shirt'); // NULL -> de_DE
    expect(tshirt.de_AT!.chapo).toBe(''); // '' stays
    expect(tshirt.ro_RO!.title).toBe('Tricou clasic');
    expect(tshirt.ro_RO!.description).toBe('<p>Unser Klassiker.</p>'); // NULL -> de_DE
    const clothing = data.categories.get(10)!.i18n;
    expect(clothing.de_AT).toMatchObject({ title: 'Kleidung', chapo: 'Gwand', description: '<p>Kleidung</p>' });
    expect(clothing.ro_RO).toMatchObject({ title: 'Îmbrăcăminte', chapo: '' });
    expect(data.products.get(101)!.i18n.ro_RO!.title).toBe('Goldene Kappe'); // no ro_RO row at all
  });

  it('prices every currency by Thelia rules, with decimal rates', () => {
    const [s, m, blue] = data.products.get(100)!.variants;
    expect(s!.prices).toEqual({
      EUR: { price: '20.000000', promoPrice: '20.000000' },
      USD: { price: '25.000000', promoPrice: '25.000000' }, // its own row
      GBP: { price: '17.800000', promoPrice: '17.800000' }, // no row: 20 × 0.89
      RON: { price: '99.470000', promoPrice: '99.470000' }, // from_default_currency: the stale 1.00 is ignored
    });
    expect(m).toMatchObject({ id: 1001, promo: true, isDefault: false, prices: { EUR: { price: '22.000000', promoPrice: '18.500000' } } });
    expect(blue!.id).toBe(1002);
    // 12345.67 × 4.9735 = 61401.189745 exactly; through the FLOAT rate it would be 61401.1899…
    expect(data.products.get(101)!.variants[0]!.prices.RON).toEqual({ price: '61401.189745', promoPrice: '49734.950265' });
    expect(data.products.get(101)!.variants[0]!.promo).toBe(true);
    const currencies = data.catalog.currencies.map((c) => [c.code, c.rate, c.isDefault]);
    expect(currencies).toEqual([
      ['EUR', '1.000000', true],
      ['USD', '1.260000', false],
      ['GBP', '0.890000', false],
      ['RON', '4.973500', false],
    ]);
  });

  it('exports variants with their attribute values', () => {
    const variants = data.products.get(100)!.variants;
    expect(variants.map((v) => [v.id, v.isDefault])).toEqual([
      [1000, true],
      [1001, false],
      [1002, false],
    ]);
    expect(variants[0]!.attributes.map((a) => [a.kind, a.attribute.de_DE, a.value.de_DE, a.value.ro_RO])).toEqual([
      ['color', 'Farbe', 'Rot', 'Roșu'],
      ['size', 'Größe', 'S', 'S'],
    ]);
    expect(variants[0]).toMatchObject({ ref: 'TSHIRT-RED-S', ean: '4000000000011', quantity: 10, weight: 0.2, newness: true });
    expect(variants[1]).toMatchObject({ ean: null, quantity: 4 });
    expect(variants[1]!.url.de_DE).toBe('klassisches-t-shirt-rot-m.html'); // the pse_id URL
  });

  it('exports tax rules per country in Thelia order; the build compounds later positions', () => {
    const rule = data.catalog.taxRules.find((r) => r.id === 11)!;
    const germany = rule.countries.find((c) => c.countryId === 5)!;
    expect(germany.taxes).toEqual([
      { type: 'amount', position: 1, amount: '0.500000' },
      { type: 'percent', position: 1, percent: '5.000000' },
      { type: 'percent', position: 2, percent: '19.000000' },
    ]);
    // position 1 on 100: 0.50 + 5 = 5.50; position 2 on 105.50: 19% = 20.045 -> 125.545
    expect(grossPrice('100.000000', germany.taxes)).toBe('125.545000');
    // Austria: the feature-based amount cannot be exported; reported, and the 20% stays
    expect(rule.countries.find((c) => c.countryId === 13)!.taxes).toEqual([{ type: 'percent', position: 2, percent: '20.000000' }]);
    expect(run.stderr).toContain('FeatureFixAmountTaxType');
    expect(data.catalog.taxRules.find((r) => r.id === 10)).toMatchObject({ isDefault: true, title: { de_DE: 'Standard', ro_RO: 'Standard RO' } });
    expect(data.products.get(102)!.taxRuleId).toBe(11);
  });

  it('exports current URLs, redirect chains, and reports URLs of deleted objects', () => {
    expect(data.products.get(100)!.url).toEqual({ de_DE: 'klassisches-t-shirt.html', de_AT: 'klassisches-t-shirt-at.html', ro_RO: 'tricou-clasic.html' });
    // ro_RO via the 2-letter view_locale "ro"; de_AT has none and takes the default language's
    expect(data.products.get(101)!.url).toEqual({ de_DE: 'goldene-kappe.html', de_AT: 'goldene-kappe.html', ro_RO: 'caciula-aurie.html' });
    // no URL anywhere: made from the title, and not the one an obsolete row already holds
    expect(data.products.get(102)!.url.de_DE).toBe('alter-sommer-p102-2.html');
    expect(data.categories.get(10)!.url).toEqual({ de_DE: 'kleidung.html', de_AT: 'kleidung.html', ro_RO: 'imbracaminte.html' });
    expect(data.redirects.map((r) => [r.url, r.view, r.viewId, r.to])).toEqual([
      ['tshirt.html', 'product', 100, 'klassisches-tee.html'],
      ['klassisches-tee.html', 'product', 100, 'klassisches-t-shirt.html'],
      ['bekleidung.html', 'category', 10, 'kleidung.html'],
      ['kappe-alt.html', 'product', 101, 'goldene-kappe.html'],
    ]);
    expect(run.stderr).toContain('URL "geloeschtes-produkt.html" (de_DE) points at product 999, which does not exist: skipped');
    expect(run.stderr).toContain('URL "alter-sommer-p102.html" (de_DE) belonged to a deleted object');
  });

  it('builds the category tree, keeps hidden categories hidden and their products reachable', () => {
    const tree = [...data.categories.values()].map((c) => [c.id, c.parent, c.visible, c.position]);
    expect(tree).toEqual([
      [10, 0, true, 1],
      [11, 10, true, 1],
      [12, 10, false, 2],
      [13, 12, true, 1],
      [14, 0, true, 2],
      [15, 0, false, 3], // orphan (parent 999): at the root, hidden
    ]);
    expect(data.products.get(102)!.categories).toEqual([{ id: 13, default: true, position: 1 }]);
    expect(run.stderr).toContain('1 products only in hidden categories');
    expect(data.categories.get(10)!.contents).toEqual([200]);
  });

  it('keeps every category of a product with its order inside it', () => {
    expect(data.products.get(100)!.categories).toEqual([
      { id: 11, default: true, position: 2 },
      { id: 10, default: false, position: 7 },
      { id: 14, default: false, position: 1 },
    ]);
  });

  it('exports features, free text and several values included', () => {
    const features = data.products.get(100)!.features;
    expect(features.map((f) => f.featureId)).toEqual([10, 11, 12]); // 13 is hidden
    expect(features[0]!.values).toEqual([{ id: 10, freeText: false, title: { de_DE: 'Baumwolle', de_AT: 'Baumwolle', ro_RO: 'Bumbac' } }]);
    expect(features[1]!.values).toEqual([{ id: null, freeText: true, title: { de_DE: 'Waschen bei 30 °C', de_AT: 'Waschen bei 30 °C', ro_RO: 'Waschen bei 30 °C' } }]);
    expect(features[2]!.values.map((v) => v.title.de_DE)).toEqual(['Freizeit', 'Sport']);
    expect(features[0]!.title.ro_RO).toBe('Material RO');
    expect(data.products.get(101)!.features[0]!.values[0]).toEqual({
      id: null,
      freeText: true,
      title: { de_DE: 'Nur Handwäsche', de_AT: 'Nur Handwäsche', ro_RO: 'Nur Handwäsche' },
    });
  });

  it('copies images and documents from the media folder, with their sizes', () => {
    const tshirt = data.products.get(100)!;
    expect(tshirt.images.map((i) => [i.id, i.file, i.width, i.height])).toEqual([
      [100, 'media/images/product/tshirt-red.jpg', 40, 30], // 2.6: the default language's file, not ro_RO's
      [101, 'media/images/product/tshirt-blue.png', 30, 40],
    ]);
    expect(tshirt.images[0]!.alt).toEqual({ de_DE: 'Rotes T-Shirt', de_AT: 'Rotes T-Shirt', ro_RO: 'Tricou roșu' });
    expect(tshirt.variants.map((v) => v.images)).toEqual([[100], [], [101]]);
    for (const image of tshirt.images) expect(statSync(join(out, image.file)).size).toBeGreaterThan(0);
    expect(tshirt.documents).toEqual([
      {
        id: 100,
        file: 'media/documents/product/size-guide.pdf',
        mime: 'application/pdf',
        bytes: 22,
        position: 1,
        title: { de_DE: 'Größentabelle', de_AT: 'Größentabelle', ro_RO: 'Größentabelle' },
      },
    ]);
    expect(readFileSync(join(out, 'media/documents/product/size-guide.pdf'), 'utf8')).toContain('%PDF');
    expect(data.products.get(101)!.images).toEqual([]);
    expect(run.stderr).toMatch(/product image 103: file .*missing\.jpg is missing: left out/);
    expect(data.brands.get(10)!.logo).toMatchObject({ id: 10, file: 'media/images/brand/acme-logo.png', width: 64, height: 32 });
    expect(data.categories.get(10)!.images[0]).toMatchObject({ file: 'media/images/category/kleidung.jpg', width: 80, height: 20 });
  });

  it('exports accessories, associated contents, brands, folders and contents (visible ones)', () => {
    const tshirt = data.products.get(100)!;
    expect(tshirt.accessories).toEqual([101]); // 103 is hidden
    expect(tshirt.contents).toEqual([200]); // 201 is hidden
    expect(tshirt.brandId).toBe(10);
    expect(data.products.get(101)!.brandId).toBeNull(); // its brand is hidden
    expect([...data.brands.keys()]).toEqual([10]);
    expect([...data.contents.keys()]).toEqual([200]);
    expect(data.contents.get(200)).toMatchObject({ folders: [{ id: 10, default: true }], url: { de_DE: 'ueber-uns.html' } });
    expect(data.contents.get(200)!.i18n.de_DE!.postscriptum).toBe('{"brand_id":10}');
    expect([...data.folders.values()].map((f) => [f.id, f.parent, f.visible])).toEqual([
      [10, 0, true],
      [11, 10, false],
    ]);
  });

  it("adds a module's data", () => {
    expect(data.products.get(100)!.variants[0]!.deliveryDelay).toEqual({ minDays: 1, maxDays: 3 });
    expect(data.products.get(101)!.module.quantityStep).toBe(2);
    expect(data.catalog.fulfilmentCenters.map((c) => c.name)).toEqual(['Leipzig', 'Bucharest']);
  });

  it('renders with the static build (scripts/build.ts)', () => {
    const dist = join(scratch, `dist-${layout}`);
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.ts'), '--export', out, '--shops', 'de', '--out', dist], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const log = build.stdout + build.stderr;
    expect(build.status, log.slice(-4000)).toBe(0);
    expect(log).not.toMatch(/faults [1-9]/);
    const page = readFileSync(join(dist, 'de', 'klassisches-t-shirt.html'), 'utf8');
    expect(page).toContain('Klassisches T-Shirt');
    expect(page).toContain('23,80'); // 20.00 net + 19% German VAT (tax rule 10)
    for (const file of ['kleidung.html', 'goldene-kappe.html', 'alter-sommer-p102-2.html', 'klassisches-t-shirt-rot-m.html', 'ueber-uns.html']) {
      expect(existsSync(join(dist, 'de', file)), file).toBe(true);
    }
    const redirects = readFileSync(join(dist, 'de', '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/tshirt\.html \/klassisches-t-shirt\.html 301$/m); // the chain, collapsed
    expect(redirects).toMatch(/^\/bekleidung\.html \/kleidung\.html 301$/m);
  }, 180_000);

  it('references files on a CDN with --media-url (sizes from --media)', () => {
    const cdn = join(scratch, `cdn-${layout}`);
    const result = cli(['--db', reader(schema.db), '--media', media, '--media-url', 'https://cdn.example.com/media/', '--out', cdn, '--quiet']);
    expect(result.status, result.stderr).toBe(0);
    const product = readFileSync(join(cdn, 'products.ndjson'), 'utf8').split('\n')[0]!;
    const image = (JSON.parse(product) as Product).images[0]!;
    expect(image).toMatchObject({ file: 'https://cdn.example.com/media/images/product/tshirt-red.jpg', width: 40, height: 30 });
    expect(readdirSync(join(cdn, 'media'))).toEqual([]);
  });
});

describe('faults an operator meets', () => {
  const out = () => join(scratch, 'faults', 'export');
  let manifest: string;

  beforeAll(() => {
    mkdirSync(join(scratch, 'faults'), { recursive: true });
    const first = cli(['--db', reader('thelia25'), '--out', out(), '--quiet']);
    expect(first.status, first.stderr).toBe(0);
    manifest = readFileSync(join(out(), 'manifest.json'), 'utf8');
  });

  const expectPreviousExport = () => {
    expect(readFileSync(join(out(), 'manifest.json'), 'utf8')).toBe(manifest);
    expect(readdirSync(join(scratch, 'faults'))).toEqual(['export']);
  };

  it('cannot connect', async () => {
    const port = await freePort();
    const r = cli(['--db', `mysql://reader:x@127.0.0.1:${port}/thelia25`, '--out', out()]);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(`cannot connect to 127.0.0.1:${port}`);
    expectPreviousExport();
  });

  it('wrong credentials', () => {
    const r = cli(['--db', db.url('reader', 'wrong', 'thelia25'), '--out', out()]);
    expect(r.status).toBe(4);
    expect(r.stderr).toContain('wrong user or password');
    expect(r.stderr).not.toContain('wrong@');
    expectPreviousExport();
  });

  it('a database that is not Thelia', () => {
    const r = cli(['--db', reader('shopware'), '--out', out()]);
    expect(r.status).toBe(5);
    expect(r.stderr).toContain('not a Thelia database');
    expectPreviousExport();
  });

  it('an unknown Thelia version', () => {
    const r = cli(['--db', reader('old'), '--out', out()]);
    expect(r.status).toBe(5);
    expect(r.stderr).toContain('unsupported Thelia version 2.4.3 (supported: 2.5, 2.6)');
    expectPreviousExport();
  });

  it('a schema that does not match its version', () => {
    const r = cli(['--db', reader('mixed'), '--out', out()]);
    expect(r.status).toBe(5);
    expect(r.stderr).toContain('wrong schema: config says Thelia 2.5.5, but image files are on the _i18n tables');
    expectPreviousExport();
  });

  it('a missing language', () => {
    const r = cli(['--db', reader('seed'), '--out', out()]);
    expect(r.status).toBe(6);
    expect(r.stderr).toContain('missing language: Thelia has no active, visible language for de_DE, de_AT, ro_RO');
    expect(r.stderr).toContain('Active and visible: fr_FR (Français), en_US (English)');
    expectPreviousExport();
  });

  it('a failure halfway leaves the previous export and no temporary folder', () => {
    const r = cli(['--db', reader('thelia25'), '--out', out(), '--module', join(ROOT, 'tests/export/failing-module.ts')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('module "broken" failed in products: the module table is locked');
    expectPreviousExport();
  });

  it('refuses to replace a folder that is not an export', () => {
    const precious = join(scratch, 'faults-precious');
    mkdirSync(precious, { recursive: true });
    writeFileSync(join(precious, 'config.php'), '<?php // a Thelia install');
    const r = cli(['--db', reader('thelia25'), '--out', precious]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`refusing to replace ${precious}`);
    expect(readdirSync(precious)).toEqual(['config.php']);
  });

  it('asks for image sizes with --media-url alone', () => {
    const r = cli(['--db', reader('thelia25'), '--out', out(), '--media-url', 'https://cdn.example.com']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--media-url needs the image sizes');
    expectPreviousExport();
  });

  it('never writes: the session is read-only even for a user who could', async () => {
    const conn = await connect(db.url('root', '', 'thelia25'));
    try {
      await expect(conn.query("UPDATE config SET value = 'x' WHERE name = 'thelia_version'")).rejects.toThrow(/READ ONLY/i);
    } finally {
      await conn.close();
    }
  });
});
