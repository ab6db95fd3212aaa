/**
 * Benchmark of the Thelia exporter: export time and peak memory for a Thelia 2.5 database
 * holding N products (default: 1,000 then 10,000, to show that memory stays flat). Not part of
 * `npm test`; `npm run bench` runs it.
 *
 *   node scripts/bench/export.ts [--sizes 1000,10000] [--schema 2.5|2.6] [--out bench/results/export.json]
 *
 * Starts a throwaway MariaDB (tests/export/mariadb.ts), loads Thelia's schema and seed from
 * ../shared/thelia, the integration test's catalog (languages, currencies, taxes, attributes,
 * features), then N generated products: 3 locales, 3 variants with 2 attribute values and
 * prices in 2 currency rows each, 2 categories among 200, 2 features, 2 images (50 distinct
 * files in a media folder), 3 current URLs and 1 old one. Each size runs the real CLI in a
 * child process with --media; prints JSON (seconds, peak RSS of the exporter) to stdout.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { catalogSql } from '../../tests/export/catalog.ts';
import { startMariaDb } from '../../tests/export/mariadb.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const THELIA = resolve(ROOT, '../shared/thelia');

export async function writeCatalog(file: string, products: number, layout: '2.5' | '2.6' = '2.5') {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(catalogSql(layout));
  await write('SET FOREIGN_KEY_CHECKS = 0;\nSET autocommit = 0;\n');
  const NOW = "'2024-05-06 07:08:09'";
  // 200 categories: 20 roots with 9 children each
  const cats: string[] = [];
  const catI18n: string[] = [];
  for (let i = 0; i < 200; i++) {
    const id = 1000 + i;
    const parent = i < 20 ? 0 : 1000 + (i % 20);
    cats.push(`(${id}, ${parent}, ${i % 37 === 0 ? 0 : 1}, ${i}, ${NOW}, ${NOW})`);
    catI18n.push(`(${id}, 'de_DE', 'Kategorie ${id}', 'Text', NULL, NULL)`, `(${id}, 'ro_RO', 'Categoria ${id}', NULL, NULL, NULL)`);
  }
  await write(`INSERT INTO category (id, parent, visible, position, created_at, updated_at) VALUES ${cats.join(',')};\n`);
  await write(`INSERT INTO category_i18n (id, locale, title, chapo, description, meta_title) VALUES ${catI18n.join(',')};\n`);

  const batch = 500;
  let urlId = 100_000;
  for (let start = 0; start < products; start += batch) {
    const p: string[] = [];
    const i18n: string[] = [];
    const pc: string[] = [];
    const pse: string[] = [];
    const price: string[] = [];
    const combo: string[] = [];
    const feat: string[] = [];
    const img: string[] = [];
    const imgI18n: string[] = [];
    const url: string[] = [];
    for (let n = start; n < Math.min(products, start + batch); n++) {
      const id = 10_000 + n;
      p.push(`(${id}, 10, 'REF-${id}', 1, ${n}, NULL, 10, 0, ${NOW}, ${NOW})`);
      const text = `'<p>Beschreibung des Produkts ${id} mit etwas Text, der so lang ist wie eine echte Produktbeschreibung in einem Shop, mit Absätzen und Listen.</p>'`;
      i18n.push(
        `(${id}, 'de_DE', 'Produkt ${id}', 'Kurztext ${id}', ${text}, NULL, 'Produkt ${id} kaufen', 'Beschreibung ${id}', NULL)`,
        `(${id}, 'de_AT', NULL, 'Kurztext AT', NULL, NULL, NULL, NULL, NULL)`,
        `(${id}, 'ro_RO', 'Produs ${id}', NULL, '<p>Descriere</p>', NULL, NULL, NULL, NULL)`,
      );
      pc.push(
        `(${id}, ${1000 + (n % 200)}, 1, ${n}, ${NOW}, ${NOW})`,
        `(${id}, ${1000 + ((n * 7 + 3) % 200) === 1000 + (n % 200) ? 1001 : 1000 + ((n * 7 + 3) % 200)}, 0, ${n}, ${NOW}, ${NOW})`,
      );
      for (let k = 0; k < 3; k++) {
        const v = id * 10 + k;
        pse.push(`(${v}, ${id}, 'REF-${id}-${k}', ${(n + k) % 13}, ${k === 1 ? 1 : 0}, 0, 0.25, ${k === 0 ? 1 : 0}, '40000${v}', ${NOW}, ${NOW})`);
        price.push(`(${v}, 1, ${(10 + (n % 90) + k).toFixed(2)}, ${(9 + (n % 90) + k).toFixed(2)}, 0, ${NOW}, ${NOW})`);
        price.push(`(${v}, 2, ${(13 + (n % 90)).toFixed(2)}, ${(12 + (n % 90)).toFixed(2)}, ${k === 2 ? 1 : 0}, ${NOW}, ${NOW})`);
        combo.push(`(10, ${10 + (k % 2)}, ${v}, ${NOW}, ${NOW})`, `(11, ${12 + (k % 2)}, ${v}, ${NOW}, ${NOW})`);
      }
      feat.push(`(${id * 10}, ${id}, 10, 10, NULL, 0, 1, ${NOW}, ${NOW})`, `(${id * 10 + 1}, ${id}, 12, ${12 + (n % 2)}, NULL, 0, 1, ${NOW}, ${NOW})`);
      for (let k = 0; k < 2; k++) {
        const imageId = id * 10 + k;
        const file = `bench-${(n + k) % 50}.jpg`;
        img.push(layout === '2.5' ? `(${imageId}, ${id}, '${file}', 1, ${k}, ${NOW}, ${NOW})` : `(${imageId}, ${id}, 1, ${k}, ${NOW}, ${NOW})`);
        imgI18n.push(layout === '2.5' ? `(${imageId}, 'de_DE', 'Bild ${k}')` : `(${imageId}, 'de_DE', '${file}', 'Bild ${k}')`);
      }
      const old = urlId++;
      const current = urlId++;
      url.push(
        `(${old}, 'produkt-${id}-alt.html', 'product', '${id}', 'de_DE', ${current}, ${NOW}, ${NOW})`,
        `(${current}, 'produkt-${id}.html', 'product', '${id}', 'de_DE', NULL, ${NOW}, ${NOW})`,
        `(${urlId++}, 'produkt-${id}-at.html', 'product', '${id}', 'de_AT', NULL, ${NOW}, ${NOW})`,
        `(${urlId++}, 'produs-${id}.html', 'product', '${id}', 'ro_RO', NULL, ${NOW}, ${NOW})`,
      );
    }
    await write(`INSERT INTO product (id, tax_rule_id, ref, visible, position, template_id, brand_id, \`virtual\`, created_at, updated_at) VALUES ${p.join(',')};\n`);
    await write(`INSERT INTO product_i18n (id, locale, title, chapo, description, postscriptum, meta_title, meta_description, meta_keywords) VALUES ${i18n.join(',')};\n`);
    await write(`INSERT INTO product_category (product_id, category_id, default_category, position, created_at, updated_at) VALUES ${pc.join(',')};\n`);
    await write(
      `INSERT INTO product_sale_elements (id, product_id, ref, quantity, promo, newness, weight, is_default, ean_code, created_at, updated_at) VALUES ${pse.join(',')};\n`,
    );
    await write(
      `INSERT INTO product_price (product_sale_elements_id, currency_id, price, promo_price, from_default_currency, created_at, updated_at) VALUES ${price.join(',')};\n`,
    );
    await write(`INSERT INTO attribute_combination (attribute_id, attribute_av_id, product_sale_elements_id, created_at, updated_at) VALUES ${combo.join(',')};\n`);
    await write(
      `INSERT INTO feature_product (id, product_id, feature_id, feature_av_id, free_text_value, is_free_text, position, created_at, updated_at) VALUES ${feat.join(',')};\n`,
    );
    await write(
      layout === '2.5'
        ? `INSERT INTO product_image (id, product_id, file, visible, position, created_at, updated_at) VALUES ${img.join(',')};\n`
        : `INSERT INTO product_image (id, product_id, visible, position, created_at, updated_at) VALUES ${img.join(',')};\n`,
    );
    await write(
      layout === '2.5'
        ? `INSERT INTO product_image_i18n (id, locale, title) VALUES ${imgI18n.join(',')};\n`
        : `INSERT INTO product_image_i18n (id, locale, file, title) VALUES ${imgI18n.join(',')};\n`,
    );
    await write(`INSERT INTO rewriting_url (id, url, view, view_id, view_locale, redirected, created_at, updated_at) VALUES ${url.join(',')};\n`);
  }
  await write('COMMIT;\nSET FOREIGN_KEY_CHECKS = 1;\n');
  out.end();
  await once(out, 'close');
}

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000' },
      schema: { type: 'string', default: '2.5' },
      out: { type: 'string', default: join(ROOT, 'bench/results/export.json') },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const layout = values.schema === '2.6' ? '2.6' : '2.5';
  const schemaDir = layout === '2.6' ? join(THELIA, '2.6.2') : THELIA;
  const results: Record<string, unknown>[] = [];
  const work = mkdtempSync(join(tmpdir(), 'thelia-export-bench-'));
  const db = await startMariaDb();
  try {
    const media = join(work, 'media');
    mkdirSync(join(media, 'images/product'), { recursive: true });
    for (let i = 0; i < 50; i++) {
      await sharp({ create: { width: 800 + i, height: 600, channels: 3, background: { r: i * 5, g: 100, b: 150 } } })
        .jpeg()
        .toFile(join(media, `images/product/bench-${i}.jpg`));
    }
    for (const size of sizes) {
      const name = `bench${size}`;
      const t0 = Date.now();
      db.sql(`CREATE DATABASE ${name} CHARACTER SET utf8`);
      db.load(join(schemaDir, 'thelia.sql'), name);
      db.load(join(schemaDir, 'insert.sql'), name);
      const sqlFile = join(work, `${name}.sql`);
      await writeCatalog(sqlFile, size, layout);
      db.load(sqlFile, name);
      rmSync(sqlFile);
      const loadSeconds = (Date.now() - t0) / 1000;
      process.stderr.write(`loaded ${size} products in ${loadSeconds.toFixed(1)} s; exporting...\n`);

      const stats = join(work, `${name}.json`);
      const out = join(work, `${name}-export`);
      const started = Date.now();
      const run = spawnSync(process.execPath, [join(ROOT, 'scripts/export.ts'), '--db', db.url('root', '', name), '--media', media, '--out', out, '--stats', stats, '--quiet'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const wall = (Date.now() - started) / 1000;
      if (run.status !== 0) throw new Error(`export of ${size} products failed (${run.status}):\n${run.stderr.slice(-4000)}`);
      const summary = JSON.parse(readFileSync(stats, 'utf8')) as {
        seconds: number;
        peakRssBytes: number;
        launcherPeakRssBytes?: number;
        counts: Record<string, number>;
        media: Record<string, number>;
      };
      const exportBytes = Number(spawnSync('du', ['-sb', out], { encoding: 'utf8' }).stdout.split('\t')[0]);
      results.push({
        products: size,
        schema: layout,
        exportSeconds: Number(summary.seconds.toFixed(2)),
        wallSecondsWithNodeStart: Number(wall.toFixed(2)),
        productsPerSecond: Math.round(size / summary.seconds),
        peakRssMB: Math.round(summary.peakRssBytes / 1048576),
        launcherPeakRssMB: summary.launcherPeakRssBytes ? Math.round(summary.launcherPeakRssBytes / 1048576) : null,
        counts: summary.counts,
        media: summary.media,
        exportMB: Number((exportBytes / 1048576).toFixed(1)),
      });
      rmSync(out, { recursive: true, force: true });
      db.sql(`DROP DATABASE ${name}`);
    }
  } finally {
    await db.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const report = {
    benchmark: 'thelia-export',
    date: new Date().toISOString(),
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    results,
  };
  const json = JSON.stringify(report, null, 2);
  process.stdout.write(json + '\n');
  mkdirSync(dirname(resolve(values.out)), { recursive: true });
  writeFileSync(values.out, json);
  process.stderr.write(`written to ${values.out}\n`);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) await main();
