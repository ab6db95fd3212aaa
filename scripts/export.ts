/**
 * npm run export -- --db mysql://user:pass@host:port/thelia [--media <folder> | --media-url <base>] [--out export/]
 *
 * Reads a Thelia 2.5/2.6 database read-only and writes the export folder. See
 * docs/export-format.md ("The Thelia exporter") and `--help`.
 *
 * Memory: the exporter works page by page, so its live heap stays at a few tens of MB whatever
 * the catalog size. V8's defaults would still let the heap grow with the allocation rate (a
 * 128 MB young generation, a lazily grown old one), so the CLI re-executes itself once with a
 * fixed young generation and a heap ceiling (--max-heap, default 256 MB). Only node: built-ins
 * are loaded before that, to keep the waiting parent small.
 */
import { spawn } from 'node:child_process';

const HEAP_FLAG = '--max-old-space-size';
const DEFAULT_HEAP_MB = 256;

function requestedHeap(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--max-heap' || a.startsWith('--max-heap='));
  if (i < 0) return DEFAULT_HEAP_MB;
  const value = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const mb = Number(value);
  return Number.isInteger(mb) && mb >= 32 ? mb : DEFAULT_HEAP_MB;
}

/** Runs this script again with fixed V8 heap settings; resolves with the child's exit code. */
function reexec(): Promise<number> {
  const flags = ['--max-semi-space-size=4', `${HEAP_FLAG}=${requestedHeap(process.argv)}`];
  const child = spawn(process.execPath, [...flags, ...process.execArgv, import.meta.filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, THELIA_EXPORT_LAUNCHER_PID: String(process.pid) },
  });
  // Ctrl-C on a terminal reaches the child directly (same process group); other signals are passed on
  process.on('SIGINT', () => undefined);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`export failed: cannot start ${process.execPath}: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}

const configured = process.execArgv.some((a) => a.startsWith(HEAP_FLAG)) || (process.env.NODE_OPTIONS ?? '').includes(HEAP_FLAG);
if (!configured) process.exit(await reexec());

const { writeFileSync, existsSync, readFileSync, readdirSync, statSync } = await import('node:fs');
const { join } = await import('node:path');
const { parseArgs } = await import('node:util');
const { EXIT, ExportFailure } = await import('./export/errors.ts');
const { DEFAULT_LOCALES } = await import('./export/languages.ts');
const { createReporter } = await import('./export/progress.ts');
const { runExport } = await import('./export/run.ts');
type AttributeKind = import('./export/products.ts').AttributeKind;
type ExportFailure = InstanceType<typeof ExportFailure>;

const HELP = `Usage: npm run export -- --db mysql://user:password@host:port/thelia [options]

Reads a Thelia 2.5 or 2.6 database (read-only) and writes the storefront export.

  --db <url>             the database; or set THELIA_DB_URL (keeps the password off the command line)
  --out <dir>            the export folder (default: export). Replaced only when the export succeeds.
  --media <dir>          Thelia's media folder (local/media: images/ and documents/ below it);
                         files are copied into <out>/media/
  --media-url <base>     reference files on a CDN as <base>/images/<type>/<file> instead of copying;
                         image sizes are read from --media, or taken from --image-size
  --image-size <WxH>     with --media-url and no --media: the size declared for every image
  --locales <list>       export locales and the Thelia language each reads (default ${DEFAULT_LOCALES});
                         e.g. de_DE,de_AT=de_DE,ro_RO
  --module <file>        a module adding the shop's own data (repeatable); see docs/export-format.md
  --attribute-kind <id=kind>  kind (color, size, other) of an attribute (repeatable); guessed from titles otherwise
  --timezone <offset>    UTC offset of Thelia's dates, e.g. +01:00 (default UTC)
  --page-size <n>        products read per page (default 500)
  --stats <file>         write a JSON summary (counts, seconds, peak memory) to this file
  --max-heap <MB>        V8 heap ceiling (default 256); raise it only for pages of huge texts
  --quiet                only warnings and errors
  --help

Exit codes: 0 done, 1 failed, 2 usage, 3 cannot connect, 4 access denied, 5 not a (supported)
Thelia database, 6 missing language, 130 interrupted. On failure the previous export stays.`;

function fail(error: ExportFailure): never {
  process.stderr.write(`\nexport failed: ${error.message}\n`);
  if (error.hint) process.stderr.write(`  hint: ${error.hint}\n`);
  if (error.exitCode !== EXIT.usage && error.exitCode !== EXIT.interrupted) process.stderr.write('  the previous export, if any, is unchanged\n');
  process.exit(error.exitCode);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        db: { type: 'string' },
        out: { type: 'string', default: 'export' },
        media: { type: 'string' },
        'media-url': { type: 'string' },
        'image-size': { type: 'string' },
        locales: { type: 'string' },
        module: { type: 'string', multiple: true },
        'attribute-kind': { type: 'string', multiple: true },
        timezone: { type: 'string' },
        'page-size': { type: 'string' },
        stats: { type: 'string' },
        'max-heap': { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(new ExportFailure(`${(error as Error).message}\n\n${HELP}`, EXIT.usage));
  }
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return;
  }
  const db = values.db ?? process.env.THELIA_DB_URL;
  if (!db) fail(new ExportFailure(`--db is required (or THELIA_DB_URL)\n\n${HELP}`, EXIT.usage));

  const mediaUrl = values['media-url'];
  if (mediaUrl && !/^https?:\/\/[^\s]+$/.test(mediaUrl)) fail(new ExportFailure(`--media-url must be an http(s) URL: ${mediaUrl}`, EXIT.usage));
  let imageSize: { width: number; height: number } | undefined;
  if (values['image-size']) {
    const m = /^(\d+)x(\d+)$/.exec(values['image-size']);
    if (!m || Number(m[1]) <= 0 || Number(m[2]) <= 0) fail(new ExportFailure('--image-size must be WIDTHxHEIGHT, e.g. 1200x1200', EXIT.usage));
    imageSize = { width: Number(m[1]), height: Number(m[2]) };
  }
  if (mediaUrl && !values.media && !imageSize) {
    fail(
      new ExportFailure(
        '--media-url needs the image sizes: give the local media folder with --media (sizes are read from it, nothing is copied), or declare one size for every image with --image-size WxH',
        EXIT.usage,
      ),
    );
  }
  if (values.media) {
    if (!existsSync(values.media)) fail(new ExportFailure(`--media ${values.media} does not exist`, EXIT.usage));
    if (!existsSync(join(values.media, 'images')) && !existsSync(join(values.media, 'documents'))) {
      fail(new ExportFailure(`--media ${values.media} is not Thelia's media folder: it has no images/ or documents/ below it (give <thelia>/local/media)`, EXIT.usage));
    }
  }
  // The writer swaps the new export in place of --out and deletes what was there: never let
  // that be anything but a previous export.
  if (existsSync(values.out)) {
    const entries = statSync(values.out).isDirectory() ? readdirSync(values.out) : null;
    let isExport = false;
    try {
      isExport = (JSON.parse(readFileSync(join(values.out, 'manifest.json'), 'utf8')) as { format?: string }).format === 'thelia-storefront-export';
    } catch {
      isExport = false;
    }
    if (entries === null || (entries.length > 0 && !isExport)) {
      fail(new ExportFailure(`refusing to replace ${values.out}: it exists and is not an export folder (no export manifest.json). Choose another --out, or empty it`, EXIT.usage));
    }
  }
  const attributeKinds = new Map<number, AttributeKind>();
  for (const spec of values['attribute-kind'] ?? []) {
    const m = /^(\d+)=(color|size|other)$/.exec(spec);
    if (!m) fail(new ExportFailure(`--attribute-kind must be <attribute id>=color|size|other, got ${spec}`, EXIT.usage));
    attributeKinds.set(Number(m[1]), m[2] as AttributeKind);
  }
  const pageSize = values['page-size'] ? Number(values['page-size']) : undefined;
  if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000)) {
    fail(new ExportFailure('--page-size must be an integer from 1 to 10000', EXIT.usage));
  }

  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = () => {
    if (++interrupts > 1) process.exit(EXIT.interrupted);
    process.stderr.write('\nstopping after the current page (again to stop at once)...\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const report = createReporter({ quiet: values.quiet });
  try {
    const summary = await runExport({
      db,
      out: values.out,
      media: { folder: values.media, baseUrl: mediaUrl, imageSize },
      locales: values.locales,
      modules: values.module,
      timezone: values.timezone,
      attributeKinds,
      pageSize,
      report,
      signal: controller.signal,
    });
    const peakRss = process.resourceUsage().maxRSS * 1024;
    const warnings = Object.entries(summary.warnings);
    const lines = [
      `export written to ${summary.dir} in ${summary.seconds.toFixed(1)} s (peak memory ${Math.round(peakRss / 1048576)} MB)`,
      `  ${Object.entries(summary.counts)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
      `  ${summary.skippedProducts} visible products left out; ${summary.hiddenCategoryProducts} products only in hidden categories (exported, reachable by URL)`,
      `  media: ${summary.media.images} images, ${summary.media.documents} documents, ${summary.media.copied} files copied, ${summary.media.missing} missing`,
      `  URL rows skipped: ${summary.redirects.deleted} of deleted objects, ${summary.redirects.obsolete} obsolete, ${summary.redirects.notExported} old URLs of objects not exported`,
      warnings.length ? `  warnings: ${warnings.map(([k, n]) => `${n} ${k}`).join(', ')}` : '  no warnings',
    ];
    if (!values.quiet || warnings.length) process.stderr.write(lines.join('\n') + '\n');
    if (values.stats) {
      // the launcher that re-executed this process waits beside it: count its memory too (Linux)
      let launcherPeakRssBytes: number | undefined;
      if (process.env.THELIA_EXPORT_LAUNCHER_PID === String(process.ppid)) {
        try {
          const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${process.ppid}/status`, 'utf8'));
          if (hwm) launcherPeakRssBytes = Number(hwm[1]) * 1024;
        } catch {
          // not Linux: left out
        }
      }
      writeFileSync(values.stats, JSON.stringify({ ...summary, peakRssBytes: peakRss, launcherPeakRssBytes }, null, 2));
    }
  } catch (error) {
    if (error instanceof ExportFailure) fail(error);
    process.stderr.write(`\nexport failed: ${(error as Error).stack ?? String(error)}\n  the previous export, if any, is unchanged\n`);
    process.exit(EXIT.failed);
  }
}

await main();
