/**
 * Images and documents of products, categories, folders, contents and brands.
 *
 * Thelia keeps bare file names: 2.5 (and 2.6.0) on `<type>_image.file`, 2.6.1+ on
 * `<type>_image_i18n.file` (one per locale: the exporter takes the default language's, else
 * any). Documents keep `file` on `<type>_document` in 2.5 and 2.6. Only visible rows count.
 *
 * Three modes:
 * - `--media <folder>` (Thelia's local/media): originals are copied from
 *   <folder>/images/<type>/<file> and <folder>/documents/<type>/<file> into the export's
 *   media/ folder; image sizes are read with sharp. A missing or unreadable file is reported
 *   and that image or document left out.
 * - `--media-url <base>`: files are referenced as <base>/images/<type>/<file> (and
 *   <base>/documents/...), nothing is copied. Sizes are still needed: they are read from a local
 *   copy given with --media, or, only if the operator says so, taken from --image-size WxH
 *   for every image (then the sizes are not real; the build must not trust the aspect ratio).
 * - neither: images and documents are left out, and the exporter says so once.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Document, Image } from '../../src/catalog/export-schema.ts';
import type { Db } from './db.ts';
import type { MediaType, Schema } from './detect-version.ts';
import { loadI18n, localizeString } from './i18n.ts';
import type { Languages } from './languages.ts';
import type { Reporter } from './progress.ts';

export interface MediaOptions {
  /** Thelia's media folder (holding images/ and documents/). */
  folder?: string;
  /** CDN base URL (holding images/ and documents/). */
  baseUrl?: string;
  /** With baseUrl and no folder: the size to declare for every image. */
  imageSize?: { width: number; height: number };
}

export interface MediaStats {
  images: number;
  documents: number;
  copied: number;
  missing: number;
}

export interface ImageWithOwner extends Image {
  owner: number;
}

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.dwg': 'image/vnd.dwg',
  '.stp': 'application/step',
  '.step': 'application/step',
};

type Sharp = typeof import('sharp');

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

export interface Media {
  readonly mode: 'none' | 'copy' | 'url';
  readonly stats: MediaStats;
  images(type: MediaType, owners: number[]): Promise<Map<number, ImageWithOwner[]>>;
  documents(type: MediaType, owners: number[]): Promise<Map<number, (Document & { owner: number })[]>>;
}

export function createMedia(db: Db, schema: Schema, langs: Languages, exportDir: string, options: MediaOptions, report: Reporter): Media {
  const mode: Media['mode'] = options.baseUrl ? 'url' : options.folder ? 'copy' : 'none';
  const stats: MediaStats = { images: 0, documents: 0, copied: 0, missing: 0 };
  const base = options.baseUrl?.replace(/\/+$/, '');
  let sharp: Sharp | undefined;
  const madeDirs = new Set<string>();
  const copies = new Map<string, Promise<void>>();

  const safeName = (id: number, file: string) => {
    const clean = file.replace(/\s+/g, '_');
    return clean === file ? file : `${id}-${clean}`;
  };
  const usable = (file: string) => file.length > 0 && !file.includes('/') && !file.includes('\\') && file !== '.' && file !== '..';

  /** Places one file; returns its FileRef and the local source (for sizes), or null if missing. */
  async function place(kind: 'images' | 'documents', type: MediaType, id: number, file: string): Promise<{ ref: string; local?: string } | null> {
    const local = options.folder ? join(options.folder, kind, type, file) : undefined;
    if (local && !existsSync(local)) {
      stats.missing++;
      report.warn('media', `${type} ${kind === 'images' ? 'image' : 'document'} ${id}: file ${local} is missing: left out`);
      return null;
    }
    if (mode === 'url') return { ref: `${base}/${kind}/${type}/${encodeURIComponent(file)}`, local };
    const name = safeName(id, file);
    const dir = join(exportDir, 'media', kind, type);
    if (!madeDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      madeDirs.add(dir);
    }
    const dest = join(dir, name);
    // several rows may share a file: copy it once, even when they are placed concurrently
    let copying = copies.get(dest);
    if (!copying) {
      copying = existsSync(dest)
        ? Promise.resolve()
        : copyFile(local!, dest).then(() => {
            stats.copied++;
          });
      copies.set(dest, copying);
      copying.finally(() => copies.delete(dest)).catch(() => undefined);
    }
    await copying;
    return { ref: `media/${kind}/${type}/${name}`, local };
  }

  async function size(local: string | undefined, label: string): Promise<{ width: number; height: number } | null> {
    if (!local) return options.imageSize ?? null;
    if (!sharp) {
      sharp = (await import('sharp')).default as unknown as Sharp;
      // only headers are read: libvips' operation cache would just hold memory
      (sharp as unknown as { cache(on: boolean): void }).cache(false);
    }
    try {
      const meta = await (sharp as unknown as (input: string) => { metadata(): Promise<{ width?: number; height?: number; orientation?: number }> })(local).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      // EXIF orientations 5-8 are rotated by 90°: the displayed size is swapped
      return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    } catch (error) {
      stats.missing++;
      report.warn('media', `${label}: ${local} is not a readable image (${(error as Error).message}): left out`);
      return null;
    }
  }

  async function fileRows(kind: 'image' | 'document', type: MediaType, owners: number[]) {
    const table = `${type}_${kind}`;
    const onI18n = schema.fileColumn[`${type}_${kind}`] === 'i18n';
    const fileExpr = onI18n
      ? `COALESCE((SELECT d.file FROM \`${table}_i18n\` d WHERE d.id = m.id AND d.locale = ?), (SELECT MIN(a.file) FROM \`${table}_i18n\` a WHERE a.id = m.id))`
      : 'm.file';
    return db.query<{ id: number; owner: number; file: string | null; position: number | null }>(
      `SELECT m.id, m.\`${type}_id\` AS owner, ${fileExpr} AS file, m.position
       FROM \`${table}\` m WHERE m.\`${type}_id\` IN (?) AND m.visible = 1 ORDER BY m.\`${type}_id\`, m.position, m.id`,
      onI18n ? [langs.fallback, owners] : [owners],
      `the ${type} ${kind}s`,
    );
  }

  return {
    mode,
    stats,
    async images(type, owners) {
      const out = new Map<number, ImageWithOwner[]>();
      if (mode === 'none' || !owners.length) return out;
      const rows = await fileRows('image', type, owners);
      const i18n = await loadI18n(
        db,
        `${type}_image_i18n`,
        rows.map((r) => Number(r.id)),
        langs,
        ['title'],
      );
      const images = await pool(rows, 8, async (row): Promise<ImageWithOwner | null> => {
        const id = Number(row.id);
        const file = (row.file ?? '').trim();
        if (!usable(file)) {
          report.warn('media', `${type} image ${id} has no usable file name ("${row.file}"): left out`);
          return null;
        }
        const placed = await place('images', type, id, file);
        if (!placed) return null;
        const dims = await size(placed.local, `${type} image ${id}`);
        if (!dims) return null;
        return { id, owner: Number(row.owner), file: placed.ref, ...dims, position: Number(row.position ?? 0), alt: localizeString(i18n.get(id), langs) };
      });
      for (const image of images) {
        if (!image) continue;
        stats.images++;
        const list = out.get(image.owner);
        if (list) list.push(image);
        else out.set(image.owner, [image]);
      }
      return out;
    },
    async documents(type, owners) {
      const out = new Map<number, (Document & { owner: number })[]>();
      if (mode === 'none' || !owners.length) return out;
      const rows = await fileRows('document', type, owners);
      const i18n = await loadI18n(
        db,
        `${type}_document_i18n`,
        rows.map((r) => Number(r.id)),
        langs,
        ['title'],
      );
      const docs = await pool(rows, 8, async (row) => {
        const id = Number(row.id);
        const file = (row.file ?? '').trim();
        if (!usable(file)) {
          report.warn('media', `${type} document ${id} has no usable file name ("${row.file}"): left out`);
          return null;
        }
        const placed = await place('documents', type, id, file);
        if (!placed) return null;
        const title = localizeString(i18n.get(id), langs);
        for (const { locale } of langs.mappings) if (!title[locale]?.trim()) title[locale] = file;
        const doc: Document & { owner: number } = {
          id,
          owner: Number(row.owner),
          file: placed.ref,
          mime: MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
          position: Number(row.position ?? 0),
          title,
        };
        if (placed.local) doc.bytes = (await stat(placed.local)).size;
        return doc;
      });
      for (const doc of docs) {
        if (!doc) continue;
        stats.documents++;
        const list = out.get(doc.owner);
        if (list) list.push(doc);
        else out.set(doc.owner, [doc]);
      }
      return out;
    },
  };
}

/** Drops the `owner` helper field. */
export function strip<T extends { owner: number }>(items: T[] | undefined): Omit<T, 'owner'>[] {
  return (items ?? []).map(({ owner: _owner, ...rest }) => rest);
}
