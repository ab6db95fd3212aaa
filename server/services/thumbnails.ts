/**
 * A cart line's thumbnail: the site's derivative of the product's first image
 * (src/catalog/images.ts `thumbnailPath`), named by the source file's content hash, which the
 * build made for every catalog image. The hash is read from the export's file when a cart first
 * shows it and kept while the file's size and time stay the same (`stampOf`: a new export's file
 * is read again).
 */
import { join } from 'node:path';
import { isExportMedia, stampOf, thumbnailPath, type SourceStamp } from '../../src/catalog/images.ts';

/** The stamps read, per file; emptied when it holds more (a long-running API over many exports). */
const MAX_KNOWN = 20_000;
const known = new Map<string, SourceStamp>();

/**
 * The thumbnail's site path of an export image (its site path, the line's IMAGE, and its width),
 * or null: no image, an image on another host, a file the export does not have.
 */
export function thumbnailOf(exportDir: string, image: string | null, width: number | null): string | null {
  if (!image || !width || !isExportMedia(image)) return null;
  const file = join(exportDir, image);
  let stamp: SourceStamp | null;
  try {
    stamp = stampOf(file, known.get(file));
  } catch {
    stamp = null;
  }
  if (!stamp) {
    known.delete(file);
    return null;
  }
  if (!known.has(file) && known.size >= MAX_KNOWN) known.clear();
  known.set(file, stamp);
  return thumbnailPath(stamp.hash, width);
}
