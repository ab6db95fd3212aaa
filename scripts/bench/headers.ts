/**
 * The security headers' grade (issue 18), the way the Mozilla HTTP Observatory grades a site
 * (scripts/lib/observatory.ts): each shop built from the sample, served with its generated
 * `_redirects` and `_headers` (scripts/lib/shop-server.ts, as Netlify serves them), the home page,
 * a product page and the search shell graded as if at the shop's https origin. Goal: A+.
 * Writes bench/results/headers.json.
 *
 *   node scripts/bench/headers.ts [--products 200] [--shops de,at,ro] [--no-build]
 *   node scripts/bench/headers.ts --dist .cache/e2e/dist --catalog .cache/e2e/catalog   (shops built already)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildShops } from '../lib/build-shops.ts';
import { createShopServer } from '../lib/shop-server.ts';
import { gradeResponse } from '../lib/observatory.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { getShop, type ShopCode } from '../../src/shops/index.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '200' },
    shops: { type: 'string', default: 'de,at,ro' },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    catalog: { type: 'string' },
  },
});
const shops = values.shops!.split(',') as ShopCode[];
const base = join(root, '.cache/bench', `headers-${values.products}`);
const exportDir = join(base, 'export');
const distDir = values.dist ? resolve(values.dist) : join(base, 'dist');
const catalogDir = values.catalog ? resolve(values.catalog) : join(base, 'index');

if (!values.dist && (!values['no-build'] || shops.some((s) => !existsSync(join(distDir, s, '_headers'))))) {
  if (!existsSync(join(exportDir, 'manifest.json'))) {
    const r = spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', values.products!, '--out', exportDir], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('sample failed');
  }
  await buildShops({ shops, exportDir, distDir, catalogDir, quiet: true, env: { SHOP_API_URL: 'https://api.example.invalid' } });
}

const server = createShopServer({ sites: Object.fromEntries(shops.map((s) => [s, join(distDir, s)])) });
const port = await new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)));
const get = (shop: string, path: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((ok, fail) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `${shop}.localhost:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', fail)
      .end();
  });

const results = [];
try {
  for (const shop of shops) {
    const catalog = new Catalog(join(catalogDir, `${shop}.sqlite`));
    const origin = getShop(shop).origin;
    for (const path of ['/', catalog.productUrls()[0]!.url, '/search/x']) {
      const r = await get(shop, path);
      const grade = gradeResponse({ url: new URL(path, origin).href, headers: r.headers, html: r.body });
      results.push({ shop, path, status: r.status, ...grade });
      console.log(`  ${shop} ${path}: ${grade.grade} (${grade.score})`);
      for (const f of grade.findings) if (f.modifier !== 0) console.log(`    ${f.modifier > 0 ? '+' : ''}${f.modifier} ${f.result}`);
    }
  }
} finally {
  server.close();
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/headers.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
const worst = results.reduce((a, b) => (b.score < a.score ? b : a));
console.log(`headers: worst grade ${worst.grade} (${worst.score}, ${worst.shop} ${worst.path}); goal A+`);
