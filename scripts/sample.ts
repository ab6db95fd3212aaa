/**
 * Deterministic sample catalog: `npm run sample -- --products N [--out export] [--seed 1]`.
 * Writes a complete export folder (docs/sample-catalog.md). Same N and seed, same bytes.
 */
import { parseArgs } from 'node:util';
import { generateSample } from './sample/catalog.ts';

const USAGE = 'usage: npm run sample -- --products N [--out export] [--seed 1]';

function integer(name: string, text: string | undefined, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required\n${USAGE}`);
    return fallback;
  }
  if (!/^-?\d+$/.test(text.replace(/_/g, ''))) throw new Error(`--${name} must be an integer, got "${text}"\n${USAGE}`);
  return Number(text.replace(/_/g, ''));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', short: 'n' },
      out: { type: 'string', short: 'o', default: 'export' },
      seed: { type: 'string', short: 's' },
      quiet: { type: 'boolean', short: 'q', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const products = integer('products', values.products);
  const seed = integer('seed', values.seed, 1);
  const started = performance.now();
  const progress = values.quiet
    ? undefined
    : (done: number, total: number) => {
        if (total >= 20_000) process.stderr.write(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} products\n`);
      };
  // Ctrl-C: let the generator remove its temporary folder; the previous export stays as it was.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort(new Error('interrupted')));
  process.once('SIGTERM', () => stop.abort(new Error('terminated')));
  const result = await generateSample({ products, seed, out: values.out, onProgress: progress, progressEvery: 10_000, signal: stop.signal });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counts = Object.entries(result.counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  // maxRSS is this process only; the image renderer runs in a short-lived child process.
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  if (!values.quiet) console.log(`sample catalog written to ${result.dir} in ${seconds} s (seed ${seed}, peak RSS ${peakMb} MB): ${counts}`);
}

main().catch((error: unknown) => {
  console.error(`sample: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
