// Preloaded into a child build (node --import).
import { writeFileSync } from 'node:fs';

// Its log reaches the parent whole: a piped stdout is asynchronous here, and Astro exits while
// lines are still queued. A build that reuses every page prints 26,000 "(cached)" lines in a
// second, and without this the parent lost everything after them (the pages, the changes, the
// phases). Blocking writes wait for the parent to read instead.
for (const stream of [process.stdout, process.stderr]) {
  (stream as unknown as { _handle?: { setBlocking?: (blocking: boolean) => void } })._handle?.setBlocking?.(true);
}

// Astro's line per page ("├─ /path" and then "(cached)" or the time it took) leaves in batches:
// each write to the pipe is a system call, 0.4 s of a rebuild's pages for its 10,000 lines. They
// are gathered and written as one string once the event loop has gone round, or before any other
// text, which goes at once: the build script times its phases by when those lines come. (Not
// cork(): its one writev to a blocking pipe loses what does not fit the pipe when the parent reads
// slowly.)
let pending: string[] = [];
let open = false;
const write = process.stdout.write.bind(process.stdout) as (chunk: unknown, ...rest: unknown[]) => boolean;
const flush = () => {
  if (!pending.length) return;
  const text = pending.join('');
  pending = [];
  write(text);
};
process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
  // A page's line, or the rest of one (its start came without a line break).
  if (typeof chunk === 'string' && !rest.length && (open || chunk.includes('├─') || chunk.includes('└─'))) {
    if (!pending.length) setImmediate(flush);
    pending.push(chunk);
    open = !chunk.endsWith('\n');
    return true;
  }
  flush();
  open = false;
  return write(chunk, ...rest);
}) as typeof process.stdout.write;
process.on('exit', flush);

// Its peak RSS goes to RSS_REPORT on exit.
const file = process.env.RSS_REPORT;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
