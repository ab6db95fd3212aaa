/**
 * Incremental builds (Astro's `experimental.incrementalBuild`). Astro keeps a copy of every page
 * that has a `cacheKey` under `<cacheDir>/dist/` and a manifest (`incremental-build.json`: per
 * route file its code hash, per path its key and output file); a page whose key and code are
 * unchanged is not rendered again. The catalog pages' keys come from the catalog index
 * (src/catalog/page-keys.ts).
 *
 * Astro would empty the output folder and copy every reused page back from its cache (26,000
 * files and 1.6 GB per shop at 10,000 products). This integration empties the folder itself
 * (`vite.build.emptyOutDir` is off) and hard-links the cached pages into it before the pages are
 * generated, so Astro finds them in place; after the build it removes the links of pages that are
 * gone (a deleted product), makes the cache's copy of each page rendered a link to the site's
 * (so the site and the cache hold one copy, and the next build keeps the site's pages where they
 * are instead of deleting and linking them again; in a first build the cache's folder is a link
 * to the site while the pages are written) and reports how many pages were rendered and reused.
 *
 * A build that fails halfway may have written pages through such links into the cache while the
 * manifest still holds the old keys: a marker file set at the start and removed at the end makes
 * the next build drop the cache and render everything.
 *
 * `keep` names files that are not Astro's copies but stand on them: the pages written from a
 * product's cached template (integrations/variant-pages.ts, decision 0013), the template's own
 * file among them. They stay where they are, and a page of them Astro does not write again is not
 * made the cache's copy.
 *
 * INCREMENTAL=off (what the equality test compares against) renders every page.
 */
import type { AstroIntegration } from 'astro';
import {
  type Dirent,
  type Stats,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SHOP_CODES } from '../shops/index.ts';

/** Astro's incremental manifest in the cache folder (bundle-reuse.ts sets its dependency hashes). */
export const MANIFEST = 'incremental-build.json';
const MARKER = 'incremental-build.unfinished';

interface Manifest {
  routes: Record<string, { paths: Record<string, { cacheKey: string; outputFile: string }> }>;
}

function outputFiles(file: URL): Set<string> {
  const files = new Set<string>();
  if (!existsSync(file)) return files;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    for (const route of Object.values(manifest.routes ?? {})) for (const p of Object.values(route.paths ?? {})) files.add(p.outputFile);
  } catch {
    // unreadable: nothing to reuse
  }
  return files;
}

/** Whether a path is a symbolic link (the page cache's folder during a first build). */
const isLink = (path: string) => lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;

/** Removes the page cache's folder, or the link that stood for it in a first build (not the site it points to). */
function removeCachedPages(path: string) {
  if (isLink(path)) unlinkSync(path);
  else rmSync(path, { recursive: true, force: true });
}

/** Hard-links a file (copies it where links fail: another file system). */
export function linkOrCopy(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Links a file into a folder tree, making its folder first (once per folder: `made`). */
function linkInto(from: string, to: string, made: Set<string>) {
  const dir = dirname(to);
  if (!made.has(dir)) mkdirSync(dir, { recursive: true }), made.add(dir);
  linkOrCopy(from, to);
}

/** A file's path under `root`, with '/' (a site path, a manifest's key). */
export const pathUnder = (root: string, path: string) => {
  // A path below root as readdir gives it: cut, not resolved (path.relative costs 100 ms per 26,000 files).
  const base = root.endsWith(sep) ? root : root + sep;
  return sep === '/' && path.startsWith(base) ? path.slice(base.length) : relative(root, path).split(sep).join('/');
};

/** Removes the folders of `folders` that are empty, deepest first (a folder emptied by its child's removal too). */
function removeEmptyFolders(folders: string[]) {
  for (const dir of folders.sort((a, b) => b.length - a.length))
    if (lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() && !readdirSync(dir).length) rmSync(dir, { recursive: true });
}

/** Every file and folder under `out`, recursively, but for the folders at its root named in `left`. */
export function siteEntries(out: string, left: ReadonlySet<string>): Dirent[] {
  const entries: Dirent[] = [];
  for (const top of readdirSync(out, { withFileTypes: true })) {
    if (top.isDirectory() && left.has(top.name)) continue;
    entries.push(top);
    // One by one: a shard folder holds 260,000 entries at 100,000 products, too many to spread into one call.
    if (top.isDirectory()) for (const e of readdirSync(join(out, top.name), { recursive: true, withFileTypes: true })) entries.push(e);
  }
  return entries;
}

/**
 * Makes folder `to` hold links to exactly the files of the folder tree `from` (copies where links
 * fail), leaving alone what already is: a file that is a link to its source stays, any other is
 * replaced, and a file `from` does not have is removed, with the folders it leaves empty. `skip`:
 * names of files of `from` left out. A rebuild's search index
 * (13,500 files at 10,000 products, most of them unchanged) was removed and linked again file by
 * file. Returns how many files were linked anew.
 */
export function mirrorTree(
  from: string,
  to: string,
  {
    skip = new Set<string>(),
    stamp,
  }: {
    skip?: ReadonlySet<string>;
    /** A file kept outside both trees: a mirror whose folders are all as it left them is not walked again (MirrorStamp). */
    stamp?: string;
  } = {},
): number {
  if (stamp && stampHolds(stamp, from, to)) return 0;
  if (stamp) rmSync(stamp, { force: true });
  /** Each file's path in `to`, with its source. */
  const wanted = new Map<string, string>();
  const fromFolders = [from];
  for (const e of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (e.isDirectory()) fromFolders.push(join(e.parentPath, e.name));
    if (!e.isFile() || skip.has(e.name)) continue;
    const source = join(e.parentPath, e.name);
    wanted.set(pathUnder(from, source), source);
  }
  if (!lstatSync(to, { throwIfNoEntry: false })?.isDirectory()) rmSync(to, { force: true });
  mkdirSync(to, { recursive: true });
  const folders: string[] = [];
  for (const e of readdirSync(to, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    if (e.isDirectory()) folders.push(path);
    else if (!wanted.has(pathUnder(to, path))) rmSync(path, { force: true });
  }
  let linked = 0;
  const made = new Set<string>();
  for (const [path, source] of wanted) {
    const target = join(to, path);
    if (sameFile(source, target)) continue;
    // What stands there: another file, or a folder of the same name.
    rmSync(target, { recursive: true, force: true });
    linkInto(source, target, made);
    linked++;
  }
  removeEmptyFolders(folders);
  if (stamp) {
    // What `to` holds now: the wanted files, in `to` and the folders above them.
    const toFolders = new Set([to]);
    for (const path of wanted.keys()) for (let d = dirname(path); d !== '.' && d !== '/'; d = dirname(d)) toFolders.add(join(to, d));
    const stamped: MirrorStamp = { from, to, folders: [...fromFolders, ...toFolders].map((f) => [f, folderId(f) ?? '']) };
    writeFileSync(stamp, JSON.stringify(stamped));
  }
  return linked;
}

/**
 * What a mirror left (mirrorTree's `stamp`): its two trees and every folder of both with its
 * identity then. A file added to, removed from or renamed in a folder changes the folder's
 * modification time, and a file written over in place keeps its inode, which a mirror does not
 * look at either: while every folder is as it was, `to` still mirrors `from`. A rebuild's search
 * index (10,000 fragments in a folder at 10,000 products) then costs a stat per folder instead of
 * two per file.
 */
const MirrorStamp = z.object({ from: z.string(), to: z.string(), folders: z.array(z.tuple([z.string(), z.string()])) });
type MirrorStamp = z.infer<typeof MirrorStamp>;

/** A folder's identity: its inode and modification time in nanoseconds (undefined: no folder there). */
function folderId(path: string): string | undefined {
  const st = statSync(path, { bigint: true, throwIfNoEntry: false });
  return st?.isDirectory() ? `${st.ino}:${st.mtimeNs}` : undefined;
}

function stampHolds(file: string, from: string, to: string): boolean {
  let stamp: MirrorStamp | undefined;
  try {
    stamp = MirrorStamp.safeParse(JSON.parse(readFileSync(file, 'utf8'))).data;
  } catch {
    return false; // none, or not JSON
  }
  return !!stamp && stamp.from === from && stamp.to === to && stamp.folders.every(([path, id]) => id !== '' && folderId(path) === id);
}

/** Whether two paths name the same file (hard links of one another). */
export function sameFile(a: string, b: string): boolean {
  return sameStat(statOrNone(a), statOrNone(b));
}

/** A file's stats, or undefined when there is none (or the path cannot be one: a file where a folder should be). */
export function statOrNone(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether two files' stats are of one file (undefined: no file). */
export const sameStat = (x: Stats | undefined, y: Stats | undefined): boolean => x !== undefined && y !== undefined && x.ino === y.ino && x.dev === y.dev;

export const incrementalEnabled = () => process.env.INCREMENTAL !== 'off';

/**
 * Astro's cache folder of a shop build: per shop and output folder, so builds can run side by side
 * (three shops; tests beside a developer's build) without reading each other's content store or
 * page cache.
 */
const HASH_CHARS = 8;
export const astroCacheDir = (shop: string, distDir: string) => `./node_modules/.astro/${shop}-${createHash('sha1').update(resolve(distDir)).digest('hex').slice(0, HASH_CHARS)}`;
/** A folder name astroCacheDir makes: a shop's code and the hash of an output folder. */
const CACHE_FOLDER = new RegExp(`^(?:${SHOP_CODES.join('|')})-[0-9a-f]{${HASH_CHARS}}$`);

/** A cache folder (astroCacheDir) whose output folder was not built for this long is removed. */
export const CACHE_UNUSED_DAYS = 7;
const TRASH = '.removing-';
const USED = 'last-used';

/** Notes that a cache folder's output folder is being built (also when nothing changed and Astro is not started). */
export function markCacheUsed(cacheDir: string) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, USED), new Date().toISOString());
}

/** When a cache folder was last used: its mark, or for one from before the mark its folder's mtime. */
function lastUsed(dir: string): number {
  return (statSync(join(dir, USED), { throwIfNoEntry: false }) ?? statSync(dir)).mtimeMs;
}

/** Whether a process is running (a removal it started is still under way). */
function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the cache folders beside `own` (one per shop and output folder: every test, bench or
 * temporary output folder leaves one, hundreds of MB to 20 GB at 100,000 products) that were not
 * used for CACHE_UNUSED_DAYS. A folder is renamed first, so a build that starts meanwhile never
 * sees half of one, and deleted in the background (`done`); a deletion cut short by the process's
 * end is finished by the next prune (builds running side by side leave each other's alone). Other entries of the parent folder are left alone.
 */
export function pruneUnusedCaches(own: string, now = Date.now()): { removed: string[]; done: Promise<void> } {
  const parent = dirname(resolve(own));
  const removed: string[] = [];
  const trash: string[] = [];
  for (const entry of readdirSync(parent, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(parent, entry.name);
    // A removal this or another running build started is its own; one whose build ended is finished here.
    if (entry.name.startsWith(TRASH)) {
      if (!running(Number(entry.name.slice(entry.name.lastIndexOf('-') + 1)))) trash.push(dir);
    } else if (CACHE_FOLDER.test(entry.name) && dir !== resolve(own) && now - lastUsed(dir) > CACHE_UNUSED_DAYS * 86_400_000) {
      const to = join(parent, `${TRASH}${entry.name}-${process.pid}`);
      try {
        renameSync(dir, to);
      } catch {
        continue; // another build took it first
      }
      removed.push(entry.name);
      trash.push(to);
    }
  }
  const done = Promise.all(trash.map((dir) => rm(dir, { recursive: true, force: true }).catch(() => {}))).then(() => {});
  return { removed, done };
}

export function incremental({
  keep = () => new Set<string>(),
  leave = () => [],
}: {
  keep?: (cacheDir: string) => Set<string>;
  /** Folders at the site's root that another integration makes whole after the pages (the search index's): left as they are. */
  leave?: () => readonly string[];
} = {}): AstroIntegration {
  let out: string;
  let cacheDir: URL;
  /** Astro's copy of every keyed page (`<cacheDir>/dist`). */
  let cachedPages: string;
  let linked = new Set<string>();
  /** The files `keep` left in place that are also Astro's pages, with their mtime then. */
  let keptAt = new Map<string, number>();
  let started = 0;
  return {
    name: 'incremental',
    hooks: {
      'astro:config:done': ({ config }) => {
        out = fileURLToPath(config.outDir);
        cacheDir = config.cacheDir;
        cachedPages = join(fileURLToPath(config.cacheDir), 'dist');
      },
      'astro:build:start': ({ logger }) => {
        started = Date.now();
        markCacheUsed(fileURLToPath(cacheDir));
        const pruned = pruneUnusedCaches(fileURLToPath(cacheDir));
        if (pruned.removed.length)
          logger.info(`removing the caches of ${pruned.removed.length} output folders not built for ${CACHE_UNUSED_DAYS} days: ${pruned.removed.join(', ')}`);
        const manifest = new URL(MANIFEST, cacheDir);
        const marker = new URL(MARKER, cacheDir);
        const dropped = !incrementalEnabled() || existsSync(marker);
        if (dropped) {
          if (existsSync(marker)) logger.warn('the previous build did not finish: its page cache is dropped, every page is rendered');
          rmSync(manifest, { force: true });
          removeCachedPages(cachedPages);
        }
        const kept = dropped ? new Set<string>() : keep(fileURLToPath(cacheDir));
        // The output folder starts as Astro's emptyOutDir would leave it, with the cached pages in
        // it: a file that is already a link to its cached page (the previous build left it so) stays,
        // everything else goes. Unlinking 26,000 names is cheap; freeing 1.6 GB of pages is not.
        const cached = outputFiles(manifest);
        const t = performance.now();
        mkdirSync(out, { recursive: true });
        linked = new Set();
        keptAt = new Map();
        const folders: string[] = [];
        const left = new Set(leave());
        for (const entry of siteEntries(out, left)) {
          const path = join(entry.parentPath, entry.name);
          if (entry.isDirectory()) {
            folders.push(path);
            continue;
          }
          const file = pathUnder(out, path);
          if (cached.has(file) && sameFile(path, join(cachedPages, file))) linked.add(file);
          else if (kept.has(file)) {
            if (cached.has(file)) linked.add(file), keptAt.set(file, statSync(path).mtimeMs);
          } else rmSync(path, { force: true });
        }
        removeEmptyFolders(folders);
        const already = linked.size;
        const made = new Set<string>();
        for (const file of cached) {
          if (linked.has(file) || !existsSync(join(cachedPages, file))) continue;
          linkInto(join(cachedPages, file), join(out, file), made);
          linked.add(file);
        }
        mkdirSync(cacheDir, { recursive: true });
        if (incrementalEnabled() && !cached.size) {
          // Nothing cached (a first build): the page cache's folder is the site itself while the
          // pages are written, so each page is one file, not a copy for the site and one for the
          // cache (build:done makes the folder real again).
          removeCachedPages(cachedPages);
          symlinkSync(out, cachedPages, 'dir');
        }
        writeFileSync(marker, new Date().toISOString());
        if (linked.size)
          logger.info(`${linked.size} cached pages in ${out} (${already} already there, ${linked.size - already} linked) in ${Math.round(performance.now() - t)} ms`);
      },
      'astro:build:done': ({ logger, pages }) => {
        const now = outputFiles(new URL(MANIFEST, cacheDir));
        let removed = 0;
        const unwritten = new Set<string>();
        for (const file of linked) {
          const path = join(out, file);
          if (!now.has(file)) {
            rmSync(path, { force: true });
            removed++;
          } else if (statSync(path).mtimeMs < started) unwritten.add(file);
        }
        const reused = unwritten.size;
        // The page cache holds a link to each of the site's pages, one file for both: a first build's
        // cache folder (a link to the site while it was written) becomes a folder of links; in a
        // later build, Astro wrote the pages that are new to its cache twice, and the cache's copy
        // becomes a link to the site's. The next build then finds every page in place (see above).
        const firstBuild = isLink(cachedPages);
        const target = firstBuild ? `${cachedPages}.new` : cachedPages;
        if (firstBuild) rmSync(target, { recursive: true, force: true });
        const made = new Set<string>();
        for (const file of now) {
          // Linked from the cache before the pages and not written since: the cache's copy, or kept (see keep).
          if (!firstBuild && unwritten.has(file)) continue;
          const path = join(out, file);
          const copy = join(target, file);
          if (!existsSync(path) || (!firstBuild && (!existsSync(copy) || sameFile(path, copy)))) continue;
          // Kept in place (see keep) and not written again: a page on the cache's copy, not that copy.
          if (keptAt.get(file) === statSync(path).mtimeMs) continue;
          if (!firstBuild) rmSync(copy);
          linkInto(path, copy, made);
        }
        if (firstBuild) {
          unlinkSync(cachedPages);
          renameSync(target, cachedPages);
        }
        rmSync(new URL(MARKER, cacheDir), { force: true });
        // One line the build script reads (scripts/lib/build-shops.ts).
        logger.info(`pages: ${now.size - reused} of ${now.size} keyed pages and files rendered, ${reused} reused; ${pages.length} pages in all; ${removed} gone`);
      },
    },
  };
}
