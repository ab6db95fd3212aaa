/**
 * WAL checkpoints off the request thread. With `wal_autocheckpoint` SQLite checkpoints inside a
 * committing request, and that checkpoint's fsync lands in the request's latency. Instead the
 * request connection turns auto-checkpoints off and a worker thread, on its own connection, runs
 * a PASSIVE checkpoint (which never blocks writers) every `intervalMs`.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';

const WORKER = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {} db.close(); parentPort.close(); });
`;

export function startCheckpointer(db: DatabaseSync, file: string, intervalMs = 1000): { stop(): Promise<void> } {
  if (file === ':memory:') return { stop: async () => {} };
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, intervalMs } });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
        setTimeout(() => void worker.terminate().then(() => resolve()), 2000).unref();
      }),
  };
}
