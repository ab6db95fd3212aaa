/**
 * npm run bench [-- --only build,index,api,export,lighthouse,js-budget,search,add-to-cart,headers,checkout] [--sizes 1000,10000] [--index-sizes 100000]
 * Measures the budgets of docs/architecture.md (performance) and writes bench/results/<name>.json
 * plus a table on stdout. Benchmarks report numbers; they do not pass or fail.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchBuild, benchIndex } from './bench/build.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { only: { type: 'string' }, sizes: { type: 'string' }, 'index-sizes': { type: 'string' } } });
const only = new Set((values.only ?? 'build,index,api,lighthouse,js-budget,export,search,add-to-cart,headers,checkout').split(','));
const sizes = (values.sizes ?? '1000,10000').split(',').map(Number);
const results = join(root, 'bench/results');
mkdirSync(results, { recursive: true });
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

if (only.has('build')) {
  const runs = [];
  for (const n of sizes) {
    console.log(`build: ${n} products...`);
    const r = await benchBuild(n, (line) => console.log(line));
    runs.push(r);
    console.log(`  sample export: ${r.sample.seconds.toFixed(1)} s, peak ${mb(r.sample.peakRssBytes)}`);
    const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
    for (const [i, s] of r.full.shops.entries()) {
      console.log(
        `  ${s.shop} rebuild / full: nothing changed ${pct(r.unchanged.shops[i]!.seconds, s.seconds)}, one price ${pct(r.oneProductChanged.shops[i]!.seconds, s.seconds)}, a category renamed ${pct(r.categoryRenamed.shops[i]!.seconds, s.seconds)}, one price with the site folder empty (Netlify) ${pct(r.oneProductChangedEmptySite.shops[i]!.seconds, s.seconds)}`,
      );
    }
  }
  writeFileSync(join(results, 'build.json'), JSON.stringify({ date: new Date().toISOString(), runs }, null, 2));
}

const others = [
  ['api', 'scripts/bench/api.ts'],
  ['lighthouse', 'scripts/bench/lighthouse.ts'],
  ['js-budget', 'scripts/bench/js-budget.ts'],
  ['export', 'scripts/bench/export.ts'],
  ['search', 'scripts/bench/search.ts'],
  ['add-to-cart', 'scripts/bench/add-to-cart.ts'],
  ['headers', 'scripts/bench/headers.ts'],
  ['checkout', 'scripts/bench/checkout.ts'],
] as const;
if (only.has('index')) {
  const runs = [];
  for (const n of (values['index-sizes'] ?? '100000').split(',').map(Number)) {
    console.log(`index: ${n} products...`);
    const r = benchIndex(n);
    runs.push({
      products: n,
      sample: { seconds: r.sample.seconds, peakRssBytes: r.sample.peakRssBytes },
      index: { seconds: r.index.seconds, peakRssBytes: r.index.peakRssBytes, stats: r.index.stats },
    });
    console.log(
      `  sample: ${r.sample.seconds.toFixed(1)} s, peak ${mb(r.sample.peakRssBytes)}; loader into the de index: ${r.index.seconds.toFixed(1)} s, peak ${mb(r.index.peakRssBytes)}`,
    );
  }
  writeFileSync(join(results, 'index.json'), JSON.stringify({ date: new Date().toISOString(), runs }, null, 2));
}

for (const [name, script] of others) {
  if (!only.has(name)) continue;
  if (!existsSync(join(root, script))) {
    console.log(`${name}: ${script} is not there yet; skipped`);
    continue;
  }
  console.log(`${name}:`);
  spawnSync(process.execPath, [join(root, script)], { stdio: 'inherit', cwd: root });
}
console.log(`\nResults in ${results}/`);
