import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { E2E } from './paths.ts';
import { CHROMIUM_PATH } from '../../../scripts/lib/chromium.ts';
import { buildShops } from '../../../scripts/lib/build-shops.ts';
import { startApi } from '../../../server/main.ts';
import { getShop } from '../../../src/shops/index.ts';

/**
 * Generates the sample catalog (once per size), builds the three shops for the tests and starts the
 * shop API on that catalog with a fresh database (the web server, started before this, proxies
 * /api to it by the shops' generated _redirects). Returns the teardown that stops the API.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Debian's Chromium at ${CHROMIUM_PATH}: apt-get install chromium (.ci/run does it).`);
  }
  const marker = join(E2E.exportDir, 'manifest.json');
  const sample = spawnSync(process.execPath, [join(E2E.root, 'scripts/sample.ts'), '--products', String(E2E.products), '--out', E2E.exportDir], {
    stdio: 'inherit',
  });
  if (sample.status !== 0 || !existsSync(marker)) throw new Error('The sample catalog for the browser tests could not be generated.');
  await buildShops({
    shops: ['de', 'at', 'ro'],
    exportDir: E2E.exportDir,
    distDir: E2E.dist,
    catalogDir: E2E.catalogDir,
    quiet: true,
    // SHOP_API_URL: the shop API started below, as a Netlify site's setting; the web server follows each shop's _redirects to it.
    env: {
      SHOP_ORIGIN_TEMPLATE: `http://{shop}.localhost:${E2E.port}`,
      SHOP_ZERO_VAT_CATEGORIES: `de:${E2E.zeroVatCategoryId}`,
      SHOP_API_URL: `http://127.0.0.1:${E2E.apiPort}`,
      SHOP_ERROR_DSN: `at=${E2E.errorDsn}`,
      // The de shop's search index in parts (decision 0019), as a shop of more than 20,000 records has it; at and ro in one.
      SEARCH_PART_RECORDS: `de=${E2E.searchPartRecords}`,
    },
  });
  rmSync(E2E.apiDb, { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(E2E.apiDb + suffix, { force: true });
  // The de shop's zero-VAT category, for the de shop's country (spec §6: the flagged country only).
  const zeroVat = `${getShop('de').countryId}:${E2E.zeroVatCategoryId}`;
  // The API's requests and errors, kept for a failed test's diagnosis (not printed among the tests').
  mkdirSync(dirname(E2E.apiLog), { recursive: true });
  const apiLog = createWriteStream(E2E.apiLog);
  const api = await startApi({
    exportDir: E2E.exportDir,
    port: E2E.apiPort,
    dbFile: E2E.apiDb,
    log: (line) => apiLog.write(`${new Date().toISOString()} ${line}\n`),
    env: { ...process.env, API_ZERO_VAT_CATEGORIES: zeroVat, MAIL_OUTBOX: E2E.outbox, API_PUBLIC_URL: `http://de.localhost:${E2E.port}`, API_LOG: '1' },
  });
  return async () => {
    await api.close();
    apiLog.end();
  };
}
