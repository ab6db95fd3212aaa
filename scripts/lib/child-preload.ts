// Preloaded into a child build (node --import).
import { writeFileSync } from 'node:fs';

// Its log reaches the parent whole: a piped stdout is asynchronous here, and Astro exits while
// lines are still queued. A build that reuses every page prints 26,000 "(cached)" lines in a
// second, and without this the parent lost everything after them (the pages, the changes, the
// phases). Blocking writes wait for the parent to read instead.
for (const stream of [process.stdout, process.stderr]) {
  (stream as unknown as { _handle?: { setBlocking?: (blocking: boolean) => void } })._handle?.setBlocking?.(true);
}

// Its peak RSS goes to RSS_REPORT on exit.
const file = process.env.RSS_REPORT;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
