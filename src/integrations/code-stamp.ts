/**
 * The fingerprint of the code a shop build bundles: the contents of src/, messages/, public/ and
 * project.inlang, the Astro config, the lockfile and tsconfig. One rule for the build script's
 * "nothing changed" stamp (scripts/lib/build-shops.ts) and the bundle reuse (bundle-reuse.ts).
 */
import type { Hash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders whose files' contents are code or texts (the generated message modules are made from messages/). */
const CODE_FOLDERS = ['src', 'messages', 'public', 'project.inlang'];
const CODE_FILES = ['astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const GENERATED = join('src', 'i18n', 'generated');

/** Adds the code under `root` to `hash`: each file's path and contents, in a fixed order. */
export function hashCode(hash: Hash, root: string): void {
  for (const dir of CODE_FOLDERS) {
    const top = join(root, dir);
    if (!existsSync(top)) continue;
    const files = readdirSync(top, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((f) => !relative(root, f).startsWith(GENERATED + sep))
      .sort();
    for (const f of files) hash.update(`${relative(top, f)}\n`).update(readFileSync(f));
  }
  for (const f of CODE_FILES) if (existsSync(join(root, f))) hash.update(readFileSync(join(root, f)));
}
