/**
 * The integration tests' Thelia catalog, written for this project (not Thelia data). Loaded
 * after Thelia's own thelia.sql + insert.sql (2.5.5 or 2.6.2). It covers what the exporter must
 * get right: variants, promotions, a missing currency row, from_default_currency, NULL versus
 * empty translations, URL chains, hidden categories, free-text features, a product in several
 * categories, taxes at two positions, and the faults an operator meets (no default variant,
 * untranslated product, URLs of deleted objects, a missing media file).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');
const q = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`);
const NOW = "'2024-05-06 07:08:09'";

/** Rows as (a, b, c) tuples, each with created_at/updated_at appended when `stamps`. */
function insert(table: string, columns: string[], rows: (string | number | null)[][], stamps = true): string {
  const cols = stamps ? [...columns, 'created_at', 'updated_at'] : columns;
  const values = rows.map((r) => `(${r.map(q).join(', ')}${stamps ? `, ${NOW}, ${NOW}` : ''})`);
  return `INSERT INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(', ')}) VALUES\n ${values.join(',\n ')};\n`;
}

/** Images (table, owner, file per locale) for either layout. */
function images(
  layout: '2.5' | '2.6',
  type: string,
  rows: { id: number; owner: number; file: string; visible: number; position: number; titles: Record<string, string | null>; files?: Record<string, string> }[],
): string {
  let sql = '';
  if (layout === '2.5') {
    sql += insert(
      `${type}_image`,
      ['id', `${type}_id`, 'file', 'visible', 'position'],
      rows.map((r) => [r.id, r.owner, r.file, r.visible, r.position]),
    );
    const i18n = rows.flatMap((r) => Object.entries(r.titles).map(([locale, title]) => [r.id, locale, title]));
    if (i18n.length) sql += insert(`${type}_image_i18n`, ['id', 'locale', 'title'], i18n, false);
  } else {
    sql += insert(
      `${type}_image`,
      ['id', `${type}_id`, 'visible', 'position'],
      rows.map((r) => [r.id, r.owner, r.visible, r.position]),
    );
    const i18n = rows.flatMap((r) => {
      const locales = new Set([...Object.keys(r.titles), 'de_DE']);
      return [...locales].map((locale) => [r.id, locale, r.files?.[locale] ?? r.file, r.titles[locale] ?? null]);
    });
    sql += insert(`${type}_image_i18n`, ['id', 'locale', 'file', 'title'], i18n, false);
  }
  return sql;
}

export function catalogSql(layout: '2.5' | '2.6'): string {
  let sql = 'SET FOREIGN_KEY_CHECKS = 0;\nSET NAMES utf8;\n';

  // languages: de_DE (the default), de_AT and ro_RO active and visible; 'de'/'ro' codes
  sql += "UPDATE lang SET by_default = 0;\nUPDATE lang SET active = 1, visible = 1, by_default = 1 WHERE locale = 'de_DE';\n";
  sql += insert(
    'lang',
    [
      'id',
      'title',
      'code',
      'locale',
      'url',
      'date_format',
      'time_format',
      'datetime_format',
      'decimal_separator',
      'thousands_separator',
      'active',
      'visible',
      'decimals',
      'by_default',
      'position',
    ],
    [
      [20, 'Deutsch (Österreich)', 'at', 'de_AT', '', 'd.m.Y', 'H:i:s', 'd.m.Y H:i:s', ',', '.', 1, 1, 2, 0, 8],
      [21, 'Română', 'ro', 'ro_RO', '', 'd.m.Y', 'H:i:s', 'd.m.Y H:i:s', ',', '.', 1, 1, 2, 0, 9],
    ],
  );

  // currencies: EUR (default), USD 1.26, GBP 0.89 from the seed, plus RON 4.9735
  sql += insert('currency', ['id', 'code', 'symbol', 'format', 'rate', 'visible', 'position', 'by_default'], [[100, 'RON', 'lei', '%n %s', 4.9735, 1, 4, 0]]);

  // taxes
  const T = 'Thelia\\TaxEngine\\TaxType\\';
  sql += insert(
    'tax',
    ['id', 'type', 'serialized_requirements'],
    [
      [10, `${T}PricePercentTaxType`, b64({ percent: '19' })],
      [11, `${T}PricePercentTaxType`, b64({ percent: '20' })],
      [12, `${T}PricePercentTaxType`, b64({ percent: 21 })],
      [13, `${T}FixAmountTaxType`, b64({ amount: '0.50' })],
      [14, `${T}PricePercentTaxType`, b64({ percent: '5' })],
      [15, `${T}FeatureFixAmountTaxType`, b64({ feature: 3, lang: 1 })],
    ],
  );
  sql += 'UPDATE tax_rule SET is_default = 0;\n';
  sql += insert(
    'tax_rule',
    ['id', 'is_default'],
    [
      [10, 1],
      [11, 0],
    ],
  );
  sql += insert(
    'tax_rule_i18n',
    ['id', 'locale', 'title'],
    [
      [10, 'de_DE', 'Standard'],
      [10, 'ro_RO', 'Standard RO'],
      [11, 'de_DE', 'Mit Ökoabgabe'],
    ],
    false,
  );
  sql += insert(
    'tax_rule_country',
    ['id', 'tax_rule_id', 'country_id', 'state_id', 'tax_id', 'position'],
    [
      [10, 10, 5, null, 10, 1],
      [11, 10, 13, null, 11, 1],
      [12, 10, 146, null, 12, 1],
      // rule 11 in Germany: eco fee 0.50 and a 5% levy on the net price (position 1), then 19% VAT on that total (position 2)
      [13, 11, 5, null, 13, 1],
      [14, 11, 5, null, 14, 1],
      [15, 11, 5, null, 10, 2],
      // rule 11 in Austria: a feature-based amount (unsupported), then 20%
      [16, 11, 13, null, 15, 1],
      [17, 11, 13, null, 11, 2],
    ],
  );

  // attributes and features
  sql += insert(
    'attribute',
    ['id', 'position'],
    [
      [10, 1],
      [11, 2],
    ],
  );
  sql += insert(
    'attribute_i18n',
    ['id', 'locale', 'title'],
    [
      [10, 'de_DE', 'Farbe'],
      [10, 'ro_RO', 'Culoare'],
      [11, 'de_DE', 'Größe'],
      [11, 'en_US', 'Size'],
    ],
    false,
  );
  sql += insert(
    'attribute_av',
    ['id', 'attribute_id', 'position'],
    [
      [10, 10, 1],
      [11, 10, 2],
      [12, 11, 1],
      [13, 11, 2],
    ],
  );
  sql += insert(
    'attribute_av_i18n',
    ['id', 'locale', 'title'],
    [
      [10, 'de_DE', 'Rot'],
      [10, 'ro_RO', 'Roșu'],
      [11, 'de_DE', 'Blau'],
      [12, 'de_DE', 'S'],
      [13, 'de_DE', 'M'],
    ],
    false,
  );
  sql += insert(
    'feature',
    ['id', 'visible', 'position'],
    [
      [10, 1, 1],
      [11, 1, 2],
      [12, 1, 3],
      [13, 0, 4],
    ],
  );
  sql += insert(
    'feature_i18n',
    ['id', 'locale', 'title'],
    [
      [10, 'de_DE', 'Material'],
      [10, 'ro_RO', 'Material RO'],
      [11, 'de_DE', 'Pflege'],
      [12, 'de_DE', 'Anlass'],
      [13, 'de_DE', 'Versteckt'],
    ],
    false,
  );
  sql += insert(
    'feature_av',
    ['id', 'feature_id', 'position'],
    [
      [10, 10, 1],
      [11, 11, 1],
      [12, 12, 1],
      [13, 12, 2],
      [14, 13, 1],
    ],
  );
  sql += insert(
    'feature_av_i18n',
    ['id', 'locale', 'title'],
    [
      [10, 'de_DE', 'Baumwolle'],
      [10, 'ro_RO', 'Bumbac'],
      [11, 'de_DE', 'Waschen bei 30 °C'], // free text, no ro_RO row: falls back
      [11, 'de_AT', null], // a row with NULL title: falls back too
      [12, 'de_DE', 'Freizeit'],
      [13, 'de_DE', 'Sport'],
      [14, 'de_DE', 'Versteckt'],
    ],
    false,
  );

  // brands
  sql += insert(
    'brand',
    ['id', 'visible', 'position', 'logo_image_id'],
    [
      [10, 1, 1, 10],
      [11, 0, 2, null],
    ],
  );
  sql += insert(
    'brand_i18n',
    ['id', 'locale', 'title', 'chapo'],
    [
      [10, 'de_DE', 'Acme', 'Seit 1950'],
      [11, 'de_DE', 'Versteckte Marke', null],
    ],
    false,
  );
  sql += images(layout, 'brand', [{ id: 10, owner: 10, file: 'acme-logo.png', visible: 1, position: 1, titles: { de_DE: 'Acme Logo' } }]);

  // categories: 10 Kleidung > 11 T-Shirts, 10 > 12 Archiv (hidden) > 13 Alter Sommer; 14 Zubehör; 15 orphan
  sql += insert(
    'category',
    ['id', 'parent', 'visible', 'position', 'default_template_id'],
    [
      [10, 0, 1, 1, null],
      [11, 10, 1, 1, null],
      [12, 10, 0, 2, null],
      [13, 12, 1, 1, null],
      [14, 0, 1, 2, null],
      [15, 999, 1, 3, null],
    ],
  );
  sql += insert(
    'category_i18n',
    ['id', 'locale', 'title', 'chapo', 'description', 'meta_title'],
    [
      [10, 'de_DE', 'Kleidung', 'Alles zum Anziehen', '<p>Kleidung</p>', 'Kleidung kaufen'],
      [10, 'de_AT', null, 'Gwand', null, null], // NULL title falls back to de_DE, chapo is its own
      [10, 'ro_RO', 'Îmbrăcăminte', '', null, null], // '' is a translation: no fallback for chapo
      [11, 'de_DE', 'T-Shirts', null, null, null],
      [12, 'de_DE', 'Archiv', null, null, null],
      [13, 'de_DE', 'Alter Sommer', null, null, null],
      [14, 'de_DE', 'Zubehör', null, null, null],
      [15, 'de_DE', 'Verwaist', null, null, null],
    ],
    false,
  );
  sql += images(layout, 'category', [{ id: 10, owner: 10, file: 'kleidung.jpg', visible: 1, position: 1, titles: {} }]);

  // products: 100 T-shirt (variants), 101 cap (promo, big price), 102 only in a hidden branch (rule 11),
  // 103 hidden, 104 no default variant, 105 no German translation
  sql += insert(
    'product',
    ['id', 'tax_rule_id', 'ref', 'visible', 'position', 'template_id', 'brand_id', 'virtual'],
    [
      [100, 10, 'TSHIRT', 1, 1, null, 10, 0],
      [101, 10, 'CAP', 1, 2, null, 11, 0],
      [102, 11, 'OLD-SUMMER', 1, 3, null, null, 0],
      [103, 10, 'HIDDEN', 0, 4, null, null, 0],
      [104, 10, 'NO-DEFAULT', 1, 5, null, null, 0],
      [105, 10, 'ENGLISH-ONLY', 1, 6, null, null, 0],
    ],
  );
  sql += insert(
    'product_i18n',
    ['id', 'locale', 'title', 'chapo', 'description', 'postscriptum', 'meta_title', 'meta_description', 'meta_keywords'],
    [
      [100, 'de_DE', 'Klassisches T-Shirt', 'Weiche Baumwolle', '<p>Unser Klassiker.</p>', 'Hergestellt in Portugal', 'T-Shirt | Acme', 'Ein weiches T-Shirt', 'tshirt'],
      [100, 'de_AT', null, '', null, null, null, null, null],
      [100, 'ro_RO', 'Tricou clasic', 'Bumbac moale', null, null, null, null, null],
      [101, 'de_DE', 'Goldene Kappe', null, null, null, null, null, null],
      [102, 'de_DE', 'Alter Sommer', null, null, null, null, null, null],
      [103, 'de_DE', 'Versteckt', null, null, null, null, null, null],
      [104, 'de_DE', 'Ohne Standard', null, null, null, null, null, null],
      [105, 'en_US', 'English only', null, null, null, null, null, null],
    ],
    false,
  );
  sql += insert(
    'product_category',
    ['product_id', 'category_id', 'default_category', 'position'],
    [
      [100, 11, 1, 2],
      [100, 10, 0, 7],
      [100, 14, 0, 1],
      [101, 14, 1, 2],
      [102, 13, 1, 1],
      [103, 11, 1, 3],
      [104, 11, 1, 4],
      [105, 11, 1, 5],
    ],
  );
  sql += insert(
    'product_sale_elements',
    ['id', 'product_id', 'ref', 'quantity', 'promo', 'newness', 'weight', 'is_default', 'ean_code'],
    [
      [1000, 100, 'TSHIRT-RED-S', 10, 0, 1, 0.2, 1, '4000000000011'],
      [1001, 100, 'TSHIRT-RED-M', 3.6, 1, 0, 0.2, 0, ''],
      [1002, 100, 'TSHIRT-BLUE-S', 0, 0, 0, 0.2, 0, null],
      [1003, 100, 'TSHIRT-NOPRICE', 1, 0, 0, 0.2, 0, null],
      [1010, 101, 'CAP', 2, 1, 0, 0.1, 1, null],
      [1020, 102, 'OLD-SUMMER', 1, 0, 0, 0, 1, null],
      [1030, 103, 'HIDDEN', 1, 0, 0, 0, 1, null],
      [1040, 104, 'NO-DEFAULT-A', 1, 0, 0, 0, 0, null],
      [1041, 104, 'NO-DEFAULT-B', 1, 0, 0, 0, 0, null],
      [1050, 105, 'ENGLISH-ONLY', 1, 0, 0, 0, 1, null],
    ],
  );
  sql += insert(
    'attribute_combination',
    ['attribute_id', 'attribute_av_id', 'product_sale_elements_id'],
    [
      [10, 10, 1000],
      [11, 12, 1000],
      [10, 10, 1001],
      [11, 13, 1001],
      [10, 11, 1002],
      [11, 12, 1002],
    ],
  );
  // EUR 1, USD 2, GBP 3, RON 100
  sql += insert(
    'product_price',
    ['product_sale_elements_id', 'currency_id', 'price', 'promo_price', 'from_default_currency'],
    [
      [1000, 1, '20.000000', '20.000000', 0],
      [1000, 2, '25.000000', '25.000000', 0], // explicit USD
      // no GBP row: 20 × 0.89
      [1000, 100, '1.000000', '1.000000', 1], // RON flagged from_default_currency: 1.00 is stale, 20 × 4.9735
      [1001, 1, '22.000000', '18.500000', 0],
      [1002, 1, '20.000000', '20.000000', 0],
      [1003, 2, '9.000000', '9.000000', 0], // no EUR price: this variant is left out
      [1010, 1, '12345.670000', '9999.990000', 0],
      [1020, 1, '100.000000', '100.000000', 0],
      [1030, 1, '1.000000', '1.000000', 0],
      [1040, 1, '1.000000', '1.000000', 0],
      [1041, 1, '1.000000', '1.000000', 0],
      [1050, 1, '1.000000', '1.000000', 0],
    ],
  );
  sql += insert(
    'feature_product',
    ['id', 'product_id', 'feature_id', 'feature_av_id', 'free_text_value', 'is_free_text', 'position'],
    [
      [10, 100, 10, 10, null, 0, 1],
      [11, 100, 11, 11, null, 1, 1], // free text (a private feature_av row)
      [12, 100, 12, 12, null, 0, 1], // two values for one feature
      [13, 100, 12, 13, null, 0, 2],
      [14, 100, 13, 14, null, 0, 1], // hidden feature
      [15, 101, 11, null, 'Nur Handwäsche', 1, 1], // legacy free text without feature_av
    ],
  );
  sql += images(layout, 'product', [
    { id: 100, owner: 100, file: 'tshirt-red.jpg', visible: 1, position: 1, titles: { de_DE: 'Rotes T-Shirt', ro_RO: 'Tricou roșu' }, files: { ro_RO: 'tshirt-red-ro.jpg' } },
    { id: 101, owner: 100, file: 'tshirt-blue.png', visible: 1, position: 2, titles: { de_DE: 'Blaues T-Shirt' } },
    { id: 102, owner: 100, file: 'tshirt-draft.jpg', visible: 0, position: 3, titles: {} },
    { id: 103, owner: 101, file: 'missing.jpg', visible: 1, position: 1, titles: {} },
  ]);
  sql += insert(
    'product_sale_elements_product_image',
    ['id', 'product_sale_elements_id', 'product_image_id'],
    [
      [10, 1002, 101],
      [11, 1000, 100],
    ],
    false,
  );
  sql += insert('product_document', ['id', 'product_id', 'file', 'visible', 'position'], [[100, 100, 'size-guide.pdf', 1, 1]]);
  sql += insert('product_document_i18n', ['id', 'locale', 'title'], [[100, 'de_DE', 'Größentabelle']], false);
  sql += insert(
    'accessory',
    ['id', 'product_id', 'accessory', 'position'],
    [
      [10, 100, 101, 1],
      [11, 100, 103, 2],
    ],
  );

  // folders and contents
  sql += insert(
    'folder',
    ['id', 'parent', 'visible', 'position'],
    [
      [10, 0, 1, 1],
      [11, 10, 0, 1],
    ],
  );
  sql += insert(
    'folder_i18n',
    ['id', 'locale', 'title'],
    [
      [10, 'de_DE', 'Information'],
      [11, 'de_DE', 'Intern'],
    ],
    false,
  );
  sql += insert(
    'content',
    ['id', 'visible', 'position'],
    [
      [200, 1, 1],
      [201, 0, 2],
    ],
  );
  sql += insert(
    'content_i18n',
    ['id', 'locale', 'title', 'postscriptum'],
    [
      [200, 'de_DE', 'Über uns', '{"brand_id":10}'],
      [201, 'de_DE', 'Entwurf', null],
    ],
    false,
  );
  sql += insert(
    'content_folder',
    ['content_id', 'folder_id', 'default_folder', 'position'],
    [
      [200, 10, 1, 1],
      [201, 10, 1, 2],
    ],
  );
  sql += insert(
    'product_associated_content',
    ['id', 'product_id', 'content_id', 'position'],
    [
      [10, 100, 200, 1],
      [11, 100, 201, 2],
    ],
  );
  sql += insert('category_associated_content', ['id', 'category_id', 'content_id', 'position'], [[10, 10, 200, 1]]);

  // friendly URLs
  sql += insert(
    'rewriting_url',
    ['id', 'url', 'view', 'view_id', 'view_locale', 'redirected'],
    [
      [1000, 'tshirt.html', 'product', '100', 'de_DE', 1001], // chain 1000 -> 1001 -> 1002
      [1001, 'klassisches-tee.html', 'product', '100', 'de_DE', 1002],
      [1002, 'klassisches-t-shirt.html', 'product', '100', 'de_DE', null],
      [1003, 'klassisches-t-shirt-at.html', 'product', '100', 'de_AT', null],
      [1004, 'tricou-clasic.html', 'product', '100', 'ro_RO', null],
      [1005, 'klassisches-t-shirt-rot-m.html', 'product', '100', 'de_DE', null], // variant URL (pse_id argument)
      [1006, 'kleidung.html', 'category', '10', 'de_DE', null],
      [1007, 'imbracaminte.html', 'category', '10', 'ro_RO', null],
      [1008, 'bekleidung.html', 'category', '10', 'de_DE', 1006],
      [1009, 'goldene-kappe.html', 'product', '101', 'de_DE', null],
      [1010, 'geloeschtes-produkt.html', 'product', '999', 'de_DE', null], // points at a deleted product
      [1011, 'alter-sommer-p102.html', 'obsolete-rewritten-url', '77', 'de_DE', null], // takes the URL the exporter would make for 102
      [1012, 'unsichtbar-alt.html', 'product', '103', 'de_DE', 1013], // hidden product: no redirect
      [1013, 'unsichtbar.html', 'product', '103', 'de_DE', null],
      [1014, 'acme.html', 'brand', '10', 'de_DE', null],
      [1015, 'ueber-uns.html', 'content', '200', 'de_DE', null],
      [1016, 'information.html', 'folder', '10', 'de_DE', null],
      [1017, 'caciula-aurie.html', 'product', '101', 'ro', null], // a 2-letter view_locale
      [1018, 'kappe-alt.html', 'product', '101', 'de_DE', 1009],
    ],
  );
  sql += insert('rewriting_argument', ['rewriting_url_id', 'parameter', 'value'], [[1005, 'pse_id', '1001']]);

  // a shop module's own tables (read by tests/export/fixture-module.ts)
  sql += `CREATE TABLE delivery_delay (pse_id INT PRIMARY KEY, min_days INT NOT NULL, max_days INT NOT NULL) ENGINE=InnoDB;\n`;
  sql += insert(
    'delivery_delay',
    ['pse_id', 'min_days', 'max_days'],
    [
      [1000, 1, 3],
      [1010, 5, 10],
    ],
    false,
  );
  sql += `CREATE TABLE fulfilment_center (id INT PRIMARY KEY, name VARCHAR(50) NOT NULL, country_id INT NOT NULL, delay_days INT NOT NULL) ENGINE=InnoDB;\n`;
  sql += insert(
    'fulfilment_center',
    ['id', 'name', 'country_id', 'delay_days'],
    [
      [1, 'Leipzig', 5, 0],
      [2, 'Bucharest', 146, 2],
    ],
    false,
  );
  sql += insert('meta_data', ['meta_key', 'element_key', 'element_id', 'is_serialized', 'value'], [['quantity_step', 'product', 101, 0, '2']]);

  sql += 'SET FOREIGN_KEY_CHECKS = 1;\n';
  return sql;
}

/** Writes Thelia's media folder for the catalog: images with known sizes, one file missing. */
export async function writeMedia(dir: string): Promise<void> {
  const image = async (path: string, width: number, height: number, format: 'jpeg' | 'png') => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      [format]()
      .toFile(join(dir, path));
  };
  await image('images/product/tshirt-red.jpg', 40, 30, 'jpeg');
  await image('images/product/tshirt-red-ro.jpg', 10, 10, 'jpeg');
  await image('images/product/tshirt-blue.png', 30, 40, 'png');
  await image('images/product/tshirt-draft.jpg', 5, 5, 'jpeg');
  await image('images/brand/acme-logo.png', 64, 32, 'png');
  await image('images/category/kleidung.jpg', 80, 20, 'jpeg');
  mkdirSync(join(dir, 'documents/product'), { recursive: true });
  writeFileSync(join(dir, 'documents/product/size-guide.pdf'), '%PDF-1.4\n% size guide\n');
  // images/product/missing.jpg is deliberately absent
}
