/**
 * npm start: everything a fresh machine needs to show the shops.
 * 1. makes the sample export if there is none (START_PRODUCTS products, default 1000);
 * 2. builds the de, at and ro shops for local origins (http://<shop>.localhost:PORT);
 * 3. starts the shop API (server/) when it is present, and serves the shops as Netlify would: each
 *    shop's generated _redirects (with /api proxied to that API, SHOP_API_URL of the build) and
 *    _headers (the production Content-Security-Policy and the other headers);
 * 4. prints the addresses.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildShops } from './lib/build-shops.ts';
import { createShopServer } from './lib/shop-server.ts';
import { SHOP_CODES } from '../src/shops/index.ts';

const port = Number(process.env.PORT || 4321);
const exportDir = resolve(process.env.EXPORT_DIR || 'export');
const dist = resolve(process.env.DIST_DIR || 'dist');
const root = resolve(import.meta.dirname, '..');
// The shop API below listens here; the builds write it into each shop's /api proxy rule.
const apiUrl = `http://127.0.0.1:${process.env.API_PORT || 4300}`;

if (!existsSync(join(exportDir, 'manifest.json'))) {
  const products = process.env.START_PRODUCTS || '1000';
  console.log(`No export at ${exportDir}: generating the sample catalog (${products} products)...`);
  const r = spawnSync(process.execPath, [join(root, 'scripts/sample.ts'), '--products', products, '--out', exportDir], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

console.log('Building the shops...');
try {
  const builds = await buildShops({
    shops: SHOP_CODES,
    exportDir,
    distDir: dist,
    env: { SHOP_ORIGIN_TEMPLATE: `http://{shop}.localhost:${port}`, SHOP_API_URL: process.env.SHOP_API_URL || apiUrl },
    quiet: true,
  });
  for (const b of builds) console.log(`  ${b.shop}: ${b.pages} pages in ${b.seconds.toFixed(1)} s`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const apiEntry = join(root, 'server/main.ts');
if (existsSync(apiEntry) && !process.env.SHOP_API_URL) {
  const { startApi } = (await import(apiEntry)) as { startApi: (o: { exportDir: string }) => Promise<{ url: string }> };
  const api = (await startApi({ exportDir })).url;
  console.log(`Shop API: ${api}/api (OpenAPI at ${api}/api/doc)`);
}

const server = createShopServer({ sites: Object.fromEntries(SHOP_CODES.map((s) => [s, join(dist, s)])) });
server.listen(port, '127.0.0.1', () => {
  console.log('\nThe shops:');
  for (const s of SHOP_CODES) console.log(`  ${s}: http://${s}.localhost:${port}/`);
  console.log('\nStop with Ctrl+C.');
});
