/**
 * A cart line's thumbnail: the site's derivative of the product's first image
 * (src/catalog/images.ts `thumbnailPath`), named by the source file's content hash, which the
 * build made for every catalog image. The hash is read from the export's file when a cart first
 * shows it and kept while the file's size and time stay the same (a new export replaces it).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sourceHash, thumbnailPath } from '../../src/catalog/images.ts';

/** The hashes read, per file; emptied when it holds more (a long-running API over many exports). */
const MAX_KNOWN = 20_000;
const known = new Map<string, { size: number; mtime: number; hash: string }>();

/**
 * The thumbnail's site path of an export image (its file as the product row keeps it and its
 * width), or null: no image, an image on another host, a file the export does not have.
 */
export function thumbnailOf(exportDir: string, file: string | null, width: number | null): string | null {
  if (!file || !width) return null;
  // As the build names an export image (src/catalog/product-row.ts): `/<file>`, derived under /media/ only.
  const path = `/${file}`;
  if (!path.startsWith('/media/')) return null;
  const full = join(exportDir, path);
  let size: number;
  let mtime: number;
  try {
    const stat = statSync(full);
    if (!stat.isFile()) return null;
    size = stat.size;
    mtime = stat.mtimeMs;
  } catch {
    return null;
  }
  let entry = known.get(full);
  if (!entry || entry.size !== size || entry.mtime !== mtime) {
    let hash: string;
    try {
      hash = sourceHash(full);
    } catch {
      return null;
    }
    if (known.size >= MAX_KNOWN) known.clear();
    entry = { size, mtime, hash };
    known.set(full, entry);
  }
  return thumbnailPath(entry.hash, width);
}
