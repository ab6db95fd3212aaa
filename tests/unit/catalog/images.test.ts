/** An export image's stamp (src/catalog/images.ts stampOf): read once, again only when the file changes. */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isExportMedia, sourceHash, stampOf } from '../../../src/catalog/images.ts';

const dir = mkdtempSync(join(tmpdir(), 'stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stampOf', () => {
  it('hashes a file, keeps a known stamp while size and time are the same, and hashes a changed file again', () => {
    const file = join(dir, 'a.jpg');
    writeFileSync(file, 'first');
    // Whole seconds, which utimes sets exactly.
    const atime = new Date(1_700_000_000_000);
    const mtime = new Date(1_700_000_000_000);
    utimesSync(file, atime, mtime);
    const first = stampOf(file)!;
    expect(first).toMatchObject({ size: 5, hash: sourceHash(file) });
    expect(stampOf(file, first)).toBe(first);
    // Same size and time, other bytes: not read again (the known stamp is trusted).
    writeFileSync(file, 'FIRST');
    utimesSync(file, atime, mtime);
    expect(stampOf(file, first)).toBe(first);
    // A new time: read again.
    utimesSync(file, atime, new Date(mtime.getTime() + 5000));
    expect(stampOf(file, first)).toMatchObject({ size: 5, hash: sourceHash(file) });
    expect(stampOf(file, first)!.hash).not.toBe(first.hash);
  });

  it('is null for a missing file or a folder', () => {
    expect(stampOf(join(dir, 'none.jpg'))).toBeNull();
    expect(stampOf(dir)).toBeNull();
  });

  it('knows an export file from an image on another host', () => {
    expect(isExportMedia('/media/images/a.jpg')).toBe(true);
    expect(isExportMedia('https://cdn.example.com/a.jpg')).toBe(false);
  });
});
