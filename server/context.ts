/** What every route gets: the database, the settings, the mailer, the clock, cached statements. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Config } from './config.ts';
import type { Mailer } from './lib/mail.ts';
import { Pricing } from './services/pricing.ts';

export interface Deps {
  db: DatabaseSync;
  config: Config;
  mail: Mailer;
  log: (line: string) => void;
  now: () => number;
  /** A prepared statement, prepared once per SQL text. Every query is parameterised. */
  sql: (text: string) => StatementSync;
  pricing: Pricing;
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
  const deps: Deps = { db, config, mail, log, now: config.now ?? Date.now, sql, pricing: undefined as unknown as Pricing };
  deps.pricing = new Pricing(deps);
  return deps;
}

export function isoNow(deps: Deps): string {
  return new Date(deps.now()).toISOString();
}
