/**
 * Vite's bundles reused when the code has not changed (decision 0016). An editor's rebuild
 * changes the export, not the code, yet `astro build` bundles the same code again each time: two
 * Vite builds, a third of a one-price rebuild. This integration keeps what those builds leave
 * behind and, while the code's fingerprint is unchanged, lets Astro generate the pages from it
 * without bundling:
 *
 * - After a build that bundled (before the pages are generated): a copy of the prerender bundle
 *   (the server code Astro renders the pages with, its manifest injected), a copy of the files Vite
 *   wrote into the site (the client code in `_astro/`, the public folder), each page's inline
 *   styles (Astro's page data, filled by its CSS plugin while bundling), and, after the pages, the
 *   dependency hash per route that Astro's incremental manifest recorded. All under
 *   `<cacheDir>/bundle/`, with the code's fingerprint (`bundle.json`).
 * - A build whose fingerprint equals the kept one answers Vite's two builds with the kept output
 *   (the builder's `build` replaced in a `buildApp` hook that runs before Astro's), copies the
 *   client files back, and gives Astro's prerenderer the kept bundle and the pages their styles.
 *   Astro's incremental cache compares each route's dependency hash, which only bundling computes
 *   (it is '' without it): the manifest's hashes are set to '' for the pages and back after them,
 *   so cached pages stay reused and the next build that bundles compares against the real ones.
 *
 * The fingerprint (key) is the code (code-stamp.ts: src/, messages/, public/, the Astro config,
 * the lockfile), the shop, the settings the config reads, Node's version and the project's and
 * output folder's paths. Anything missing or
 * unreadable in the kept state means a normal build. INCREMENTAL=off (the full build the equality
 * test compares with) always bundles. BUNDLE_REUSE=off turns this off.
 */
import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { z } from 'zod';
import { hashCode } from './code-stamp.ts';
import { MANIFEST, incrementalEnabled, pathUnder } from './incremental.ts';

const STATE = 'bundle';
const META = 'bundle.json';
/** The Vite environments of a static build. */
const PRERENDER = 'prerender';
const CLIENT = 'client';
/** The folder Astro writes the prerender bundle to (and removes after the pages). */
const PRERENDER_FOLDER = '.prerender';

/** Settings the config and its integrations read while bundling (a different value: bundle again). */
const CONFIG_ENV =
  /^(SHOP|SHOP_.*|SEARCH_INDEX|CATALOG_DIR|CATALOG_STRICT|INCREMENTAL|EXPORT_DIR|DIST_DIR|VARIANT_PAGES|PAGE_SHARDS_FROM|BUILD_CONCURRENCY|THELIA_.*|NODE_ENV|PUBLIC_.*)$/;

export const bundleReuseEnabled = () => incrementalEnabled() && process.env.BUNDLE_REUSE !== 'off';

/**
 * The fingerprint of everything the bundles are made from. The project's and the output folder's
 * paths are in it too: the bundle names them (Astro's manifest), and they decide where Astro
 * imports the prerender bundle from.
 */
export function bundleKey(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const settings = Object.entries(env)
    .filter(([k]) => CONFIG_ENV.test(k))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  hash.update(`${process.version}\n${root}\n${outDir}\n${JSON.stringify(settings)}\n`);
  hashCode(hash, root);
  return hash.digest('hex');
}

const Kept = z.object({
  key: z.string(),
  /** Where Astro writes the prerender bundle (it depends on the output folder and the working folder). */
  prerenderDir: z.string(),
  /** The prerender entry's file name in that folder. */
  prerenderEntry: z.string(),
  /** Files Vite wrote into the site, as paths under the output folder. */
  site: z.array(z.string()),
  /** Each page's styles (Astro's page data key to its `styles`). */
  styles: z.array(z.tuple([z.string(), z.array(z.unknown())])),
  /** Astro's dependency hash per route component, as the incremental manifest recorded it. */
  dependencyHashes: z.record(z.string(), z.string()),
});
type Kept = z.infer<typeof Kept>;

const Manifest = z.looseObject({ routes: z.record(z.string(), z.looseObject({ dependencyHash: z.string() })) });

function readJson<T>(file: string, schema: z.ZodType<T>): T | undefined {
  try {
    return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** Copies the files `files` (paths under `from`) to the same paths under `to`. */
function copyFiles(from: string, to: string, files: readonly string[]) {
  const made = new Set<string>();
  for (const file of files) {
    const target = join(to, file);
    const dir = dirname(target);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true }), made.add(dir);
    copyFileSync(join(from, file), target);
  }
}

/** Every file under `dir`, as paths under it with '/'. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => pathUnder(dir, join(e.parentPath, e.name)));

/** Sets each route's dependency hash in Astro's incremental manifest (a missing or unreadable one: nothing to do). */
function setDependencyHashes(file: string, hash: (component: string) => string) {
  const manifest = readJson(file, Manifest);
  if (!manifest) return;
  for (const [component, route] of Object.entries(manifest.routes)) route.dependencyHash = hash(component);
  writeFileSync(file, JSON.stringify(manifest, null, '\t'));
}

/** A page's data as Astro's build hands it to `astro:build:setup` (only `styles` is read and set here). */
type PageData = { styles: unknown[] };

export function bundleReuse(): AstroIntegration {
  const root = process.cwd();
  let stateDir = '';
  let outDir = '';
  let publicDir = '';
  let manifestFile = '';
  let key = '';
  /** The kept state this build reuses (undefined: it bundles). */
  let reuse: Kept | undefined;
  let pages: Map<string, PageData> | undefined;
  /** What the bundling build wrote: the prerender bundle's folder and entry, the client's files. */
  let prerenderDir = '';
  let prerenderEntry = '';
  const clientFiles = new Set<string>();
  const prerenderAssets = new Set<string>();
  let log: AstroIntegrationLogger | undefined;
  const why = (reason: string) => log?.info(`bundling: ${reason}`);

  const plugin: Plugin = {
    name: 'bundle-reuse',
    buildApp: {
      // Before Astro's own buildApp, which calls builder.build for the prerender and client environments.
      order: 'pre',
      async handler(builder) {
        const kept = reuse;
        if (!kept) return;
        // The line the build script reads (scripts/lib/build-shops.ts).
        log?.info('the code is unchanged since the kept bundles: Vite does not bundle it again');
        // The output is what Astro reads of a build: the prerender entry's file name (the chunks it
        // scans for manifest injection have nothing left to inject: the kept bundle has it).
        builder.build = async (environment) => {
          environment.isBuilt = true;
          if (environment.name === CLIENT) {
            copyFiles(join(stateDir, 'site'), outDir, kept.site);
            return { output: [] } as unknown as Awaited<ReturnType<typeof builder.build>>;
          }
          if (environment.name === PRERENDER)
            return { output: [{ type: 'chunk', fileName: kept.prerenderEntry, code: '', moduleIds: [] }] } as unknown as Awaited<ReturnType<typeof builder.build>>;
          throw new Error(`bundle reuse: unexpected Vite environment ${environment.name}`);
        };
      },
    },
    writeBundle(options, bundle) {
      if (reuse || !options.dir) return;
      const name = this.environment.name;
      if (name === CLIENT) for (const file of Object.keys(bundle)) clientFiles.add(file);
      if (name === PRERENDER) {
        prerenderDir = options.dir;
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'asset') prerenderAssets.add(file);
          else if (output.isEntry && file.startsWith('prerender-entry')) prerenderEntry = file;
        }
      }
    },
  };

  /** Keeps the bundles of this build (Astro has injected the manifest; the pages are not generated yet). */
  const keep = () => {
    if (!prerenderDir || !prerenderEntry || !pages) return why('not kept (no prerender bundle seen)');
    rmSync(stateDir, { recursive: true, force: true });
    copyFiles(prerenderDir, join(stateDir, 'prerender'), filesUnder(prerenderDir));
    const publicFiles = existsSync(publicDir) ? filesUnder(publicDir) : [];
    // The prerender bundle's assets Astro moved into the site, the client's files, the public folder's copies.
    const site = [...new Set([...clientFiles, ...prerenderAssets, ...publicFiles])].filter((f) => existsSync(join(outDir, f))).sort();
    copyFiles(outDir, join(stateDir, 'site'), site);
    const partial: Omit<Kept, 'dependencyHashes'> = {
      key,
      prerenderDir,
      prerenderEntry,
      site,
      styles: [...pages].map(([k, page]) => [k, page.styles]),
    };
    // Written whole after the pages (with the dependency hashes): until then no build trusts it.
    writeFileSync(join(stateDir, `${META}.partial`), JSON.stringify(partial));
  };

  /** Puts the kept bundle where Astro imports it from and the pages' styles where it reads them. */
  const restore = (kept: Kept) => {
    rmSync(kept.prerenderDir, { recursive: true, force: true });
    const from = join(stateDir, 'prerender');
    copyFiles(from, kept.prerenderDir, filesUnder(from));
    const styles = new Map(kept.styles);
    for (const [k, page] of pages ?? []) page.styles = (styles.get(k) as unknown[] | undefined) ?? [];
    setDependencyHashes(manifestFile, () => '');
  };

  return {
    name: 'bundle-reuse',
    hooks: {
      'astro:config:setup': ({ updateConfig, logger, command }) => {
        log = logger;
        if (command === 'build' && bundleReuseEnabled()) updateConfig({ vite: { plugins: [plugin] } });
      },
      'astro:config:done': ({ config }) => {
        stateDir = join(fileURLToPath(config.cacheDir), STATE);
        outDir = fileURLToPath(config.outDir);
        publicDir = fileURLToPath(config.publicDir);
        manifestFile = join(fileURLToPath(config.cacheDir), MANIFEST);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        // Off: the kept state stays as it is for the next build that reuses (its key guards it).
        if (!bundleReuseEnabled()) return;
        key = bundleKey(root, outDir);
        const kept = readJson(join(stateDir, META), Kept);
        if (!kept) why('no kept bundles');
        else if (kept.key !== key) why('the code or its settings changed since the kept bundles');
        else if (!existsSync(join(stateDir, 'prerender', kept.prerenderEntry)) || !kept.site.every((f) => existsSync(join(stateDir, 'site', f))))
          why('the kept bundles are incomplete');
        else if (resolve(kept.prerenderDir) !== kept.prerenderDir || basename(kept.prerenderDir) !== PRERENDER_FOLDER) why('the kept bundles name no prerender folder');
        else reuse = kept;
        // Until this build ends well, nothing is reused from the kept state: a build that bundles
        // replaces it, and one that failed with it must not fail the same way again.
        rmSync(join(stateDir, META), { force: true });
        setPrerenderer((prerenderer: AstroPrerenderer) => {
          const setup = prerenderer.setup;
          prerenderer.setup = async () => {
            if (reuse) restore(reuse);
            else keep();
            await setup?.call(prerenderer);
          };
          return prerenderer;
        });
      },
      'astro:build:setup': ({ pages: built }) => {
        pages = built as unknown as Map<string, PageData>;
        // The same code has the same pages; if not, the kept state is not this code's.
        if (reuse) {
          const styles = new Set(reuse.styles.map(([k]) => k));
          if (styles.size !== built.size || ![...built.keys()].every((k) => styles.has(k))) {
            why('the pages differ from the kept bundles');
            reuse = undefined;
          }
        }
      },
      'astro:build:done': () => {
        if (!bundleReuseEnabled()) return;
        if (reuse) {
          const hashes = reuse.dependencyHashes;
          setDependencyHashes(manifestFile, (component) => hashes[component] ?? '');
          writeFileSync(join(stateDir, META), JSON.stringify(reuse));
          return;
        }
        const partialFile = join(stateDir, `${META}.partial`);
        const partial = readJson(partialFile, Kept.omit({ dependencyHashes: true }));
        const manifest = readJson(manifestFile, Manifest);
        if (!partial || !manifest) return;
        const dependencyHashes = Object.fromEntries(Object.entries(manifest.routes).map(([c, r]) => [c, r.dependencyHash]));
        writeFileSync(join(stateDir, META), JSON.stringify({ ...partial, dependencyHashes }));
        rmSync(partialFile);
      },
    },
  };
}
