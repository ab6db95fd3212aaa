/**
 * Responsive images from the export's files. Pages ask for an image's `srcset` while they render;
 * that records one job per (source file, width) in a process-wide registry and returns the
 * derivative URLs at once. After the build, `generateImages` (src/integrations/images.ts) makes
 * each derivative once: it is keyed by the source's content hash and kept in .cache/images/, so
 * the three shops and later builds reuse it; the site gets a hard link (or copy).
 *
 * The sample draws its images from a small pool that many records share, so a catalog of 10,000
 * products needs a few hundred derivatives, not tens of thousands.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ImageModel } from './models.ts';

/** Widths made for every image (capped at the source's own width). 720 fits a phone at DPR 1.75. */
export const IMAGE_WIDTHS = [240, 360, 480, 720, 960, 1280] as const;
/**
 * The thumbnail width, made for every image too but in a srcset only where asked for (`minWidth`):
 * a 64 CSS px thumbnail (the gallery's, a search result's) at DPR 2. The 240 px derivative is more
 * than twice what such a thumbnail shows at DPR 1 (the page budgets' oversized image).
 */
export const THUMB_WIDTH = 128;
export const IMAGE_FORMAT = 'webp';
export const IMAGE_DIR = '_img';

export interface ResponsiveImage {
  src: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
}

interface Job {
  hash: string;
  file: string;
  width: number;
}

interface Registry {
  hashes: Map<string, string | null>;
  jobs: Map<string, Job>;
}

// Shared by the page renderer and the integration, which Vite loads as separate module instances.
const KEY = Symbol.for('storefront.images');
const registry = (): Registry => ((globalThis as Record<symbol, Registry>)[KEY] ??= { hashes: new Map(), jobs: new Map() });

let exportDirCache: string | undefined;
const exportDir = () => (exportDirCache ??= resolve(process.env.EXPORT_DIR || 'export'));

/** An image file's content hash, which names its derivatives (and fingerprints it in page keys). */
export const sourceHash = (file: string): string => createHash('sha1').update(readFileSync(file)).digest('hex').slice(0, 16);

/** A source file's content hash with the size and time it had when it was read. */
export interface SourceStamp {
  size: number;
  mtime: number;
  hash: string;
}

/**
 * A source file's stamp: `known` itself while the file's size and time are those it was read
 * with (the file is not read again), else the file hashed anew; null when there is no such file.
 * The catalog index's page keys and the shop API's cart thumbnails keep their images' stamps so.
 */
export function stampOf(file: string, known?: SourceStamp | null): SourceStamp | null {
  let size: number;
  let mtime: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    size = stat.size;
    mtime = stat.mtimeMs;
  } catch {
    return null;
  }
  if (known && known.size === size && known.mtime === mtime) return known;
  return { size, mtime, hash: sourceHash(file) };
}

/** Whether an image is a file of the export (under /media/): the build makes its derivatives; an image on another host is shown as it is. */
export const isExportMedia = (src: string): boolean => src.startsWith('/media/');

function hashOf(file: string): string | null {
  const r = registry();
  let h = r.hashes.get(file);
  if (h === undefined) {
    h = existsSync(file) ? sourceHash(file) : null;
    r.hashes.set(file, h);
  }
  return h;
}

/** The widths made for a source of this width: the standard ones (from `minWidth` on) below it, and at most its own. */
export function widthsFor(sourceWidth: number, maxWidth: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!, minWidth: number = IMAGE_WIDTHS[0]): number[] {
  const cap = Math.min(sourceWidth, maxWidth);
  const widths: number[] = [THUMB_WIDTH, ...IMAGE_WIDTHS].filter((w) => w >= minWidth && w < cap);
  widths.push(cap);
  return widths;
}

/** A derivative's file name: the source's content hash and the width. */
const derivativeName = (hash: string, width: number): string => `${hash}-${width}.${IMAGE_FORMAT}`;

/** A derivative's URL in the site. */
export const derivativePath = (hash: string, width: number): string => `/${IMAGE_DIR}/${derivativeName(hash, width)}`;

/**
 * The thumbnail's URL, which every catalog image has (`requestCatalogImages`): THUMB_WIDTH wide,
 * or the source's own width where that is narrower. The shop API gives it for a cart line
 * (server/services/thumbnails.ts), so the cart shows a thumbnail, not the export's source file.
 */
export const thumbnailPath = (hash: string, sourceWidth: number): string => derivativePath(hash, Math.min(THUMB_WIDTH, sourceWidth));

const memo = new Map<string, ResponsiveImage>();

/**
 * The responsive form of an export image (memoised per source and width range). Images on
 * another host (https) and files missing from the export are returned as they are. `minWidth`
 * THUMB_WIDTH puts the thumbnail in the srcset.
 */
export function responsive(image: ImageModel, { maxWidth, minWidth }: { maxWidth?: number; minWidth?: number } = {}): ResponsiveImage {
  const key = `${image.src}\u0000${image.width}\u0000${maxWidth ?? ''}\u0000${minWidth ?? ''}`;
  let r = memo.get(key);
  if (!r) memo.set(key, (r = make(image, maxWidth, minWidth)));
  return r.alt === image.alt ? r : { ...r, alt: image.alt };
}

function make(image: ImageModel, maxWidth: number | undefined, minWidth: number | undefined): ResponsiveImage {
  const plain = { src: image.src, srcset: '', width: image.width, height: image.height, alt: image.alt };
  if (!isExportMedia(image.src)) return plain;
  const file = join(exportDir(), image.src);
  const hash = hashOf(file);
  if (!hash) return plain;
  const widths = widthsFor(image.width, maxWidth, minWidth);
  const r = registry();
  const url = (w: number) => derivativePath(hash, w);
  for (const width of widths) {
    const key = `${hash}-${width}`;
    if (!r.jobs.has(key)) r.jobs.set(key, { hash, file, width });
  }
  const fallback = widths.find((w) => w >= 480) ?? widths[widths.length - 1]!;
  return { src: url(fallback), srcset: widths.map((w) => `${url(w)} ${w}w`).join(', '), width: image.width, height: image.height, alt: image.alt };
}

/**
 * Asks for every derivative of every export image of the catalog (all widths up to its own, at
 * most the largest, the thumbnail's too): the images a build links into the site follow from the
 * catalog alone, not from which pages were rendered, so an incremental build (which renders few
 * pages) links the same set as a full one. Every width a page asks for is one of these.
 */
export function requestCatalogImages(images: { src: string; hash: string | null; width: number }[]): void {
  const r = registry();
  for (const image of images) {
    if (!image.hash || !isExportMedia(image.src)) continue;
    const file = join(exportDir(), image.src);
    for (const width of widthsFor(image.width, undefined, THUMB_WIDTH)) {
      const key = `${image.hash}-${width}`;
      if (!r.jobs.has(key)) r.jobs.set(key, { hash: image.hash, file, width });
    }
  }
}

/** Makes every derivative asked for since the last call (once per cache) and links them into the site. */
export async function generateImages(outDir: string, cacheDir = resolve('.cache/images'), concurrency = 2): Promise<{ made: number; reused: number }> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(1);
  mkdirSync(cacheDir, { recursive: true });
  const target = join(outDir, IMAGE_DIR);
  mkdirSync(target, { recursive: true });
  const jobs = [...registry().jobs.values()];
  let made = 0;
  let reused = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const name = derivativeName(job.hash, job.width);
      const cached = join(cacheDir, name);
      if (existsSync(cached)) reused++;
      else {
        const tmp = `${cached}.${process.pid}.tmp`;
        await sharp(job.file).resize({ width: job.width, withoutEnlargement: true }).webp({ quality: 72, effort: 4 }).toFile(tmp);
        renameSync(tmp, cached);
        made++;
      }
      const out = join(target, name);
      if (!existsSync(out)) {
        try {
          linkSync(cached, out);
        } catch {
          copyFileSync(cached, out);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // Done: a later call (the search index asks for result thumbnails after the pages) makes only what is new.
  for (const job of jobs) registry().jobs.delete(`${job.hash}-${job.width}`);
  return { made, reused };
}
