/**
 * The fingerprint the bundle reuse compares (src/integrations/bundle-reuse.ts, decision 0016): a
 * kept bundle is used only while it is equal. Everything the bundles are made from changes it;
 * what a build reads at run time only (its run's marker files, the export) does not, or no
 * rebuild would ever reuse a bundle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bundleKey } from '../../../src/integrations/bundle-reuse.ts';

const base = mkdtempSync(join(tmpdir(), 'bundle-key-'));
const root = join(base, 'project');
const out = join(root, 'dist', 'de');
const env = { SHOP: 'de', PATH: '/usr/bin', NODE_ENV: 'production' };

const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeEach(() => {
  rmSync(root, { recursive: true, force: true });
  write('src/pages/index.astro', '<h1>Hi</h1>');
  write('src/i18n/generated/messages.js', 'export const a = 1;');
  write('messages/de.json', '{"a":"b"}');
  write('public/robots.txt', 'User-agent: *');
  write('astro.config.mjs', 'export default {};');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('export/products.ndjson', '{"id":1}');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('bundleKey', () => {
  it('is the same for the same code, settings and folders', () => {
    expect(bundleKey(root, out, env)).toBe(bundleKey(root, out, { ...env }));
  });

  it.each([
    ['a page changes', () => write('src/pages/index.astro', '<h1>Hello</h1>')],
    ['a file is added', () => write('src/lib/new.ts', 'export {};')],
    ['a message changes', () => write('messages/de.json', '{"a":"c"}')],
    ['a public file changes', () => write('public/robots.txt', 'User-agent: bot')],
    ['the Astro config changes', () => write('astro.config.mjs', 'export default { site: "x" };')],
    ['a dependency changes', () => write('package-lock.json', '{"lockfileVersion":3,"x":1}')],
  ])('changes when %s', (_, change) => {
    const before = bundleKey(root, out, env);
    change();
    expect(bundleKey(root, out, env)).not.toBe(before);
  });

  it.each([
    ['the shop', { SHOP: 'ro' }],
    ['a shop setting', { SHOP_ZERO_VAT_CATEGORIES: '12' }],
    ['the catalog folder', { CATALOG_DIR: '/elsewhere' }],
    ['the incremental switch', { INCREMENTAL: 'off' }],
    ['a public variable', { PUBLIC_API: 'https://api.example' }],
  ])('changes with %s', (_, setting) => {
    expect(bundleKey(root, out, { ...env, ...setting })).not.toBe(bundleKey(root, out, env));
  });

  it('changes with the output folder and the project folder (the bundle names both)', () => {
    expect(bundleKey(root, join(root, 'dist', 'at'), env)).not.toBe(bundleKey(root, out, env));
    expect(bundleKey(join(base, 'elsewhere'), out, env)).not.toBe(bundleKey(root, out, env));
  });

  it("stays while only the export, the generated message modules or a run's own settings change", () => {
    const before = bundleKey(root, out, env);
    write('export/products.ndjson', '{"id":2}');
    write('src/i18n/generated/messages.js', 'export const a = 2;');
    const run = { CATALOG_PREBUILT: '/tmp/x/marker', SEARCH_PREBUILT: '/tmp/y', RSS_REPORT: '/tmp/rss', PATH: '/bin' };
    expect(bundleKey(root, out, { ...env, ...run })).toBe(before);
  });
});
