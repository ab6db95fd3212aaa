/**
 * A throwaway MariaDB server for the exporter's tests and benchmark.
 *
 * `startMariaDb()` initialises a data directory in a fresh temporary folder
 * (mariadb-install-db, root with normal authentication and no password), starts `mariadbd` on
 * a free loopback port with its socket in the same folder, waits until it answers, and returns
 * helpers to run SQL and load files through the `mariadb` command-line client (Thelia's
 * thelia.sql uses `DELIMITER $$`, which only the client understands). `stop()` shuts the server
 * down and removes the folder.
 *
 * Needs Debian's `mariadb-server` and `mariadb-client` (mariadbd, mariadb-install-db, mariadb).
 * Tuned for speed, not durability: no binary log, no doublewrite, no flush at commit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync, closeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MariaDb {
  port: number;
  socket: string;
  dir: string;
  /** Runs SQL as root through the `mariadb` client; returns stdout (tab-separated, no headers). */
  sql(statements: string, database?: string): string;
  /** Loads a .sql file as root through the `mariadb` client. */
  load(file: string, database: string): void;
  /** A mysql:// URL for a user (root has no password). */
  url(user: string, password: string, database: string): string;
  stop(): Promise<void>;
}

const BINARIES = ['mariadbd', 'mariadb-install-db', 'mariadb'];

function which(bin: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin'])) {
    const path = join(dir, bin);
    if (dir && existsSync(path)) return path;
  }
  return undefined;
}

/** The missing MariaDB binaries, empty when the server can be started. */
export function missingMariaDb(): string[] {
  return BINARIES.filter((b) => !which(b));
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(cmd: string, args: string[], input?: string): string {
  const result = spawnSync(cmd, args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.filter((a) => !a.startsWith('--password')).join(' ')} failed (${result.status}):\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

export async function startMariaDb(): Promise<MariaDb> {
  const missing = missingMariaDb();
  if (missing.length) {
    throw new Error(`MariaDB is not installed (missing: ${missing.join(', ')}). Install Debian's packages: apt-get install -y mariadb-server mariadb-client`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'thelia-mariadb-'));
  const datadir = join(dir, 'data');
  const socket = join(dir, 'mariadb.sock');
  const port = await freePort();
  const log = join(dir, 'mariadbd.log');
  run(which('mariadb-install-db')!, ['--no-defaults', `--datadir=${datadir}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve']);
  const logFd = openSync(log, 'a');
  const child: ChildProcess = spawn(
    which('mariadbd')!,
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${join(dir, 'mariadbd.pid')}`,
      '--user=root',
      '--skip-log-bin',
      '--skip-name-resolve',
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-doublewrite=0',
      '--innodb-buffer-pool-size=256M',
      '--innodb-log-file-size=128M',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_general_ci',
      '--sql-mode=ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION',
    ],
    { stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  // if the test process dies without stop(), do not leave the server behind
  const reap = () => {
    if (exited === undefined) child.kill('SIGKILL');
  };
  process.once('exit', reap);

  const client = which('mariadb')!;
  const base = ['--no-defaults', `--socket=${socket}`, '--user=root', '--batch', '--skip-column-names'];
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`mariadbd exited (${exited}):\n${readFileSync(log, 'utf8').slice(-3000)}`);
    const probe = spawnSync(client, [...base, '-e', 'SELECT 1'], { encoding: 'utf8' });
    if (probe.status === 0) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mariadbd did not answer within 60 s:\n${readFileSync(log, 'utf8').slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    port,
    socket,
    dir,
    sql(statements, database) {
      return run(client, [...base, ...(database ? [database] : [])], statements);
    },
    load(file, database) {
      run(client, [...base, database], readFileSync(file, 'utf8'));
    },
    url(user, password, database) {
      return `mysql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    },
    async stop() {
      if (exited === undefined) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await done;
        clearTimeout(timer);
      }
      process.removeListener('exit', reap);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
