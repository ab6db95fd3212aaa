/**
 * Shop API benchmark: cart add and cart get on loopback with autocannon.
 *
 *   node scripts/bench/api.ts [--export <dir>] [--duration 10] [--rate 300]
 *
 * Starts `server/main.ts` as a child process (so the load generator does not share its event
 * loop), loaded with the given export (default: ./export if present, else the small test
 * fixture); the database of a real export is kept in .cache/api/ so it is imported only once. Per endpoint two runs:
 *  - fixed rate (the target, default 300 req/s): an open-loop generator here that sends at a
 *    constant arrival rate and measures each latency from the request's *scheduled* time, so a
 *    stall is not hidden (autocannon's own rate limit sends per-second bursts instead);
 *  - max: autocannon with 10 connections, for the highest throughput.
 * Then the fixed-rate runs again while bogus password resets arrive (15 a second, each with a new
 * made-up token: the flood of issue 17) and the p99 is compared with the quiet one (target: under
 * 3 x). The per-address reset throttle is lifted for this server (API_CLIENT_MAX_FAILURES), so
 * every bogus reset goes the whole way (token lookup, failure recorded) instead of a cheap 429.
 * Prints a table and writes bench/results/api.json.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { Agent, request } from 'node:http';

/** autocannon ships no types; the part used here. */
interface AutocannonResult {
  requests: { total: number; average: number };
  latency: Record<string, number>;
  errors: number;
  non2xx: number;
}
const autocannon = (await import('autocannon' as string)).default as (options: Record<string, unknown>) => Promise<AutocannonResult>;

const { values } = parseArgs({
  options: { export: { type: 'string' }, duration: { type: 'string', default: '10' }, rate: { type: 'string', default: '300' }, 'flood-rate': { type: 'string', default: '15' } },
});
const floodRate = Number(values['flood-rate']);
const duration = Number(values.duration);
const rate = Number(values.rate);
const defaultRate = rate;
const root = resolve(import.meta.dirname, '../..');

async function exportDir(): Promise<string> {
  if (values.export) return resolve(values.export);
  if (existsSync(join(root, 'export/manifest.json'))) return join(root, 'export');
  const { writeFixtureExport } = await import('../../tests/server/fixture-export.ts');
  return writeFixtureExport();
}

async function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(root, 'server/main.ts')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolvePromise({ url: m[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the API exited (${code}) before listening:\n${out}`)));
  });
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as any;
}

interface Run {
  scenario: string;
  mode: 'fixed-rate' | 'max';
  targetRate: number | null;
  requests: number;
  rps: number;
  errors: number;
  non2xx: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Fixed rate only: from the moment the request actually left (without the generator's own lag). */
  serviceLatencyMs?: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Fixed rate only: time inside the app (its Server-Timing header), without queueing and network. */
  appMs?: { p50: number; p90: number; p99: number; max: number; mean: number };
}

function summary(sorted: number[]) {
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    mean: Math.round((sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1)) * 100) / 100,
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 100) / 100;
}

/** Constant arrival rate; latency = response end - scheduled send time. `body` may differ per request. */
async function openLoop(scenario: string, url: string, body: string | ((i: number) => string), rate: number = defaultRate): Promise<Run> {
  const bodyOf = typeof body === 'string' ? () => body : body;
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  const service: number[] = [];
  const app: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const total = rate * duration;
  const start = performance.now();
  await new Promise<void>((done) => {
    let pending = 0;
    const fire = (scheduled: number, i: number) => {
      pending++;
      const payload = bodyOf(i);
      const sentAt = performance.now();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          if (timing) app.push(Number(timing[1]));
          res.resume();
          res.on('end', () => {
            const end = performance.now();
            latencies.push(end - scheduled);
            service.push(end - sentAt);
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
            if (--pending === 0 && sent >= total) done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        if (--pending === 0 && sent >= total) done();
      });
      req.end(payload);
    };
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due) {
        const i = sent++;
        fire(start + (i * 1000) / rate, i);
      }
      if (sent >= total) {
        clearInterval(timer);
        if (pending === 0) done();
      }
    }, 1);
  });
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const seconds = (performance.now() - start) / 1000;
  return {
    scenario,
    mode: 'fixed-rate',
    targetRate: rate,
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    errors,
    non2xx,
    latencyMs: summary(sorted),
    serviceLatencyMs: summary(service.sort((a, b) => a - b)),
    appMs: summary(app.sort((a, b) => a - b)),
  };
}

async function run(scenario: string, url: string, body: string, mode: Run['mode']): Promise<Run> {
  if (mode === 'fixed-rate') return openLoop(scenario, url, body);
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duration,
    connections: 10,
  });
  const l = result.latency;
  return {
    scenario,
    mode,
    targetRate: null,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    non2xx: result.non2xx,
    latencyMs: { p50: l.p50!, p90: l.p90!, p99: l.p99!, max: l.max!, mean: Math.round(l.mean! * 100) / 100 },
  };
}

const loadAverageBefore = loadavg().map((l) => Math.round(l * 100) / 100);
const exp = await exportDir();
// the database is kept between runs (.cache/api/bench-*.sqlite, per export) so a large catalog is imported once
const dbFile =
  values.export || existsSync(join(root, 'export/manifest.json'))
    ? join(root, '.cache/api', `bench-${createHash('sha256').update(exp).digest('hex').slice(0, 8)}.sqlite`)
    : join(await mkdtemp(join(tmpdir(), 'api-bench-')), 'shop.sqlite');
console.log(`shop API benchmark: export ${exp}, ${duration}s per run, target ${rate} req/s, load average ${loadAverageBefore.join(' ')} on ${cpus().length} CPUs`);
const server = await startServer({
  API_PORT: '0',
  API_DB: dbFile,
  API_EXPORT_DIR: exp,
  API_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  MAIL_TRANSPORT: 'log',
  API_CLIENT_MAX_FAILURES: '100000000',
});
try {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  const pses = db
    .prepare(`SELECT s.id, p.quantity_step AS step FROM pse s JOIN product p ON p.id = s.product_id WHERE s.quantity >= 10 * p.quantity_step ORDER BY s.id LIMIT 3`)
    .all() as { id: number; step: number }[];
  const stats = db.prepare('SELECT (SELECT COUNT(*) FROM product) AS products, (SELECT COUNT(*) FROM pse) AS variants').get() as { products: number; variants: number };
  db.close();
  if (!pses.length) throw new Error('no variant with enough stock in the export');
  // a cart with up to three lines for cart/get; cart/add re-sets one line (append false) so stock never runs out
  let cartId: number | undefined;
  for (const pse of pses)
    cartId = (await post(`${server.url}/api/cart/add`, { 'thelia.cart_id': cartId, thelia_cart_add: { product_sale_elements_id: pse.id, quantity: pse.step } })).data.cartId;
  const addBody = JSON.stringify({ 'thelia.cart_id': cartId, thelia_cart_add: { product_sale_elements_id: pses[0]!.id, quantity: pses[0]!.step, append: false } });
  const getBody = JSON.stringify({ 'thelia.cart_id': cartId });
  const runs: Run[] = [];
  for (const [scenario, path, body] of [
    ['cart add', '/api/cart/add', addBody],
    ['cart get', '/api/cart/get', getBody],
  ] as const) {
    for (const mode of ['fixed-rate', 'max'] as const) {
      const r = await run(scenario, server.url + path, body, mode);
      runs.push(r);
      console.log(
        `${scenario.padEnd(9)} ${mode.padEnd(10)} ${String(r.rps).padStart(6)} req/s  p50 ${r.latencyMs.p50} ms  p90 ${r.latencyMs.p90} ms  p99 ${r.latencyMs.p99} ms  max ${r.latencyMs.max} ms  errors ${r.errors + r.non2xx}` +
          (r.serviceLatencyMs
            ? `  (from actual send: p50 ${r.serviceLatencyMs.p50} p99 ${r.serviceLatencyMs.p99} ms; in the app: p50 ${r.appMs!.p50} p99 ${r.appMs!.p99} ms)`
            : ''),
      );
    }
  }
  // the same fixed-rate runs while bogus password resets arrive (issue 17: they used to run scrypt first)
  const flood: { scenario: string; quietP99: number; floodP99: number; ratio: number; resets: Run }[] = [];
  for (const [scenario, path, body] of [
    ['cart add', '/api/cart/add', addBody],
    ['cart get', '/api/cart/get', getBody],
  ] as const) {
    const resetBody = (i: number) => JSON.stringify({ token: `bogus-${i}-${Math.random().toString(36).slice(2)}`, password: 'bench-pass', password_confirm: 'bench-pass' });
    const [r, resets] = await Promise.all([
      openLoop(`${scenario} + resets`, server.url + path, body),
      openLoop('bogus resets', server.url + '/api/resetPassword', resetBody, floodRate),
    ]);
    runs.push(r);
    const quiet = runs.find((q) => q.scenario === scenario && q.mode === 'fixed-rate')!;
    const ratio = Math.round((r.latencyMs.p99 / Math.max(quiet.latencyMs.p99, 0.01)) * 100) / 100;
    flood.push({ scenario, quietP99: quiet.latencyMs.p99, floodP99: r.latencyMs.p99, ratio, resets });
    console.log(
      `${(scenario + ' +' + floodRate + ' resets/s').padEnd(22)} ${String(r.rps).padStart(6)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  (quiet p99 ${quiet.latencyMs.p99} ms: x${ratio})  errors ${r.errors + r.non2xx}; resets: ${resets.requests} answered, p99 ${resets.latencyMs.p99} ms`,
    );
  }
  const floodMet = flood.every((f) => f.ratio < 3);
  console.log(`under ${floodRate} bogus resets/s the p99 stays under 3 x the quiet figure: ${floodMet ? 'met' : 'NOT met'}`);
  const target = runs.filter((r) => r.mode === 'fixed-rate' && !r.scenario.includes('+')).every((r) => r.latencyMs.p99 < 15 && r.errors + r.non2xx === 0);
  const report = {
    generatedAt: new Date().toISOString(),
    // other work on the machine shows up as latency: the load average is kept with the numbers
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverageBefore, loadAverageAfter: loadavg().map((l) => Math.round(l * 100) / 100) },
    export: exp,
    catalog: stats,
    durationSeconds: duration,
    target: { rate, p99Ms: 15, met: target },
    runs,
    resetFlood: {
      ratePerSecond: floodRate,
      maxRatio: 3,
      met: floodMet,
      scenarios: flood.map(({ resets, ...f }) => ({ ...f, resetsAnswered: resets.requests, resetsP99Ms: resets.latencyMs.p99, resetsNon2xx: resets.non2xx })),
    },
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/api.json'), JSON.stringify(report, null, 2));
  console.log(`target p99 < 15 ms at ${rate} req/s: ${target ? 'met' : 'NOT met'}; written bench/results/api.json`);
} finally {
  server.stop();
}
