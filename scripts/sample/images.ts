/**
 * The image pool: a few dozen real image files drawn once per export with sharp (an SVG of
 * coloured shapes plus a word, rendered by librsvg) and referenced by many records. Encoding is
 * deterministic for a given sharp/libvips build: same seed, same bytes.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { Rng, STREAM_TAG } from './prng.ts';
import { escapeHtml, slugify } from './slug.ts';
import type { BrandDef, Group } from './words.ts';

// No operation cache: every image is drawn once, and the cache would only hold memory.
sharp.cache(false);

export interface PoolImage {
  /** Path relative to the export folder, starting with media/. */
  file: string;
  width: number;
  height: number;
  group: Group | 'brand' | 'content';
}

const SHAPES = [
  { kind: 'square', width: 1200, height: 1200 },
  { kind: 'landscape', width: 1600, height: 1000 },
  { kind: 'portrait', width: 900, height: 1200 },
  { kind: 'small', width: 400, height: 400 },
] as const;

const FORMATS = ['jpg', 'webp', 'png'] as const;

const GROUP_STYLE: Record<Group | 'content', { word: string; colours: readonly string[] }> = {
  tool: { word: 'Werkzeug', colours: ['#d35400', '#34495e', '#f39c12', '#2c3e50'] },
  garden: { word: 'Garten', colours: ['#27ae60', '#8bc34a', '#2e7d32', '#6d4c41'] },
  build: { word: 'Bauen', colours: ['#a04000', '#bdc3c7', '#e74c3c', '#7f8c8d'] },
  wear: { word: 'Arbeitskleidung', colours: ['#1b2a49', '#e67e22', '#f2c300', '#383e42'] },
  home: { word: 'Haushalt', colours: ['#3498db', '#f1c40f', '#5d6d7e', '#ecf0f1'] },
  content: { word: 'Werkhof', colours: ['#16a085', '#2980b9', '#8e44ad', '#c0392b'] },
};

export const POOL_GROUPS: readonly (Group | 'content')[] = ['tool', 'garden', 'build', 'wear', 'home', 'content'];
/** Images per group in the pool: 6 groups x 6 = 36 files. */
const PER_GROUP = 6;

function shapeSvg(rng: Rng, width: number, height: number, colours: readonly string[], label: string): string {
  const bg = rng.pick(colours);
  const parts: string[] = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${rng.pick(colours)}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
  ];
  const count = rng.int(4, 8);
  for (let i = 0; i < count; i++) {
    const colour = rng.pick(colours);
    const opacity = (rng.int(35, 85) / 100).toFixed(2);
    const x = rng.int(0, width);
    const y = rng.int(0, height);
    const size = rng.int(Math.round(Math.min(width, height) / 10), Math.round(Math.min(width, height) / 2.5));
    switch (rng.int(0, 2)) {
      case 0:
        parts.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="${colour}" fill-opacity="${opacity}"/>`);
        break;
      case 1:
        parts.push(
          `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="${rng.int(0, 40)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${rng.int(-40, 40)} ${x} ${y})"/>`,
        );
        break;
      default:
        parts.push(`<polygon points="${x},${y - size} ${x + size},${y + size} ${x - size},${y + size}" fill="${colour}" fill-opacity="${opacity}"/>`);
    }
  }
  const band = Math.round(height * 0.16);
  const fontSize = Math.round(Math.min(band * 0.5, (width * 1.6) / Math.max(label.length, 6)));
  parts.push(`<rect y="${height - band}" width="${width}" height="${band}" fill="#ffffff" fill-opacity="0.82"/>`);
  parts.push(
    `<text x="${width / 2}" y="${height - band / 2}" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#1d1d1b">${escapeHtml(label)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

async function encode(svg: string, format: (typeof FORMATS)[number], path: string): Promise<void> {
  const image = sharp(Buffer.from(svg));
  const out =
    format === 'jpg'
      ? image.jpeg({ quality: 78, progressive: false, mozjpeg: false })
      : format === 'webp'
        ? image.webp({ quality: 78, effort: 2 })
        : image.png({ compressionLevel: 9, palette: true });
  await writeFile(path, await out.toBuffer());
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

export interface ImagePool {
  byGroup: Record<Group | 'content', PoolImage[]>;
  /** Brand logos, in brand order (brand id = index + 1). */
  logos: PoolImage[];
  all: PoolImage[];
}

interface ImageJob {
  image: PoolImage;
  svg: string;
  format: (typeof FORMATS)[number];
}

/** The pool's files, sizes and drawings: a pure function of the seed, cheap to compute. */
export function planImagePool(seed: number, brands: readonly BrandDef[]): { pool: ImagePool; jobs: ImageJob[] } {
  const jobs: ImageJob[] = [];
  const byGroup = Object.fromEntries(POOL_GROUPS.map((g) => [g, [] as PoolImage[]])) as ImagePool['byGroup'];

  POOL_GROUPS.forEach((group, g) => {
    for (let k = 0; k < PER_GROUP; k++) {
      const n = g * PER_GROUP + k;
      const shape = SHAPES[(n + g) % SHAPES.length]!;
      const format = FORMATS[(n + k) % FORMATS.length]!;
      const rng = Rng.for(seed, STREAM_TAG.image, n);
      const style = GROUP_STYLE[group];
      const image: PoolImage = {
        file: `media/images/pool/${String(n + 1).padStart(2, '0')}-${slugify(style.word)}-${shape.kind}.${format}`,
        width: shape.width,
        height: shape.height,
        group,
      };
      jobs.push({ image, svg: shapeSvg(rng, shape.width, shape.height, style.colours, `${style.word} ${k + 1}`), format });
      byGroup[group].push(image);
    }
  });

  const logos = brands.map((brand, i) => {
    const rng = Rng.for(seed, STREAM_TAG.image, 1000 + i);
    const image: PoolImage = { file: `media/images/brands/${slugify(brand.name)}.png`, width: 400, height: 200, group: 'brand' };
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">` +
      `<rect width="400" height="200" fill="#ffffff"/>` +
      `<rect x="14" y="14" width="372" height="172" rx="${rng.int(0, 30)}" fill="${brand.colour}"/>` +
      `<circle cx="${rng.int(40, 360)}" cy="${rng.int(40, 160)}" r="${rng.int(20, 60)}" fill="#ffffff" fill-opacity="0.18"/>` +
      `<text x="200" y="100" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${Math.min(48, Math.round(560 / brand.name.length))}" fill="#ffffff">${escapeHtml(brand.name)}</text>` +
      `</svg>`;
    jobs.push({ image, svg, format: 'png' });
    return image;
  });
  return { pool: { byGroup, logos, all: jobs.map((j) => j.image) }, jobs };
}

/** Draws and encodes every file of the pool below `exportDir`. */
export async function renderImagePool(exportDir: string, seed: number, brands: readonly BrandDef[]): Promise<ImagePool> {
  const { pool, jobs } = planImagePool(seed, brands);
  await mkdir(join(exportDir, 'media/images/pool'), { recursive: true });
  await mkdir(join(exportDir, 'media/images/brands'), { recursive: true });
  await inBatches(jobs, 4, ({ image, svg, format }) => encode(svg, format, join(exportDir, image.file)));
  return pool;
}

export interface PendingImagePool {
  pool: ImagePool;
  /** Resolves when every file is written. */
  done: Promise<void>;
  /** Stops the rendering (on failure) and waits for it to end. */
  cancel(): Promise<void>;
}

/**
 * Renders the pool in a child process while the caller goes on writing records: the records
 * only need names and sizes, which are known up front. libvips and librsvg keep a few hundred MB
 * of native memory after drawing; in a child that memory is returned when it exits, so the
 * generator itself stays small and flat however many products it writes.
 */
export function startImagePool(exportDir: string, seed: number, brands: readonly BrandDef[]): PendingImagePool {
  const { pool } = planImagePool(seed, brands);
  const worker = fileURLToPath(new URL('./image-worker.ts', import.meta.url));
  const child = spawn(process.execPath, [worker, exportDir, String(seed)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  const done = exited.then((code) => {
    if (code !== 0) throw new Error(`image rendering failed (exit ${code}): ${stderr.trim() || 'no message'}`);
  });
  // A failure is reported through `done`; never leave it unhandled when the caller stops early.
  done.catch(() => undefined);
  return {
    pool,
    done,
    async cancel() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited.catch(() => undefined);
    },
  };
}
