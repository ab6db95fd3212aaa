import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
// E2E_CACHE and E2E_PORT let two runs (e.g. two worktrees) live side by side.
const cache = resolve(root, process.env.E2E_CACHE || '.cache/e2e');

/** Where the browser tests keep their catalog, index and built shops, apart from the developer's. */
export const E2E = {
  root,
  products: Number(process.env.E2E_PRODUCTS || 200),
  port: Number(process.env.E2E_PORT || 4391),
  /** The shop API the global setup starts on the sample export; the shop server proxies /api to it. */
  get apiPort() {
    return this.port + 1;
  },
  apiDb: resolve(cache, 'api/shop.sqlite'),
  /** The test API's log: a line per request (method, path, status, time) and each error's stack. */
  apiLog: resolve(cache, 'api/api.log'),
  /** The test API's mail outbox (MAIL_OUTBOX): one .eml file per mail. */
  outbox: resolve(cache, 'api/outbox'),
  exportDir: resolve(cache, 'export'),
  catalogDir: resolve(cache, 'catalog'),
  dist: resolve(cache, 'dist'),
  report: resolve(cache, 'playwright-report.json'),
  /** A sample category (Stichsägen) the de test shop sells without VAT in Germany (SHOP_ZERO_VAT_CATEGORIES), the shop API too. */
  zeroVatCategoryId: 36,
  /** The at test shop reports errors to this DSN (SHOP_ERROR_DSN); de and ro have none. */
  errorDsn: 'https://publickey@errors.localhost/4242',
  /** The de test shop's search index has parts of this many records (SEARCH_PART_RECORDS, decision 0019): three at 200 products. */
  searchPartRecords: 90,
};

export const shopUrl = (shop: string, path = '/') => `http://${shop}.localhost:${E2E.port}${path}`;
