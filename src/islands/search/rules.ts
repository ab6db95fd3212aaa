/**
 * The search rules (spec §4, §5, §9), framework-free so that tests and both islands share them.
 *
 * Score: Pagefind ranks with BM25 and returns a float whose scale depends on the index. The
 * spec's "min score 10" is applied on a 0–100 scale relative to the query's best match:
 * score(hit) = 100 × hit.score / best.score. Hits under 10 (less than a tenth as relevant as the
 * best one, e.g. a stray prefix match) are dropped. The shown count is that of the kept hits; the
 * category facet's counts are Pagefind's filter counts for the whole query.
 */
import { pickPrice } from '../../catalog/prices.ts';

export const MIN_CHARS = 4;
export const DEBOUNCE_MS = 300;
export const CHUNK = 6;
export const FIRST_DROPDOWN_CHUNK = 5;
export const SCROLL_THRESHOLD_PX = 1500;
export const MIN_SCORE = 10;
export const CONTENT_SHOWN = 5;
export const CONTENT_FETCH = 100;
export const COUNT_CAP = 10_000;
/** Longest query sent to the index (longer input is cut). */
export const MAX_QUERY = 100;

/** "10000+" from 10,000 on (spec §9). */
export function formatCount(n: number): string {
  return n >= COUNT_CAP ? `${COUNT_CAP}+` : String(n);
}

/** The term as typed, trimmed, with runs of whitespace folded. */
export function cleanTerm(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/** Spec §5: at least 4 characters (after trimming) start a search. */
export function isSearchable(raw: string): boolean {
  return [...cleanTerm(raw)].length >= MIN_CHARS;
}

/**
 * Spec §5 "special characters escaped": the query Pagefind gets is the literal text. Pagefind's
 * one operator is the double quote (an exact phrase), so quotes become spaces; control characters
 * go; every other character is passed as text (Pagefind's tokenizer drops punctuation, so
 * "<VDE>" searches vde and ".*" matches nothing special).
 */
export function escapeQuery(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return cleanTerm(raw.replace(/[\u0000-\u001f\u007f"“”„]/g, ' ')).slice(0, MAX_QUERY);
}

/**
 * A literal RegExp source for a string: highlighting never treats the term as a pattern. Only
 * syntax characters are escaped, so the source is valid with the `u` flag too.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The parts of a text with the term's words marked, for highlighting (no HTML involved). */
export function highlight(text: string, term: string): { text: string; mark: boolean }[] {
  const words = cleanTerm(term.replace(/["“”„]/g, ' '))
    .split(' ')
    .filter((w) => w.length >= 2)
    .map(escapeRegExp);
  if (!words.length) return [{ text, mark: false }];
  const re = new RegExp(`(${words.join('|')})`, 'giu');
  // With one capturing group, split puts the matches at the odd indices.
  return text
    .split(re)
    .map((p, i) => ({ text: p, mark: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}

/** Spec §2: the full results page of a term. */
export function searchPath(term: string): string {
  return `/search/${encodeURIComponent(cleanTerm(term))}`;
}

/** The term of a /search/{term} path (undecodable input is kept as it is). */
export function termFromPath(pathname: string): string {
  const m = /^\/search\/(.+)$/.exec(pathname);
  if (!m) return '';
  try {
    return cleanTerm(decodeURIComponent(m[1]!.replace(/\+/g, ' ')));
  } catch {
    return cleanTerm(m[1]!);
  }
}

/** Hits at or above MIN_SCORE on the relative 0–100 scale, in rank order. */
export function keepScored<T extends { score: number }>(hits: readonly T[]): T[] {
  const best = hits.reduce((m, h) => Math.max(m, h.score), 0);
  if (!(best > 0)) return [...hits];
  return hits.filter((h) => (100 * h.score) / best >= MIN_SCORE);
}

/** Chunks: 5 first in the dropdown, then 6 at a time (the page: 6 from the start). */
export function chunkEnd(loaded: number, total: number, dropdown: boolean): number {
  const size = loaded === 0 && dropdown ? FIRST_DROPDOWN_CHUNK : CHUNK;
  return Math.min(total, loaded + size);
}

export interface PriceMeta {
  price: string;
  /** The price in every country and VAT mode (src/catalog/prices.ts encodeModes). */
  prices?: string;
}

/**
 * The price to show in cents, by the one rule of every price on the site (prices.ts pickPrice):
 * net when VAT is excluded, the selected country's price, else the shop's default country's.
 */
export function priceFor(meta: PriceMeta, country: string | undefined, excludeVAT: boolean): number {
  return pickPrice(meta.prices, country, excludeVAT)?.price ?? Number(meta.price);
}

export interface CategoryFacet {
  /** The filter value: "Parent › Child". */
  value: string;
  label: string;
  depth: number;
  count: number;
}

/** The category facet, tree order, from Pagefind's filter counts (empty ones left out). */
export function categoryFacets(counts: Record<string, number> | undefined): CategoryFacet[] {
  return Object.entries(counts ?? {})
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, count]) => {
      const parts = value.split(' › ');
      return { value, label: parts[parts.length - 1]!, depth: parts.length - 1, count };
    });
}

/** Contents grouped by their parent folder, in order of first appearance. */
export function groupByFolder<T extends { folder: string }>(items: readonly T[]): { folder: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const list = groups.get(it.folder) ?? [];
    list.push(it);
    groups.set(it.folder, list);
  }
  return [...groups].map(([folder, list]) => ({ folder, items: list }));
}
