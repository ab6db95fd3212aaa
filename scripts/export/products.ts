/**
 * Products with their variants, in pages of `pageSize` visible products (keyset on id): every
 * sub-row (texts, categories, variants, prices, attributes, features, images, documents,
 * accessories, contents, URLs) is read for one page at a time, so memory stays flat.
 *
 * Left out, with a warning naming id and ref:
 * - a product without a default variant (no PSE with is_default = 1);
 * - a product whose default variant has no price in the default currency;
 * - a product without texts in an export locale (see i18n.ts);
 * - a product in no exported category.
 * A non-default variant without a default-currency price is left out alone.
 */
import type { AttributeValue, FeatureValue, Locale } from '../../src/catalog/export-schema.ts';
import { chunks, type Db } from './db.ts';
import { toIso } from './dates.ts';
import { TEXT_COLUMNS, describeMissing, loadI18n, localizeString, localizeTexts } from './i18n.ts';
import type { Languages } from './languages.ts';
import { strip, type Media } from './media.ts';
import type { ProductDraft } from './modules.ts';
import { variantPrices, type Currencies, type PriceRow } from './prices.ts';
import type { Reporter } from './progress.ts';
import { loadCurrentUrls, resolveUrls, variantUrl } from './urls.ts';

export type AttributeKind = AttributeValue['kind'];

export interface ProductContext {
  db: Db;
  langs: Languages;
  currencies: Currencies;
  media: Media;
  report: Reporter;
  offset: string;
  pageSize: number;
  exportTime: string;
  categoryIds: Set<number>;
  brandIds: Set<number>;
  taxRuleIds: Set<number>;
  defaultTaxRuleId: number | null;
  /** Attribute id -> kind, from --attribute-kind; others are guessed from their titles. */
  attributeKinds: Map<number, AttributeKind>;
  notExported: Set<string>;
}

const COLOR_WORDS = ['colour', 'color', 'farbe', 'culoare', 'couleur', 'colore'];
const SIZE_WORDS = ['size', 'größe', 'grösse', 'groesse', 'mărime', 'marime', 'taille', 'talla', 'taglia', 'dimensiune'];

export function guessKind(titles: string[]): AttributeKind {
  const text = titles.join(' ').toLowerCase();
  if (COLOR_WORDS.some((w) => text.includes(w))) return 'color';
  if (SIZE_WORDS.some((w) => text.includes(w))) return 'size';
  return 'other';
}

interface Catalogs {
  attributes: Map<number, { position: number; kind: AttributeKind; title: Partial<Record<Locale, string>> }>;
  features: Map<number, { position: number; title: Partial<Record<Locale, string>> }>;
}

/** Attributes and features are few (they are the catalog's vocabulary): read them once. */
async function loadCatalogs(ctx: ProductContext): Promise<Catalogs> {
  const attributes: Catalogs['attributes'] = new Map();
  const attrRows = await ctx.db.query<{ id: number; position: number | null }>('SELECT id, position FROM attribute', [], 'the attributes');
  const attrI18n = await loadI18n(
    ctx.db,
    'attribute_i18n',
    attrRows.map((r) => Number(r.id)),
    ctx.langs,
    ['title'],
  );
  const allTitles = await ctx.db.query<{ id: number; title: string | null }>('SELECT id, title FROM attribute_i18n WHERE title IS NOT NULL', [], 'attribute_i18n');
  for (const row of attrRows) {
    const id = Number(row.id);
    const kind = ctx.attributeKinds.get(id) ?? guessKind(allTitles.filter((t) => Number(t.id) === id).map((t) => String(t.title)));
    attributes.set(id, { position: Number(row.position ?? 0), kind, title: localizeString(attrI18n.get(id), ctx.langs) });
  }
  const features: Catalogs['features'] = new Map();
  const featRows = await ctx.db.query<{ id: number; position: number | null }>('SELECT id, position FROM feature WHERE visible = 1', [], 'the features');
  const featI18n = await loadI18n(
    ctx.db,
    'feature_i18n',
    featRows.map((r) => Number(r.id)),
    ctx.langs,
    ['title'],
  );
  for (const row of featRows) {
    features.set(Number(row.id), { position: Number(row.position ?? 0), title: localizeString(featI18n.get(Number(row.id)), ctx.langs) });
  }
  return { attributes, features };
}

function group<T>(rows: T[], key: keyof T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = Number(row[key]);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Runs an IN query over large id lists in chunks. */
async function inChunks<T>(db: Db, sql: string, ids: number[], what: string, size = 2000): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunks(ids, size)) out.push(...(await db.query<T>(sql, [part], what)));
  return out;
}

interface ProductRow {
  id: number;
  ref: string;
  tax_rule_id: number | null;
  brand_id: number | null;
  virtual: number;
  created_at: string | null;
  updated_at: string | null;
}

interface PseRow {
  id: number;
  product_id: number;
  ref: string;
  quantity: number;
  promo: number | null;
  newness: number | null;
  weight: number | null;
  is_default: number | null;
  ean_code: string | null;
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM product WHERE visible = 1', [], 'the products');
  return Number(row?.n ?? 0);
}

/** Yields the drafts of each page of products (before module hooks and validation). */
export async function* productPages(ctx: ProductContext): AsyncGenerator<ProductDraft[]> {
  const { db, langs, report } = ctx;
  const catalogs = await loadCatalogs(ctx);
  let after = 0;
  for (;;) {
    const rows = await db.query<ProductRow>(
      'SELECT id, ref, tax_rule_id, brand_id, `virtual`, created_at, updated_at FROM product WHERE visible = 1 AND id > ? ORDER BY id LIMIT ?',
      [after, ctx.pageSize],
      'the products',
    );
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    const ids = rows.map((r) => Number(r.id));

    const i18n = await loadI18n(db, 'product_i18n', ids, langs, TEXT_COLUMNS);
    const categories = group(
      await db.query<{ product_id: number; category_id: number; default_category: number | null; position: number }>(
        'SELECT product_id, category_id, default_category, position FROM product_category WHERE product_id IN (?) ORDER BY product_id, default_category DESC, category_id',
        [ids],
        'the product categories',
      ),
      'product_id',
    );
    const pseRows = await db.query<PseRow>(
      'SELECT id, product_id, ref, quantity, promo, newness, weight, is_default, ean_code FROM product_sale_elements WHERE product_id IN (?) ORDER BY product_id, id',
      [ids],
      'the variants (product_sale_elements)',
    );
    const pses = group(pseRows, 'product_id');
    const pseIds = pseRows.map((r) => Number(r.id));
    const prices = group(
      await inChunks<PriceRow>(
        db,
        'SELECT product_sale_elements_id, currency_id, price, promo_price, from_default_currency FROM product_price WHERE product_sale_elements_id IN (?)',
        pseIds,
        'the prices (product_price)',
      ),
      'product_sale_elements_id',
    );
    const combos = await inChunks<{ pse: number; attribute_id: number; attribute_av_id: number; av_position: number | null }>(
      db,
      `SELECT ac.product_sale_elements_id AS pse, ac.attribute_id, ac.attribute_av_id, av.position AS av_position
       FROM attribute_combination ac JOIN attribute_av av ON av.id = ac.attribute_av_id
       WHERE ac.product_sale_elements_id IN (?)`,
      pseIds,
      'the attribute combinations',
    );
    const avI18n = await loadI18n(db, 'attribute_av_i18n', [...new Set(combos.map((c) => Number(c.attribute_av_id)))], langs, ['title']);
    const combosByPse = group(combos, 'pse');
    const pseImages = group(
      await inChunks<{ pse: number; image: number }>(
        db,
        'SELECT product_sale_elements_id AS pse, product_image_id AS image FROM product_sale_elements_product_image WHERE product_sale_elements_id IN (?) ORDER BY id',
        pseIds,
        'the variant images',
      ),
      'pse',
    );
    const featureRows = await db.query<{ product_id: number; feature_id: number; feature_av_id: number | null; is_free_text: number; free_text_value: string | null }>(
      `SELECT fp.product_id, fp.feature_id, fp.feature_av_id, fp.is_free_text, fp.free_text_value
       FROM feature_product fp JOIN feature f ON f.id = fp.feature_id AND f.visible = 1
       WHERE fp.product_id IN (?) ORDER BY fp.product_id, f.position, f.id, fp.position, fp.id`,
      [ids],
      'the product features',
    );
    const featureAvI18n = await loadI18n(db, 'feature_av_i18n', [...new Set(featureRows.filter((f) => f.feature_av_id !== null).map((f) => Number(f.feature_av_id)))], langs, [
      'title',
    ]);
    const features = group(featureRows, 'product_id');
    const images = await ctx.media.images('product', ids);
    const documents = await ctx.media.documents('product', ids);
    const accessories = group(
      await db.query<{ product_id: number; accessory: number }>(
        `SELECT a.product_id, a.accessory FROM accessory a JOIN product x ON x.id = a.accessory AND x.visible = 1
         WHERE a.product_id IN (?) ORDER BY a.product_id, a.position, a.id`,
        [ids],
        'the accessories',
      ),
      'product_id',
    );
    const contents = group(
      await db.query<{ product_id: number; content_id: number }>(
        `SELECT pac.product_id, pac.content_id FROM product_associated_content pac JOIN content c ON c.id = pac.content_id AND c.visible = 1
         WHERE pac.product_id IN (?) ORDER BY pac.product_id, pac.position, pac.id`,
        [ids],
        'the associated contents',
      ),
      'product_id',
    );
    const urlSets = await loadCurrentUrls(db, 'product', ids, langs, report);

    const drafts: ProductDraft[] = [];
    for (const row of rows) {
      const id = Number(row.id);
      const name = `product ${id} (${row.ref})`;
      const skip = (kind: string, why: string) => {
        report.warn(kind, `${name} is left out: ${why}`);
        ctx.notExported.add(`product:${id}`);
      };

      const texts = localizeTexts(i18n.get(id), langs);
      if (!texts.ok) {
        skip('untranslated', describeMissing(texts, langs));
        continue;
      }

      const cats = (categories.get(id) ?? []).filter((c) => ctx.categoryIds.has(Number(c.category_id)));
      if (!cats.length) {
        skip('no-category', (categories.get(id) ?? []).length ? 'none of its categories is exported' : 'it is in no category');
        continue;
      }
      let hasDefault = false;
      const productCategories = cats.map((c) => {
        const isDefault = !hasDefault && Number(c.default_category) === 1;
        hasDefault ||= isDefault;
        return { id: Number(c.category_id), default: isDefault, position: Number(c.position) };
      });
      if (!hasDefault) {
        productCategories[0]!.default = true;
        report.warn('default-category', `${name} has no default category among its exported ones: category ${productCategories[0]!.id} is used`);
      }

      let taxRuleId = row.tax_rule_id === null ? null : Number(row.tax_rule_id);
      if (taxRuleId === null || !ctx.taxRuleIds.has(taxRuleId)) {
        if (ctx.defaultTaxRuleId === null) {
          skip('tax-rule', `its tax rule ${taxRuleId ?? '(none)'} does not exist and Thelia has no default tax rule`);
          continue;
        }
        report.warn('tax-rule', `${name} has ${taxRuleId === null ? 'no tax rule' : `an unknown tax rule ${taxRuleId}`}: the default tax rule ${ctx.defaultTaxRuleId} is used`);
        taxRuleId = ctx.defaultTaxRuleId;
      }

      const variantRows = pses.get(id) ?? [];
      const defaults = variantRows.filter((v) => Number(v.is_default) === 1);
      if (!defaults.length) {
        skip(
          'no-default-variant',
          variantRows.length ? `it has no default variant (none of its ${variantRows.length} PSEs has is_default = 1)` : 'it has no variant (no product_sale_elements row)',
        );
        continue;
      }
      if (defaults.length > 1) report.warn('default-variant', `${name} has ${defaults.length} default variants: PSE ${defaults[0]!.id} is used as the default`);
      const defaultPse = Number(defaults[0]!.id);

      const productImages = images.get(id) ?? [];
      const imageIds = new Set(productImages.map((i) => i.id));
      const urlSet = urlSets.get(id);
      const variants: ProductDraft['variants'] = [];
      let defaultMissing: string | null = null;
      for (const pse of variantRows) {
        const pseId = Number(pse.id);
        const priced = variantPrices(prices.get(pseId) ?? [], ctx.currencies);
        if (!priced.ok) {
          if (pseId === defaultPse) defaultMissing = priced.reason;
          else report.warn('variant-price', `${name}: variant ${pseId} (${pse.ref}) is left out: ${priced.reason}`);
          continue;
        }
        const attributes = (combosByPse.get(pseId) ?? [])
          .map((c): AttributeValue | null => {
            const attribute = catalogs.attributes.get(Number(c.attribute_id));
            if (!attribute) return null;
            return {
              attributeId: Number(c.attribute_id),
              kind: attribute.kind,
              attribute: attribute.title,
              valueId: Number(c.attribute_av_id),
              value: localizeString(avI18n.get(Number(c.attribute_av_id)), langs),
              position: attribute.position,
            };
          })
          .filter((a): a is AttributeValue => a !== null)
          .sort((a, b) => a.position - b.position || a.attributeId - b.attributeId);
        const ean = (pse.ean_code ?? '').trim();
        variants.push({
          id: pseId,
          ref: pse.ref,
          ean: ean || null,
          isDefault: pseId === defaultPse,
          quantity: Math.round(Number(pse.quantity) || 0),
          weight: Math.max(0, Math.round(Number(pse.weight ?? 0) * 1e6) / 1e6),
          promo: Number(pse.promo) === 1,
          newness: Number(pse.newness) === 1,
          prices: priced.prices,
          attributes,
          images: (pseImages.get(pseId) ?? []).map((l) => Number(l.image)).filter((i) => imageIds.has(i)),
          url: variantUrl(urlSet, pseId, langs),
        });
      }
      if (defaultMissing) {
        skip('no-default-variant', `its default variant ${defaultPse} has ${defaultMissing}`);
        continue;
      }

      const productFeatures: FeatureValue[] = [];
      for (const f of features.get(id) ?? []) {
        const feature = catalogs.features.get(Number(f.feature_id));
        if (!feature) continue;
        let value: FeatureValue['values'][number] | null = null;
        if (f.feature_av_id !== null) {
          const title = localizeString(featureAvI18n.get(Number(f.feature_av_id)), langs);
          const free = Number(f.is_free_text) === 1;
          if (Object.keys(title).length) value = { id: free ? null : Number(f.feature_av_id), freeText: free, title };
        } else if (f.free_text_value) {
          // legacy free text (before feature_av rows held it): the same text in every locale
          value = { id: null, freeText: true, title: Object.fromEntries(langs.mappings.map((m) => [m.locale, String(f.free_text_value)])) };
        }
        if (!value) continue;
        const last = productFeatures[productFeatures.length - 1];
        if (last && last.featureId === Number(f.feature_id)) last.values.push(value);
        else productFeatures.push({ featureId: Number(f.feature_id), position: feature.position, title: feature.title, values: [value] });
      }

      const created = toIso(row.created_at, ctx.offset) ?? toIso(row.updated_at, ctx.offset) ?? ctx.exportTime;
      drafts.push({
        id,
        ref: row.ref,
        brandId: row.brand_id !== null && ctx.brandIds.has(Number(row.brand_id)) ? Number(row.brand_id) : null,
        taxRuleId,
        virtual: Number(row.virtual) === 1,
        categories: productCategories,
        i18n: texts.value,
        url: {},
        variants,
        features: productFeatures,
        images: strip(productImages),
        documents: strip(documents.get(id)),
        accessories: [...new Set((accessories.get(id) ?? []).map((a) => Number(a.accessory)).filter((a) => a !== id))],
        contents: [...new Set((contents.get(id) ?? []).map((c) => Number(c.content_id)))],
        createdAt: created,
        updatedAt: toIso(row.updated_at, ctx.offset) ?? created,
        module: {},
      });
    }

    const resolved = await resolveUrls(
      db,
      drafts.map((d) => ({
        view: 'product' as const,
        id: d.id,
        set: urlSets.get(d.id),
        titles: Object.fromEntries(Object.entries(d.i18n).map(([l, t]) => [l, t?.title ?? ''])) as Partial<Record<Locale, string>>,
      })),
      langs,
      report,
    );
    drafts.forEach((d, i) => (d.url = resolved[i]!));
    yield drafts;
  }
}
