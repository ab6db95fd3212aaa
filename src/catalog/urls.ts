/**
 * Friendly URLs: the page path of a slug, and the redirect rules with chains collapsed.
 */
import type { Fault } from './read-export.ts';

/** `akku-bohrschrauber.html` -> `/akku-bohrschrauber.html`. */
export const pathOf = (slug: string): string => `/${slug}`;

/**
 * A URL of the API or the export as the pages link it: relative ('produkt-1.html') and rooted
 * ('/produkt-1.html') give the site path, absolute ones stay. The one rule of the browser (cart
 * lines) and the shop API (cart answers).
 */
export function sitePath(url: string | undefined | null): string {
  if (!url) return '';
  if (/^https?:\/\//.test(url)) return url;
  return pathOf(url.replace(/^\/+/, ''));
}

/** The Astro route parameter of a slug: pages are written as `<param>.html` (build.format 'file'). */
export const routeParamOf = (slug: string): string => slug.replace(/\.html$/, '');

/** The file Astro writes a catalog page to (build.format 'file'): `/akku.html` -> `akku.html`. */
export const pageFileOf = (path: string): string => `${routeParamOf(path.slice(1))}.html`;

export interface RedirectInput {
  url: string;
  to: string;
  line?: number;
}

/**
 * Collapses chains (A->B->C) so every superseded URL points straight at a live page.
 * A rule whose chain loops, or ends at a URL no page has, is dropped and reported; a rule whose
 * source is itself a live page is dropped too (it would hide that page).
 */
export function collapseRedirects(rules: Iterable<RedirectInput>, isLive: (url: string) => boolean, file = 'redirects.ndjson'): { rules: Map<string, string>; faults: Fault[] } {
  const next = new Map<string, RedirectInput>();
  const faults: Fault[] = [];
  for (const rule of rules) {
    if (isLive(rule.url)) {
      faults.push({ severity: 'skip', file, line: rule.line, id: rule.url, field: 'url', reason: 'is the current URL of a page; a redirect would hide it' });
    } else if (next.has(rule.url)) {
      faults.push({ severity: 'skip', file, line: rule.line, id: rule.url, field: 'url', reason: 'is redirected twice; the first rule wins' });
    } else next.set(rule.url, rule);
  }
  const resolved = new Map<string, string>();
  for (const [from, rule] of next) {
    const seen = new Set([from]);
    let to = rule.to;
    while (!isLive(to) && next.has(to) && !seen.has(to)) {
      seen.add(to);
      to = next.get(to)!.to;
    }
    if (isLive(to)) resolved.set(from, to);
    else
      faults.push({
        severity: 'skip',
        file,
        line: rule.line,
        id: from,
        field: 'to',
        reason: seen.has(to) ? `the redirect chain loops (${[...seen, to].join(' -> ')})` : `leads to "${to}", which no page has`,
      });
  }
  return { rules: resolved, faults };
}
