/**
 * The one-time format of the whole tree (issue 12 item 7), for the lead after merging: drops
 * biome.json's "not formatted yet" override (the one that turns the formatter off for every file
 * but the new ones) and runs `biome format --write .`. Afterwards `npm test`'s `biome ci` checks
 * the format of every file. Run: `npm run format:tree`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const file = join(root, 'biome.json');
const config = JSON.parse(readFileSync(file, 'utf8')) as { overrides?: { formatter?: { enabled?: boolean } }[] };
const before = config.overrides?.length ?? 0;
config.overrides = (config.overrides ?? []).filter((o) => o.formatter?.enabled !== false);
if (config.overrides.length !== before) writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
const r = spawnSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', '.'], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
