/**
 * Friendly URLs (rewriting_url).
 *
 * Current URL of (view, id, locale), as RewritingUrlQuery::getViewUrlQuery: the row with
 * `redirected IS NULL` and no rewriting_argument rows, highest id. Rows of a product view with
 * a single `pse_id` argument are variant URLs. `view_locale` may be a 2-letter code, mapped
 * through lang.code. `url` is VARBINARY: always read as CAST(url AS CHAR).
 *
 * Where a locale has no URL, the item takes the URL of Thelia's default language (URLs are
 * unique across locales, and each shop is its own site, so this cannot collide); where that
 * is missing too, the exporter makes one, `<slug-of-title>-<p|c|b|f|t><id>.html`, checked
 * against every URL Thelia knows, and says so.
 *
 * Redirects: every row with `redirected` set, of a known view and an exported locale, becomes a
 * Redirect to the URL of the row it points at (chains stay chains; the build collapses them).
 */
import { Slug, type Locale, type Redirect } from '../../src/catalog/export-schema.ts';
import type { Db } from './db.ts';
import type { Languages } from './languages.ts';
import type { Reporter } from './progress.ts';

export const VIEWS = ['product', 'category', 'brand', 'folder', 'content'] as const;
export type View = (typeof VIEWS)[number];
const PREFIX: Record<View, string> = { product: 'p', category: 'c', brand: 'b', folder: 'f', content: 't' };
export const OBSOLETE_VIEW = 'obsolete-rewritten-url';

export interface UrlSet {
  /** Thelia locale -> current URL */
  byLocale: Map<string, string>;
  /** pse id -> Thelia locale -> current variant URL */
  variants: Map<number, Map<string, string>>;
}

export function isSlug(url: string): boolean {
  return Slug.safeParse(url).success;
}

/** The view_locale values that mean the Thelia locales the export reads. */
function localeKeys(langs: Languages): string[] {
  const keys = new Set(langs.theliaLocales);
  for (const [code, locale] of langs.codes) if (langs.theliaLocales.includes(locale)) keys.add(code);
  return [...keys];
}

function toLocale(viewLocale: string, langs: Languages): string {
  return viewLocale.length === 2 ? (langs.codes.get(viewLocale) ?? viewLocale) : viewLocale;
}

export async function loadCurrentUrls(db: Db, view: View, ids: number[], langs: Languages, report: Reporter): Promise<Map<number, UrlSet>> {
  const out = new Map<number, UrlSet>();
  if (!ids.length) return out;
  const rows = await db.query<{ id: number; url: string; view_id: string; view_locale: string; args: number; pse_id: string | null }>(
    `SELECT ru.id, CAST(ru.url AS CHAR) AS url, ru.view_id, ru.view_locale,
            (SELECT COUNT(*) FROM rewriting_argument ra WHERE ra.rewriting_url_id = ru.id) AS args,
            (SELECT MIN(ra.value) FROM rewriting_argument ra WHERE ra.rewriting_url_id = ru.id AND ra.parameter = 'pse_id') AS pse_id
     FROM rewriting_url ru
     WHERE ru.view_locale IN (?) AND ru.view = ? AND ru.view_id IN (?) AND ru.redirected IS NULL
     ORDER BY ru.id`,
    [localeKeys(langs), view, ids.map(String)],
    `the friendly URLs of ${view}s`,
  );
  for (const row of rows) {
    const id = Number(row.view_id);
    const url = String(row.url);
    if (!isSlug(url)) {
      report.warn('url', `${view} ${id}: URL "${url}" (${row.view_locale}) is not a usable friendly URL (query, fragment, spaces or ".."): ignored`);
      continue;
    }
    let set = out.get(id);
    if (!set) out.set(id, (set = { byLocale: new Map(), variants: new Map() }));
    const locale = toLocale(String(row.view_locale), langs);
    const args = Number(row.args);
    if (args === 0)
      set.byLocale.set(locale, url); // ordered by id: the highest id wins
    else if (view === 'product' && args === 1 && row.pse_id !== null && /^\d+$/.test(row.pse_id)) {
      const pse = Number(row.pse_id);
      let variant = set.variants.get(pse);
      if (!variant) set.variants.set(pse, (variant = new Map()));
      variant.set(locale, url);
    }
  }
  return out;
}

export function slugify(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export interface UrlRequest {
  view: View;
  id: number;
  set: UrlSet | undefined;
  /** Title per export locale, to make a URL from. */
  titles: Partial<Record<Locale, string>>;
}

/**
 * Resolves the URL of each item in every export locale (own, else the default language's,
 * else a generated one checked against rewriting_url). Returns URL maps in request order.
 */
export async function resolveUrls(db: Db, requests: UrlRequest[], langs: Languages, report: Reporter): Promise<Partial<Record<Locale, string>>[]> {
  const results: Partial<Record<Locale, string>>[] = [];
  const generated: { result: Partial<Record<Locale, string>>; locale: Locale; req: UrlRequest; candidate: string }[] = [];
  for (const req of requests) {
    const result: Partial<Record<Locale, string>> = {};
    for (const { locale, thelia } of langs.mappings) {
      const own = req.set?.byLocale.get(thelia) ?? req.set?.byLocale.get(langs.fallback);
      if (own) result[locale] = own;
      else {
        const slug = slugify(req.titles[locale] ?? '') || req.view;
        generated.push({ result, locale, req, candidate: `${slug}-${PREFIX[req.view]}${req.id}.html` });
      }
    }
    results.push(result);
  }
  if (generated.length) {
    let pending = generated;
    for (let attempt = 1; pending.length; attempt++) {
      const candidates = [...new Set(pending.map((g) => g.candidate))];
      const taken = new Set(
        (await db.query<{ url: string }>('SELECT CAST(url AS CHAR) AS url FROM rewriting_url WHERE url IN (?)', [candidates], 'the friendly URLs')).map((r) => String(r.url)),
      );
      const next: typeof pending = [];
      for (const g of pending) {
        if (taken.has(g.candidate) && attempt < 10) {
          g.candidate = g.candidate.replace(/(-\d+)?\.html$/, '') + `-${attempt + 1}.html`;
          next.push(g);
        } else g.result[g.locale] = g.candidate;
      }
      pending = next;
    }
    const byItem = new Map<string, typeof generated>();
    for (const g of generated) {
      const key = `${g.req.view} ${g.req.id}`;
      byItem.set(key, [...(byItem.get(key) ?? []), g]);
    }
    for (const [item, list] of byItem) {
      report.warn(
        'generated-url',
        `${item} has no friendly URL in ${list.map((g) => g.locale).join(', ')}${list.some((g) => g.locale === langs.fallback) ? '' : ` nor in the default language ${langs.fallback}`}: exported as ${[...new Set(list.map((g) => `"${g.candidate}"`))].join(', ')}`,
      );
    }
  }
  return results;
}

/** Variant URLs of one PSE per export locale (own, else the default language's); may be empty. */
export function variantUrl(set: UrlSet | undefined, pseId: number, langs: Languages): Partial<Record<Locale, string>> {
  const urls = set?.variants.get(pseId);
  const out: Partial<Record<Locale, string>> = {};
  if (!urls) return out;
  for (const { locale, thelia } of langs.mappings) {
    const url = urls.get(thelia) ?? urls.get(langs.fallback);
    if (url) out[locale] = url;
  }
  return out;
}

interface RedirectRow {
  id: number;
  url: string;
  view: string | null;
  view_id: string | null;
  view_locale: string | null;
  redirected: number | null;
  to_id: number | null;
  to_url: string | null;
  to_view: string | null;
  pse_id: string | null;
  target: number | null;
}

export interface RedirectStats {
  redirects: number;
  deleted: number;
  obsolete: number;
  notExported: number;
  otherViews: number;
}

/**
 * Streams every rewriting_url row in pages (keyset on id): redirected rows of exported objects
 * become Redirects; rows of deleted objects and obsolete rows are reported and skipped.
 * `notExported` holds `${view}:${id}` of objects the exporter left out for its own reasons.
 */
export async function* redirects(db: Db, langs: Languages, notExported: Set<string>, report: Reporter, stats: RedirectStats, pageSize = 2000): AsyncGenerator<Redirect> {
  const keys = new Set(localeKeys(langs));
  let after = 0;
  for (;;) {
    const rows = await db.query<RedirectRow>(
      `SELECT r.id, CAST(r.url AS CHAR) AS url, r.view, r.view_id, r.view_locale, r.redirected,
              t.id AS to_id, CAST(t.url AS CHAR) AS to_url, t.view AS to_view,
              (SELECT MIN(ra.value) FROM rewriting_argument ra WHERE ra.rewriting_url_id = r.id AND ra.parameter = 'pse_id') AS pse_id,
              CASE r.view
                WHEN 'product'  THEN (SELECT x.visible FROM product x  WHERE x.id = CAST(r.view_id AS UNSIGNED))
                WHEN 'category' THEN (SELECT 1         FROM category x WHERE x.id = CAST(r.view_id AS UNSIGNED))
                WHEN 'brand'    THEN (SELECT x.visible FROM brand x    WHERE x.id = CAST(r.view_id AS UNSIGNED))
                WHEN 'folder'   THEN (SELECT 1         FROM folder x   WHERE x.id = CAST(r.view_id AS UNSIGNED))
                WHEN 'content'  THEN (SELECT x.visible FROM content x  WHERE x.id = CAST(r.view_id AS UNSIGNED))
              END AS target
       FROM rewriting_url r LEFT JOIN rewriting_url t ON t.id = r.redirected
       WHERE r.id > ? ORDER BY r.id LIMIT ?`,
      [after, pageSize],
      'the friendly URLs (rewriting_url)',
    );
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    for (const row of rows) {
      const url = String(row.url);
      const viewLocale = String(row.view_locale ?? '');
      if (!keys.has(viewLocale)) continue; // a locale the export does not read
      if (row.view === OBSOLETE_VIEW) {
        stats.obsolete++;
        report.warn('obsolete-url', `URL "${url}" (${viewLocale}) belonged to a deleted object (view ${OBSOLETE_VIEW}): skipped`);
        continue;
      }
      if (!(VIEWS as readonly string[]).includes(row.view ?? '')) {
        stats.otherViews++;
        continue;
      }
      const view = row.view as View;
      const id = Number(row.view_id);
      if (!Number.isInteger(id) || id <= 0 || row.target === null) {
        stats.deleted++;
        report.warn('deleted-url', `URL "${url}" (${viewLocale}) points at ${view} ${row.view_id}, which does not exist: skipped`);
        continue;
      }
      if (row.redirected === null) continue; // a current URL: exported with its object
      if (Number(row.target) !== 1 || notExported.has(`${view}:${id}`)) {
        stats.notExported++;
        continue;
      }
      if (row.to_id === null || row.to_url === null || row.to_view === OBSOLETE_VIEW) {
        report.warn('redirect', `old URL "${url}" of ${view} ${id} redirects to URL row ${row.redirected}, which is missing or obsolete: skipped`);
        continue;
      }
      const to = String(row.to_url);
      if (!isSlug(url) || !isSlug(to)) {
        report.warn('redirect', `old URL "${url}" -> "${to}" of ${view} ${id} is not a usable friendly URL: skipped`);
        continue;
      }
      const locale = toLocale(viewLocale, langs);
      const variant = view === 'product' && row.pse_id !== null && /^\d+$/.test(row.pse_id) ? Number(row.pse_id) : null;
      for (const m of langs.mappings) {
        if (m.thelia !== locale) continue;
        stats.redirects++;
        yield { url, locale: m.locale, view: variant ? 'variant' : view, viewId: variant ?? id, to };
      }
    }
  }
}
