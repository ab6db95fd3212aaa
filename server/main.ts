/**
 * `npm run api`: reads the settings (server/config.ts), opens the database, imports the export
 * when the database is empty or the export changed, and listens. `startApi` does the same
 * in-process for scripts/start.ts, the benchmark and tests.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { DEV_OPERATOR_TOKEN, DEV_SECRET, loadConfig, type Config } from './config.ts';
import { importIfChanged } from './db/import-export.ts';
import { openDatabase } from './db/open.ts';
import { startCheckpointer } from './db/checkpointer.ts';

export interface StartOptions {
  /** Environment-style settings (API_PORT, API_DB, ...); default process.env. */
  env?: Record<string, string | undefined>;
  /** Settings that win over the environment (e.g. { port: 0 } for a free port). */
  config?: Partial<Config>;
  log?: (line: string) => void;
  /** Shortcuts for the most common settings (win over env and config). */
  exportDir?: string;
  port?: number;
  dbFile?: string;
}

export interface RunningApi {
  url: string;
  port: number;
  config: Config;
  close(): Promise<void>;
}

export async function startApi(options: StartOptions = {}): Promise<RunningApi> {
  const log = options.log ?? ((line: string) => console.log(`[api] ${line}`));
  const shortcuts: Partial<Config> = {
    ...(options.exportDir !== undefined ? { exportDir: options.exportDir } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.dbFile !== undefined ? { dbFile: options.dbFile } : {}),
  };
  const config = loadConfig(options.env ?? process.env, { ...options.config, ...shortcuts });
  if (config.secret === DEV_SECRET) log('WARNING: API_SECRET is not set; using the development secret. Tokens and invoice links are forgeable. Set API_SECRET in production!');
  if (config.operatorToken === DEV_OPERATOR_TOKEN)
    log(
      'WARNING: API_OPERATOR_TOKEN is not set; the operator API (/api/operator/*) accepts the documented DEVELOPMENT token. Anyone can mark orders paid or shipped. Set API_OPERATOR_TOKEN!',
    );
  if (config.operatorToken === null) log('API_OPERATOR_TOKEN is not set: the operator API (/api/operator/*) is disabled (every call is 401)');
  const db = openDatabase(config.dbFile);
  if (existsSync(join(config.exportDir, 'manifest.json'))) {
    const report = await importIfChanged(db, config.exportDir, log);
    if (!report.imported) log(`catalog up to date with ${config.exportDir}`);
  } else {
    const empty = !db.prepare('SELECT 1 FROM pse LIMIT 1').get();
    log(`no export at ${config.exportDir}${empty ? ': the catalog is EMPTY (run `npm run sample` or set API_EXPORT_DIR)' : '; keeping the catalog already in the database'}`);
  }
  const checkpointer = startCheckpointer(db, config.dbFile);
  const { app } = createApp(db, config, { log });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${port}`;
  log(`shop API listening on ${url} (OpenAPI: ${url}/api/doc, database ${config.dbFile})`);
  return {
    url,
    port,
    config,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          void checkpointer.stop().then(() => {
            db.close();
            resolve();
          });
        });
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

if (import.meta.main) {
  const api = await startApi().catch((error: unknown) => {
    console.error(`[api] could not start: ${(error as Error).message}`);
    process.exit(1);
  });
  const stop = () => void api.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
