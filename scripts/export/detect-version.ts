/**
 * Tells which Thelia schema the database holds, and refuses anything but 2.5.x and 2.6.x.
 *
 * The version comes from config `thelia_version` (not `thelia_release_version`, which the 2.5.5
 * seed gets wrong). The layout that matters to the exporter is read from information_schema,
 * not inferred from the version: 2.6.1 moved the image `file` column from `*_image` to
 * `*_image_i18n` (2.6.0 still has it on `*_image`), and renamed the `store_*` settings to
 * `store_*_<locale>`.
 */
import type { Db } from './db.ts';
import { EXIT, ExportFailure } from './errors.ts';

export const SUPPORTED = ['2.5', '2.6'] as const;

/** Tables every Thelia 2.5/2.6 database has and the exporter reads. */
export const REQUIRED_TABLES = [
  'config',
  'lang',
  'currency',
  'country',
  'country_i18n',
  'tax',
  'tax_rule',
  'tax_rule_country',
  'category',
  'category_i18n',
  'product',
  'product_i18n',
  'product_category',
  'product_sale_elements',
  'product_price',
  'attribute_combination',
  'feature_product',
  'rewriting_url',
  'rewriting_argument',
  'brand',
  'folder',
  'content',
  'content_folder',
  'product_image',
  'product_document',
] as const;

export const MEDIA_TYPES = ['product', 'category', 'folder', 'content', 'brand'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface Schema {
  /** e.g. "2.5.5" */
  version: string;
  /** "2.5" or "2.6" */
  branch: (typeof SUPPORTED)[number];
  /** Where the `file` column of each image/document table lives. */
  fileColumn: Record<`${MediaType}_${'image' | 'document'}`, 'base' | 'i18n'>;
  /** True when `store_*` settings carry a locale suffix (2.6.1+). */
  localizedStoreSettings: boolean;
  /** config values the exporter uses. */
  config: Map<string, string>;
  /** The shop name, for the manifest's description (may be empty). */
  storeName: string;
}

export async function detectSchema(db: Db): Promise<Schema> {
  const tables = await db.query<{ name: string }>('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()', [], 'the list of tables');
  const present = new Set(tables.map((t) => t.name.toLowerCase()));
  const missing = REQUIRED_TABLES.filter((t) => !present.has(t));
  if (missing.length === REQUIRED_TABLES.length) {
    throw new ExportFailure(
      `not a Thelia database: "${db.target.database}" has none of Thelia's tables (${present.size} other tables)`,
      EXIT.notThelia,
      'check the database name in --db, and that the user can see its tables',
    );
  }
  if (missing.length) {
    throw new ExportFailure(
      `not a Thelia database, or an incomplete one: "${db.target.database}" lacks the tables ${missing.join(', ')}`,
      EXIT.notThelia,
      'check the database name in --db, and that the user has SELECT on every table',
    );
  }

  const configRows = await db.query<{ name: string; value: string | null }>('SELECT name, value FROM config', [], 'the config table');
  const config = new Map(configRows.map((r) => [r.name, r.value ?? '']));
  const version = (config.get('thelia_version') ?? '').trim();
  if (!version) {
    throw new ExportFailure('not a Thelia database: config has no thelia_version', EXIT.notThelia);
  }
  const branch = SUPPORTED.find((b) => version === b || version.startsWith(b + '.'));
  if (!branch) {
    throw new ExportFailure(
      `unsupported Thelia version ${version} (supported: ${SUPPORTED.join(', ')})`,
      EXIT.notThelia,
      'the exporter reads Thelia 2.5.x and 2.6.x schemas; update Thelia, or extend scripts/export/detect-version.ts after checking the schema changes',
    );
  }

  const columns = await db.query<{ t: string; c: string }>(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME = 'file'`,
    [],
    'the columns of the image and document tables',
  );
  const withFile = new Set(columns.map((r) => r.t.toLowerCase()));
  const fileColumn = {} as Schema['fileColumn'];
  const wrong: string[] = [];
  for (const type of MEDIA_TYPES) {
    for (const kind of ['image', 'document'] as const) {
      const table = `${type}_${kind}`;
      if (withFile.has(table)) fileColumn[`${type}_${kind}`] = 'base';
      else if (withFile.has(`${table}_i18n`)) fileColumn[`${type}_${kind}`] = 'i18n';
      else wrong.push(table);
    }
  }
  if (wrong.length) {
    throw new ExportFailure(`wrong schema for Thelia ${version}: no "file" column on ${wrong.join(', ')} nor on their _i18n tables`, EXIT.notThelia);
  }
  if (branch === '2.5' && fileColumn.product_image === 'i18n') {
    throw new ExportFailure(
      `wrong schema: config says Thelia ${version}, but image files are on the _i18n tables as in 2.6.1+ (was an update script run halfway?)`,
      EXIT.notThelia,
    );
  }

  const localizedStoreSettings = [...config.keys()].some((k) => /^store_name_[a-z]{2}_[A-Z]{2}$/.test(k));
  return { version, branch, fileColumn, localizedStoreSettings, config, storeName: '' };
}

/** The store name in a locale: `store_name_<locale>` (2.6.1+) or `store_name` (before). */
export function storeSetting(schema: Schema, name: string, locale: string): string {
  if (schema.localizedStoreSettings) {
    const own = schema.config.get(`${name}_${locale}`);
    if (own) return own;
    for (const [key, value] of schema.config) if (key.startsWith(`${name}_`) && /_[a-z]{2}_[A-Z]{2}$/.test(key) && value) return value;
    return '';
  }
  return schema.config.get(name) ?? '';
}
