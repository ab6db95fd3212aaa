/**
 * What every route and service gets: the database, the settings, the mailer, the clock, cached
 * statements. The bottom of the server's layers: imports only settings and lib types.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Config } from './config.ts';
import type { Mailer } from './lib/mail.ts';

export interface Deps {
  db: DatabaseSync;
  config: Config;
  mail: Mailer;
  log: (line: string) => void;
  now: () => number;
  /** A prepared statement, prepared once per SQL text. Every query is parameterised. */
  sql: (text: string) => StatementSync;
}

export function createDeps(db: DatabaseSync, config: Config, mail: Mailer, log: (line: string) => void): Deps {
  const cache = new Map<string, StatementSync>();
  const sql = (text: string) => {
    let stmt = cache.get(text);
    if (!stmt) {
      stmt = db.prepare(text);
      cache.set(text, stmt);
    }
    return stmt;
  };
  return { db, config, mail, log, now: config.now ?? Date.now, sql };
}

export function isoNow(deps: Deps): string {
  return new Date(deps.now()).toISOString();
}
