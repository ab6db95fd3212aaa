/**
 * The database connection: one connection, one read-only transaction with a consistent
 * snapshot, so the whole export sees the catalog as it was at one instant, and the exporter
 * cannot write even when it is given a user that could.
 */
import mysql from 'mysql2/promise';
import { EXIT, ExportFailure, connectionFailure, queryFailure } from './errors.ts';

export interface DbTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export type Row = Record<string, unknown>;

export interface Db {
  readonly target: DbTarget;
  /** Runs one read query; `what` names it in error messages. `?` placeholders; arrays expand to lists. */
  query<T = Row>(sql: string, params?: unknown[], what?: string): Promise<T[]>;
  close(): Promise<void>;
}

/** Parses mysql://user:pass@host:port/database. The password may be percent-encoded. */
export function parseDbUrl(url: string): DbTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ExportFailure(`--db is not a URL: expected mysql://user:password@host:port/database`, EXIT.usage);
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new ExportFailure(`--db must start with mysql:// (got ${parsed.protocol}//)`, EXIT.usage);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) throw new ExportFailure('--db must name the database: mysql://user:password@host:port/thelia', EXIT.usage);
  if (!parsed.username) throw new ExportFailure('--db must name the user: mysql://user:password@host:port/thelia', EXIT.usage);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

/** The target without its password, for messages and the manifest. */
export function describeTarget(t: DbTarget): string {
  return `${t.user}@${t.host}:${t.port}/${t.database}`;
}

export async function connect(url: string): Promise<Db> {
  const target = parseDbUrl(url);
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
      charset: 'utf8mb4',
      // DECIMAL columns arrive as exact strings; DATETIME as text (interpreted by the exporter)
      decimalNumbers: false,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      connectTimeout: 15_000,
      multipleStatements: false,
    });
  } catch (error) {
    throw connectionFailure(error, target);
  }
  // A dropped connection must not crash the process with an unhandled 'error' event.
  connection.on('error', () => undefined);
  try {
    await connection.query('SET SESSION TRANSACTION READ ONLY');
    await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw queryFailure(error, 'the session settings (read-only snapshot)');
  }

  return {
    target,
    async query<T = Row>(sql: string, params: unknown[] = [], what = 'the database'): Promise<T[]> {
      try {
        const [rows] = await connection.query(sql, params);
        return rows as T[];
      } catch (error) {
        throw queryFailure(error, what);
      }
    },
    async close() {
      await connection.query('ROLLBACK').catch(() => undefined);
      await connection.end().catch(() => connection.destroy());
    },
  };
}

/** Splits an array into chunks (for IN lists). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
