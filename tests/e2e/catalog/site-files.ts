/** Reading a built shop from disk for the link, validator, JSON-LD and sanitising checks. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { matchRule, readSiteRules } from '../../../scripts/lib/shop-server.ts';
import { E2E } from '../setup/paths.ts';

export const SHOPS = ['de', 'at', 'ro'] as const;
export const siteDir = (shop: string) => join(E2E.dist, shop);

export function htmlFiles(shop: string): string[] {
  const dir = siteDir(shop);
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length));
}

export const read = (shop: string, path: string) => readFileSync(join(siteDir(shop), path), 'utf8');

/** Whether a site path is served (a file, `x.html` for `/x`, or a redirect/rewrite to one), by the site's `_redirects` as Netlify parses it. */
export async function resolver(shop: string): Promise<(path: string) => boolean> {
  const dir = siteDir(shop);
  const rules = (await readSiteRules(dir)).redirects;
  const isFile = (p: string) => {
    const f = normalize(join(dir, p));
    return [f, `${f}.html`, join(f, 'index.html')].some((c) => existsSync(c) && statSync(c).isFile());
  };
  return (path: string) => {
    if (isFile(path)) return true;
    const rule = matchRule(rules, path);
    if (!rule) return false;
    if (/^https?:/.test(rule.to)) return true;
    return isFile(new URL(rule.to, 'http://x').pathname);
  };
}

/** Internal href/src/srcset targets of a page (no external, mailto, tel, fragment-only). */
export function internalLinks(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) out.push(m[1]!);
  for (const m of html.matchAll(/\ssrcset="([^"]*)"/g)) for (const part of m[1]!.split(',')) out.push(part.trim().split(/\s+/)[0]!);
  return out
    .map((u) => u.replace(/&amp;/g, '&'))
    .filter((u) => u.startsWith('/') && !u.startsWith('//'))
    .map((u) => decodeURIComponent(u.split(/[?#]/)[0]!));
}

export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}
