/** A child build's log reaches buildShops whole: its report is parsed from the last lines. */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { CHILD_PRELOAD, eachLine } from '../../../scripts/lib/build-shops.ts';

const collect = (stream: PassThrough | NodeJS.ReadableStream) => {
  const lines: string[] = [];
  eachLine(stream as PassThrough, (l) => lines.push(l));
  return new Promise<string[]>((resolve) => stream.on('end', () => resolve(lines)));
};

describe('a child build that prints 30,000 lines and exits at once', () => {
  test('every line arrives, the report after them too', async () => {
    // What Astro does when every page is reused: a "(cached)" line per page in a second, its
    // integrations' report, then process.exit. Without the preload the parent got 12 KB of 1.2 MB.
    const script = `for (let i = 0; i < 30000; i++) console.log('  ├─ /page-' + i + '.html (cached)');
      console.log('[incremental] pages: 0 of 30000 keyed pages and files rendered, 30000 reused');
      process.exit(0);`;
    const child = spawn(process.execPath, [...CHILD_PRELOAD, '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = await collect(child.stdout);
    expect(lines).toHaveLength(30_001);
    expect(lines[29_999]).toBe('  ├─ /page-29999.html (cached)');
    expect(lines.at(-1)).toMatch(/30000 reused$/);
  }, 30_000);
});

describe("a child build's lines per page, gathered into few writes", () => {
  test('arrive whole and in order to a slow reader, and any other line goes out at once', async () => {
    // Astro writes a page's line in two parts ("├─ /path", then "(cached)" or its time). The
    // other lines are the build script's phase marks: one must not wait behind work that follows it.
    const script = `for (let i = 0; i < 20000; i++) { process.stdout.write('  ├─ /page-' + i + '.html'); process.stdout.write(' (cached)\\n'); }
      console.log('[incremental] pages: 0 of 20000 keyed pages and files rendered, 20000 reused');
      const until = Date.now() + 1500; while (Date.now() < until);
      console.log('[site-rules] done');
      process.exit(0);`;
    const child = spawn(process.execPath, [...CHILD_PRELOAD, '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pause();
    await new Promise((r) => setTimeout(r, 300));
    const arrived = new Map<string, number>();
    const lines: string[] = [];
    eachLine(child.stdout, (l) => {
      lines.push(l);
      arrived.set(l.split(' ')[0]!, performance.now());
    });
    child.stdout.resume();
    await new Promise((resolve) => child.stdout.on('end', resolve));
    expect(lines).toHaveLength(20_002);
    expect(lines[0]).toBe('  ├─ /page-0.html (cached)');
    expect(lines[19_999]).toBe('  ├─ /page-19999.html (cached)');
    expect(lines[20_000]).toMatch(/^\[incremental\] pages:/);
    expect(arrived.get('[site-rules]')! - arrived.get('[incremental]')!).toBeGreaterThan(1000);
  }, 30_000);
});

describe('eachLine', () => {
  test('a character split between two chunks stays one character; the last line comes without its newline', async () => {
    const stream = new PassThrough();
    const lines = collect(stream);
    const bytes = Buffer.from('  ├─ /a.html\n  └─ /b.html');
    stream.write(bytes.subarray(0, 4)); // '  ' and the first byte of '├'
    stream.write(bytes.subarray(4, 20));
    stream.end(bytes.subarray(20));
    expect(await lines).toEqual(['  ├─ /a.html', '  └─ /b.html']);
  });

  test('two streams keep their own partial lines', async () => {
    const out = new PassThrough();
    const err = new PassThrough();
    const seen: string[] = [];
    eachLine(out, (l) => seen.push(`out:${l}`));
    eachLine(err, (l) => seen.push(`err:${l}`));
    out.write('[build] pag');
    err.write('warn: slow\n');
    out.end('es: 3\n');
    err.end();
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['err:warn: slow', 'out:[build] pages: 3']);
  });
});
