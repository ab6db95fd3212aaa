// Preloaded into a child build (node --import): writes its peak RSS to RSS_REPORT on exit.
import { writeFileSync } from 'node:fs';

const file = process.env.RSS_REPORT;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
