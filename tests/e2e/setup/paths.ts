import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const cache = resolve(root, '.cache/e2e');

/** Where the browser tests keep their catalog, index and built shops, apart from the developer's. */
export const E2E = {
  root,
  products: Number(process.env.E2E_PRODUCTS || 200),
  port: Number(process.env.E2E_PORT || 4391),
  exportDir: resolve(cache, 'export'),
  catalogDir: resolve(cache, 'catalog'),
  dist: resolve(cache, 'dist'),
  report: resolve(cache, 'playwright-report.json'),
};

export const shopUrl = (shop: string, path = '/') => `http://${shop}.localhost:${E2E.port}${path}`;
