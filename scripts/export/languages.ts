/**
 * Maps the export's locales (the shops: de_DE, de_AT, ro_RO) to Thelia languages.
 *
 * A Thelia language serves a shop when it is `active = 1 AND visible = 1`. By default each
 * export locale reads the Thelia language of the same locale; `--locales de_AT=de_DE` makes an
 * export locale read another Thelia language (a shop whose Thelia has one German only).
 * Thelia's fallback language is its `by_default` language, used when config
 * `default_lang_without_translation` is 1 (the default); 0 is strict mode.
 */
import { LOCALES, type Locale } from '../../src/catalog/export-schema.ts';
import type { Db } from './db.ts';
import { EXIT, ExportFailure } from './errors.ts';

export interface LocaleMapping {
  /** The export's locale (a shop). */
  locale: Locale;
  /** The Thelia language it reads. */
  thelia: string;
}

export interface Languages {
  mappings: LocaleMapping[];
  /** Thelia's by_default language: the fallback of every column in fallback mode. */
  fallback: string;
  /** true when default_lang_without_translation = 0: no fallback, untranslated items are left out. */
  strict: boolean;
  /** The manifest's default locale. */
  defaultLocale: Locale;
  /** Every Thelia locale the exporter reads (mapped ones + the fallback). */
  theliaLocales: string[];
  /** lang.code -> locale, for rewriting_url rows whose view_locale is a 2-letter code. */
  codes: Map<string, string>;
}

export const DEFAULT_LOCALES = 'de_DE,de_AT,ro_RO';

export function parseLocales(spec: string): LocaleMapping[] {
  const mappings: LocaleMapping[] = [];
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [locale, thelia = locale] = part.split('=').map((s) => s.trim());
    if (!(LOCALES as readonly string[]).includes(locale!)) {
      throw new ExportFailure(`--locales: "${locale}" is not a locale of the export (one of ${LOCALES.join(', ')})`, EXIT.usage);
    }
    if (!/^[a-z]{2}_[A-Z]{2}$/.test(thelia!)) throw new ExportFailure(`--locales: "${thelia}" is not a Thelia locale such as de_DE`, EXIT.usage);
    if (mappings.some((m) => m.locale === locale)) throw new ExportFailure(`--locales: ${locale} is given twice`, EXIT.usage);
    mappings.push({ locale: locale as Locale, thelia: thelia! });
  }
  if (!mappings.length) throw new ExportFailure('--locales is empty', EXIT.usage);
  return mappings;
}

interface LangRow {
  id: number;
  code: string | null;
  locale: string;
  title: string | null;
  active: number;
  visible: number;
  by_default: number;
}

export async function resolveLanguages(db: Db, mappings: LocaleMapping[], config: Map<string, string>): Promise<Languages> {
  const langs = await db.query<LangRow>('SELECT id, code, locale, title, active, visible, by_default FROM lang ORDER BY position, id', [], 'the languages (lang)');
  const served = langs.filter((l) => Number(l.active) === 1 && Number(l.visible) === 1);
  const missing = mappings.filter((m) => !served.some((l) => l.locale === m.thelia));
  if (missing.length) {
    const describe = (l: LangRow) => `${l.locale}${l.title ? ` (${l.title})` : ''}`;
    const inactive = langs.filter((l) => !served.includes(l));
    const list = missing.map((m) => (m.locale === m.thelia ? m.locale : `${m.thelia} (for ${m.locale})`)).join(', ');
    throw new ExportFailure(
      `missing language: Thelia has no active, visible language for ${list}. ` +
        `Active and visible: ${served.map(describe).join(', ') || 'none'}` +
        (inactive.length ? `; inactive or hidden: ${inactive.map(describe).join(', ')}` : '') +
        '.',
      EXIT.missingLanguage,
      'activate the language in Thelia (Configuration > Languages, active and visible), or read another one with --locales, e.g. --locales de_DE,de_AT=de_DE,ro_RO',
    );
  }
  const byDefault = langs.find((l) => Number(l.by_default) === 1) ?? langs[0];
  if (!byDefault) throw new ExportFailure('not a Thelia database: the lang table is empty', EXIT.notThelia);
  const strict = (config.get('default_lang_without_translation') ?? '1').trim() === '0';
  const defaultLocale = (mappings.find((m) => m.thelia === byDefault.locale) ?? mappings[0]!).locale;
  const theliaLocales = [...new Set([...mappings.map((m) => m.thelia), byDefault.locale])];
  const codes = new Map<string, string>();
  for (const l of langs) if (l.code && !codes.has(l.code)) codes.set(l.code, l.locale);
  return { mappings, fallback: byDefault.locale, strict, defaultLocale, theliaLocales, codes };
}
