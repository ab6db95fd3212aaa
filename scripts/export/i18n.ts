/**
 * Thelia's i18n fallback, column by column.
 *
 * Front-office Thelia (ModelCriteriaTools) LEFT JOINs the row of the requested locale and the
 * row of the default language and takes, per column, the requested value unless it IS NULL.
 * An empty string is a translation (it does not fall back). An item with a row in neither
 * locale is left out; in strict mode (default_lang_without_translation = 0) an item without a
 * row in the requested locale is left out, and nothing falls back.
 */
import type { Locale, Texts } from '../../src/catalog/export-schema.ts';
import type { Db, Row } from './db.ts';
import type { Languages } from './languages.ts';

export type I18nRows = Map<number, Map<string, Row>>;

export const TEXT_COLUMNS = ['title', 'chapo', 'description', 'postscriptum', 'meta_title', 'meta_description', 'meta_keywords'] as const;

/** Loads the i18n rows of `ids` for the locales the export reads. */
export async function loadI18n(db: Db, table: string, ids: number[], langs: Languages, columns: readonly string[]): Promise<I18nRows> {
  const out: I18nRows = new Map();
  if (!ids.length) return out;
  const rows = await db.query(
    `SELECT id, locale, ${columns.map((c) => `\`${c}\``).join(', ')} FROM \`${table}\` WHERE id IN (?) AND locale IN (?)`,
    [ids, langs.theliaLocales],
    table,
  );
  for (const row of rows) {
    const id = Number(row.id);
    let byLocale = out.get(id);
    if (!byLocale) out.set(id, (byLocale = new Map()));
    byLocale.set(String(row.locale), row);
  }
  return out;
}

export type Localized<T> = { ok: true; value: Partial<Record<Locale, T>> } | { ok: false; missing: Locale[] };

/**
 * Applies the fallback for every export locale. `pick` receives the column reader of one
 * locale (requested value, else the default language's, else null) and builds the value.
 */
export function localize<T>(rows: Map<string, Row> | undefined, langs: Languages, pick: (col: (name: string) => string | null) => T): Localized<T> {
  const value: Partial<Record<Locale, T>> = {};
  const missing: Locale[] = [];
  for (const { locale, thelia } of langs.mappings) {
    const requested = rows?.get(thelia);
    const fallback = langs.strict ? undefined : rows?.get(langs.fallback);
    if (!requested && !fallback) {
      missing.push(locale);
      continue;
    }
    value[locale] = pick((name) => {
      const own = requested?.[name];
      if (own !== null && own !== undefined) return String(own);
      const other = fallback?.[name];
      return other !== null && other !== undefined ? String(other) : null;
    });
  }
  return missing.length ? { ok: false, missing } : { ok: true, value };
}

/** The catalog texts (Texts) of one item; `ok: false` lists the locales without a row or title. */
export function localizeTexts(rows: Map<string, Row> | undefined, langs: Languages, hasMeta = true): Localized<Texts> & { untitled?: Locale[] } {
  const result = localize(rows, langs, (col) => ({
    title: col('title') ?? '',
    chapo: col('chapo') ?? '',
    description: col('description') ?? '',
    postscriptum: col('postscriptum') ?? '',
    metaTitle: hasMeta ? (col('meta_title') ?? '') : '',
    metaDescription: hasMeta ? (col('meta_description') ?? '') : '',
    metaKeywords: hasMeta ? (col('meta_keywords') ?? '') : '',
  }));
  if (!result.ok) return result;
  const untitled = (Object.entries(result.value) as [Locale, Texts][]).filter(([, t]) => !t.title.trim()).map(([l]) => l);
  if (untitled.length) return { ok: false, missing: untitled, untitled };
  return result;
}

/** A LocalizedString from one column, with the fallback; locales where it stays null are left out. */
export function localizeString(rows: Map<string, Row> | undefined, langs: Languages, column = 'title'): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const { locale, thelia } of langs.mappings) {
    const requested = rows?.get(thelia)?.[column];
    const fallback = langs.strict ? undefined : rows?.get(langs.fallback)?.[column];
    const text = requested ?? fallback;
    if (text !== null && text !== undefined) out[locale] = String(text);
  }
  return out;
}

/** Why an item was left out, in words. */
export function describeMissing(result: { missing: Locale[]; untitled?: Locale[] }, langs: Languages): string {
  if (result.untitled) return `it has no title in ${result.untitled.join(', ')} (nor in the default language ${langs.fallback})`;
  const which = result.missing
    .map((l) => {
      const thelia = langs.mappings.find((m) => m.locale === l)!.thelia;
      return thelia === l ? l : `${l} (Thelia ${thelia})`;
    })
    .join(', ');
  return langs.strict
    ? `it is not translated in ${which}, and Thelia is in strict mode (default_lang_without_translation = 0)`
    : `it has no translation in ${which} nor in the default language ${langs.fallback}`;
}
