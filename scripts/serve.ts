/**
 * npm run serve: serves the built shops at http://<shop>.localhost:<port> (default 4321) with
 * each shop's generated _redirects and _headers, as Netlify does (/api goes to the SHOP_API_URL the
 * shops were built with). API_URL, when set, sends /api there instead. `npm start` does this after
 * building.
 */
import { join, resolve } from 'node:path';
import { createShopServer } from './lib/shop-server.ts';
import { SHOP_CODES } from '../src/shops/index.ts';

const port = Number(process.env.PORT || 4321);
const dist = resolve(process.env.DIST_DIR || 'dist');
const server = createShopServer({ sites: Object.fromEntries(SHOP_CODES.map((s) => [s, join(dist, s)])), apiUrl: process.env.API_URL });
server.listen(port, '127.0.0.1', () => {
  for (const s of SHOP_CODES) console.log(`  ${s}: http://${s}.localhost:${port}/`);
});
