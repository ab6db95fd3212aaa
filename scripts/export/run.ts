/**
 * The Thelia exporter: reads a Thelia 2.5/2.6 database read-only and writes the export format
 * (src/catalog/export-schema.ts) through the atomic writer, so that a failed export leaves the
 * previous one in place.
 */
import type { FulfilmentCenter, Locale } from '../../src/catalog/export-schema.ts';
import { InvalidRecordError, createExportWriter } from '../../src/catalog/write-export.ts';
import { connect, describeTarget, type Db } from './db.ts';
import { detectSchema, storeSetting } from './detect-version.ts';
import { parseOffset } from './dates.ts';
import { EXIT, ExportFailure } from './errors.ts';
import { brands, categories, contents, folders, type EntityContext } from './entities.ts';
import { DEFAULT_LOCALES, parseLocales, resolveLanguages } from './languages.ts';
import { createMedia, type MediaOptions } from './media.ts';
import { loadModule, runHook, type ExportModule, type ModuleContext } from './modules.ts';
import { loadCountries } from './countries.ts';
import { loadCurrencies } from './prices.ts';
import { countProducts, productPages, type AttributeKind } from './products.ts';
import { createReporter, type Reporter } from './progress.ts';
import { loadTaxRules } from './taxes.ts';
import { redirects, type RedirectStats } from './urls.ts';

export interface ExportOptions {
  /** mysql://user:password@host:port/database */
  db: string;
  out: string;
  media?: MediaOptions;
  /** e.g. "de_DE,de_AT=de_DE,ro_RO" */
  locales?: string;
  /** Module files (--module). */
  modules?: string[];
  /** UTC offset of Thelia's DATETIME values. */
  timezone?: string;
  attributeKinds?: Map<number, AttributeKind>;
  pageSize?: number;
  report?: Reporter;
  signal?: AbortSignal;
}

export interface ExportSummary {
  dir: string;
  theliaVersion: string;
  counts: Record<string, number>;
  skippedProducts: number;
  redirects: RedirectStats;
  media: { images: number; documents: number; copied: number; missing: number };
  warnings: Record<string, number>;
  hiddenCategoryProducts: number;
  seconds: number;
}

export async function runExport(options: ExportOptions): Promise<ExportSummary> {
  const started = Date.now();
  const report = options.report ?? createReporter();
  const pageSize = options.pageSize ?? 500;
  const mappings = parseLocales(options.locales ?? DEFAULT_LOCALES);
  let offset: string;
  try {
    offset = parseOffset(options.timezone);
  } catch (error) {
    throw new ExportFailure(`--timezone: ${(error as Error).message}`, EXIT.usage);
  }
  const modules: ExportModule[] = [];
  for (const file of options.modules ?? []) modules.push(await loadModule(file));
  const checkAbort = () => {
    if (options.signal?.aborted) throw new ExportFailure('interrupted: the export was stopped; the previous export is unchanged', EXIT.interrupted);
  };

  const db: Db = await connect(options.db);
  try {
    const schema = await detectSchema(db);
    const langs = await resolveLanguages(db, mappings, schema.config);
    report.info(
      `Thelia ${schema.version} at ${describeTarget(db.target)}; locales ${mappings.map((m) => (m.locale === m.thelia ? m.locale : `${m.locale}<-${m.thelia}`)).join(', ')}; ` +
        (langs.strict ? 'strict mode (no fallback)' : `fallback ${langs.fallback}`),
    );

    const writer = await createExportWriter(options.out);
    try {
      const media = createMedia(db, schema, langs, writer.dir, options.media ?? {}, report);
      if (media.mode === 'none') report.warn('media', 'neither --media nor --media-url was given: images and documents are not exported');
      const notExported = new Set<string>();
      const exportTime = new Date().toISOString();
      const moduleCtx = (module: ExportModule): ModuleContext => ({
        query: (sql, params) => db.query(sql, params, `module "${module.name}"`),
        tableExists: async (name) =>
          (await db.query('SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [name], 'information_schema')).length > 0,
        languages: langs,
        warn: (message) => report.warn(`module:${module.name}`, `${module.name}: ${message}`),
        info: (message) => report.info(`${module.name}: ${message}`),
      });

      // catalog-wide documents
      const currencies = await loadCurrencies(db, report);
      await writer.document('currencies', currencies.documents);
      const countries = await loadCountries(db, langs, report);
      await writer.document('countries', countries);
      const taxes = await loadTaxRules(db, langs, new Set(countries.map((c) => c.id)), report);
      await writer.document('taxRules', taxes.rules);
      const centers: FulfilmentCenter[] = [];
      for (const module of modules) {
        if (module.fulfilmentCenters) centers.push(...(await runHook(module, 'fulfilmentCenters', () => module.fulfilmentCenters!(moduleCtx(module)))));
      }
      if (centers.length) await writer.document('fulfilmentCenters', centers);
      report.info(`${currencies.documents.length} currencies, ${countries.length} countries, ${taxes.rules.length} tax rules`);

      // categories, brands, folders, contents
      const ctx: EntityContext = { db, langs, media, report, offset, pageSize, notExported };
      const categoryIds = new Set<number>();
      const hiddenBranch = new Set<number>();
      for await (const c of categories(ctx, categoryIds, hiddenBranch)) await writer.write('categories', c);
      report.done('categories', categoryIds.size, `exported (${hiddenBranch.size} in hidden branches)`);
      const brandIds = new Set<number>();
      for await (const b of brands(ctx, brandIds)) await writer.write('brands', b);
      const folderIds = new Set<number>();
      for await (const f of folders(ctx, folderIds)) await writer.write('folders', f);
      let contentCount = 0;
      for await (const c of contents(ctx, folderIds)) {
        await writer.write('contents', c);
        contentCount++;
      }
      report.info(`${brandIds.size} brands, ${folderIds.size} folders, ${contentCount} contents`);
      checkAbort();

      // products, page by page
      const total = await countProducts(db);
      let done = 0;
      let written = 0;
      let hiddenCategoryProducts = 0;
      report.progress('products', 0, total);
      for await (const page of productPages({
        db,
        langs,
        currencies,
        media,
        report,
        offset,
        pageSize,
        exportTime,
        categoryIds,
        brandIds,
        taxRuleIds: new Set(taxes.rules.map((r) => r.id)),
        defaultTaxRuleId: taxes.defaultId,
        attributeKinds: options.attributeKinds ?? new Map(),
        notExported,
      })) {
        for (const module of modules) {
          if (module.products) await runHook(module, 'products', () => module.products!(moduleCtx(module), page));
        }
        for (const product of page) {
          await writer.write('products', product);
          written++;
          if (product.categories.every((c) => hiddenBranch.has(c.id))) hiddenCategoryProducts++;
        }
        done = Math.min(total, done + pageSize);
        report.progress('products', Math.max(done, written), total);
        checkAbort();
      }
      report.done('products', written, `exported of ${total} visible`);

      // redirects (and the check of every URL row)
      const stats: RedirectStats = { redirects: 0, deleted: 0, obsolete: 0, notExported: 0, otherViews: 0 };
      for await (const r of redirects(db, langs, notExported, report, stats)) {
        await writer.write('redirects', r);
        if (stats.redirects % 1000 === 0) {
          report.progress('redirects', stats.redirects, 0);
          checkAbort();
        }
      }
      report.done('redirects', stats.redirects, 'exported');
      checkAbort();

      const defaultCode = currencies.default.code;
      const storeName = storeSetting(schema, 'store_name', langs.fallback);
      const dir = await writer.commit({
        generatedAt: new Date().toISOString(),
        source: {
          kind: 'thelia',
          // nothing about the database server: the manifest travels with the export
          description: `Thelia ${schema.version}${storeName ? ` "${storeName}"` : ''}`,
          theliaVersion: schema.version,
        },
        locales: mappings.map((m) => m.locale) as Locale[],
        defaultLocale: langs.defaultLocale,
        defaultCurrency: defaultCode,
      });
      return {
        dir,
        theliaVersion: schema.version,
        counts: { products: written, categories: categoryIds.size, brands: brandIds.size, folders: folderIds.size, contents: contentCount, redirects: stats.redirects },
        skippedProducts: total - written,
        redirects: stats,
        media: media.stats,
        warnings: Object.fromEntries(report.warnings()),
        hiddenCategoryProducts,
        seconds: (Date.now() - started) / 1000,
      };
    } catch (error) {
      await writer.abort();
      if (error instanceof InvalidRecordError) {
        throw new ExportFailure(
          `the exporter produced a record the export schema rejects (a module set an invalid value, or the exporter met data it does not handle): ${error.message}`,
          EXIT.failed,
        );
      }
      throw error;
    }
  } finally {
    await db.close();
  }
}
