/**
 * Vitest's global setup: every temporary folder the tests make (os.tmpdir(): mkdtemp in the tests,
 * in the scripts they call and in the processes they start) lies in one folder of this run,
 * removed when the run ends. Before, each run left about 8,000 folders in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-tests-'));
  // Read by os.tmpdir() in the test workers and every process they start (they inherit the env).
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
