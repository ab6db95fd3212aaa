/**
 * npm test: the type check (astro check, strict TypeScript over src, scripts, server and tests),
 * the code checks (Biome lint and format, the layer rules with dependency-cruiser, dead code with
 * knip), the unit and contract tests (Vitest), then the browser tests (Playwright on Debian's
 * Chromium). Ends with one line "N passed, N failed" over all of them (the type check and each
 * code check count as one).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.cache/test-reports');
mkdirSync(reports, { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);

if (!existsSync(CHROMIUM_PATH)) {
  console.error("The browser tests need Debian's Chromium at /usr/bin/chromium. Install it with: apt-get install chromium");
  process.exit(1);
}

// The content sync of astro check needs an export: the small fixture export is enough.
const { writeMiniExport } = await import('../tests/fixtures/mini-export.ts');
const checkExport = await writeMiniExport(join(reports, 'check-export'));
const check = spawnSync(bin('astro'), ['check'], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, SHOP: 'de', EXPORT_DIR: checkExport, CATALOG_DIR: join(reports, 'check-catalog'), DIST_DIR: join(reports, 'check-dist'), ASTRO_TELEMETRY_DISABLED: '1' },
});

// Code checks: each prints what is wrong (file, line, rule) and counts as one check.
const codeChecks = [
  { name: 'lint and format (biome ci)', bin: 'biome', args: ['ci', '--error-on-warnings', '.'] },
  { name: 'layer rules (dependency-cruiser)', bin: 'depcruise', args: ['--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', 'src', 'server'] },
  { name: 'dead code (knip)', bin: 'knip', args: [] },
].map((c) => {
  console.log(`\n== ${c.name}`);
  const r = spawnSync(bin(c.bin), c.args, { stdio: 'inherit', cwd: root });
  if (r.status !== 0) console.error(`${c.name}: FAILED`);
  return { ...c, ok: r.status === 0 };
});

const vitestReport = join(reports, 'vitest.json');
rmSync(vitestReport, { force: true });
const unit = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], { stdio: 'inherit', cwd: root });

const e2eReport = join(root, '.cache/e2e/playwright-report.json');
rmSync(e2eReport, { force: true });
const e2e = spawnSync(bin('playwright'), ['test'], { stdio: 'inherit', cwd: root });

let passed = (check.status === 0 ? 1 : 0) + codeChecks.filter((c) => c.ok).length;
let failed = (check.status === 0 ? 0 : 1) + codeChecks.filter((c) => !c.ok).length;
let skipped = 0;
let flaky = 0;
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
} else failed++;
if (existsSync(e2eReport)) {
  const r = JSON.parse(readFileSync(e2eReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
  flaky = r.stats.flaky;
} else failed++;
if (unit.status !== 0 && failed === 0) failed++;
if (e2e.status !== 0 && failed === 0) failed++;

for (const c of codeChecks.filter((x) => !x.ok)) console.log(`failed: ${c.name}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky ? `, ${flaky} flaky (passed on their retry: see the list above)` : ''}`);
process.exit(failed === 0 && check.status === 0 && codeChecks.every((c) => c.ok) && unit.status === 0 && e2e.status === 0 ? 0 : 1);
