/**
 * Compiles messages/{de,ro,en}.json with Paraglide JS 2 into src/i18n/generated/ (not committed),
 * after checking that no language lacks a key. Runs from the i18n integration (astro build, check,
 * dev) and from the Vitest config, so there is never a manual step.
 *
 * Rules of the check:
 * - de and ro (the shop languages) carry exactly the same keys;
 * - en is the fallback language of the server-error page only: it carries every key of that page
 *   (prefixes in EN_PREFIXES) and nothing else is required of it;
 * - a message's placeholders are the same in every language that has it.
 *
 * Several shop builds may start at once (npm run build runs two): a lock directory serialises the
 * compile and a stamp (hash of the inputs) makes the second one a no-op.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LANGUAGES = ['de', 'ro', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SHOP_LANGUAGES = ['de', 'ro'] as const;
/** Keys en must carry: the server-error page's texts (src/pages/server-error.astro). */
export const EN_PREFIXES = ['catalog_error', 'servererror_'];

export type Catalogs = Record<Language, Record<string, string>>;

export function readCatalogs(root: string): Catalogs {
  const out = {} as Catalogs;
  for (const lang of LANGUAGES) {
    const file = join(root, 'messages', `${lang}.json`);
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const entries: Record<string, string> = {};
    for (const [key, value] of Object.entries(json)) {
      if (key === '$schema') continue;
      if (typeof value !== 'string') throw new Error(`messages/${lang}.json: "${key}" must be a string`);
      entries[key] = value;
    }
    out[lang] = entries;
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** Every problem with the message catalogs, as lines; empty when they are complete. */
export function checkCatalogs(catalogs: Catalogs): string[] {
  const problems: string[] = [];
  const keyRe = /^[A-Za-z][A-Za-z0-9_]*$/;
  const [first, ...others] = SHOP_LANGUAGES;
  const all = new Set<string>([...Object.keys(catalogs.de), ...Object.keys(catalogs.ro)]);
  for (const key of all) {
    if (!keyRe.test(key)) problems.push(`"${key}": keys are letters, digits and _`);
    for (const lang of [first, ...others]) {
      if (!(key in catalogs[lang])) problems.push(`messages/${lang}.json: missing "${key}"`);
    }
    if (EN_PREFIXES.some((p) => key.startsWith(p)) && !(key in catalogs.en)) problems.push(`messages/en.json: missing "${key}"`);
  }
  for (const key of Object.keys(catalogs.en)) {
    if (!all.has(key)) problems.push(`messages/en.json: "${key}" is in no shop language`);
  }
  for (const key of all) {
    const shapes = new Set(LANGUAGES.filter((l) => key in catalogs[l]).map((l) => placeholders(catalogs[l][key]!)));
    if (shapes.size > 1) problems.push(`"${key}": placeholders differ between languages`);
  }
  for (const lang of LANGUAGES) {
    for (const [key, value] of Object.entries(catalogs[lang])) if (!value.trim()) problems.push(`messages/${lang}.json: "${key}" is empty`);
  }
  return problems;
}

function inputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const lang of LANGUAGES) hash.update(readFileSync(join(root, 'messages', `${lang}.json`)));
  hash.update(readFileSync(join(root, 'project.inlang', 'settings.json')));
  hash.update(readFileSync(join(root, 'node_modules/@inlang/paraglide-js/package.json')));
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest('hex');
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Checks and (re)compiles the messages when they changed. Throws on a missing key. */
export async function compileMessages(root = process.cwd(), log: (line: string) => void = () => {}): Promise<void> {
  root = resolve(root);
  const problems = checkCatalogs(readCatalogs(root));
  if (problems.length) throw new Error(`The message catalogs are incomplete:\n  ${problems.join('\n  ')}`);
  const outdir = join(root, 'src/i18n/generated');
  const stamp = join(outdir, '.stamp');
  const want = inputsHash(root);
  const fresh = () => existsSync(stamp) && readFileSync(stamp, 'utf8') === want;
  if (fresh()) return;
  const lock = join(root, 'node_modules/.i18n-compile.lock');
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a minute is a crashed compile's.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      if (waited > 120_000) throw new Error(`i18n: ${lock} is held`);
      sleep(100);
    }
  }
  try {
    if (fresh()) return;
    const { compile } = await import('@inlang/paraglide-js');
    // Paraglide reads plugin modules relative to the working directory.
    const cwd = process.cwd();
    process.chdir(root);
    try {
      await compile({
        project: './project.inlang',
        outdir: './src/i18n/generated',
        strategy: ['globalVariable', 'baseLocale'],
        emitTsDeclarations: true,
        emitGitIgnore: false,
        emitReadme: false,
        emitPrettierIgnore: false,
        includeEslintDisableComment: false,
      });
    } finally {
      process.chdir(cwd);
    }
    const files = readdirSync(join(outdir, 'messages')).filter((f) => f.endsWith('.js')).length;
    writeFileSync(stamp, want);
    log(`i18n: compiled ${files - 1} message modules`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
