/**
 * A folder of the site made to hold links to exactly a cached folder's files (src/integrations/
 * incremental.ts, mirrorTree): what is already a link to its source stays where it is (the search
 * index's 13,500 files of a rebuild), the rest is linked anew or removed.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mirrorTree, siteEntries } from '../../../src/integrations/incremental.ts';

/** A folder tree from a map of paths to texts. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tree-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Every file of a tree: its text and identity (inode and change time, which a new link changes). */
function identities(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    const st = statSync(path, { bigint: true });
    found[relative(dir, path)] = `${readFileSync(path, 'utf8')} ${st.ino}:${st.ctimeNs}`;
  }
  return found;
}

describe('mirrorTree', () => {
  it('links every file into a folder that is not there yet', () => {
    const from = tree({ 'a.json': 'a', 'fragment/b.pf': 'b' });
    const to = join(mkdtempSync(join(tmpdir(), 'site-')), 'pagefind');
    expect(mirrorTree(from, to)).toBe(2);
    expect(identities(to)).toEqual(identities(from));
  });

  it('leaves the links to the same files where they are, links the changed ones anew, removes what the source lacks', () => {
    const from = tree({ 'same.json': 's', 'changed.json': 'new', 'deep/same.pf': 'd', 'deep/added.pf': 'x', 'ids.json': 'not for the site' });
    const to = mkdtempSync(join(tmpdir(), 'site-'));
    mkdirSync(join(to, 'deep'));
    mkdirSync(join(to, 'gone-folder'));
    linkSync(join(from, 'same.json'), join(to, 'same.json'));
    linkSync(join(from, 'deep/same.pf'), join(to, 'deep/same.pf'));
    writeFileSync(join(to, 'changed.json'), 'old');
    writeFileSync(join(to, 'gone.json'), 'gone');
    writeFileSync(join(to, 'gone-folder/x.pf'), 'gone');
    const before = identities(to);

    expect(mirrorTree(from, to, { skip: new Set(['ids.json']) })).toBe(2);
    const after = identities(to);
    // The links that stood are untouched (not removed and linked again: the same change time).
    expect(after['same.json']).toBe(before['same.json']);
    expect(after[join('deep', 'same.pf')]).toBe(before[join('deep', 'same.pf')]);
    // Exactly the source's files, each a link to its source; the skipped name is left out.
    const { 'ids.json': _skipped, ...wanted } = identities(from);
    expect(after).toEqual(wanted);
  });

  it('a file where the source has a folder, and a folder where it has a file, are replaced', () => {
    const from = tree({ 'x/inner.pf': 'i', 'y.json': 'y' });
    const to = tree({ x: 'a file', 'y.json/old.pf': 'a folder' });
    mirrorTree(from, to);
    expect(identities(to)).toEqual(identities(from));
  });

  it('leaves the files already there in place, and removes the folders a removed file leaves empty', () => {
    const from = tree({ 'entry.json': 'e', 'fragment/a/a.pf': 'a', 'fragment/b/b.pf': 'b' });
    const to = mkdtempSync(join(tmpdir(), 'site-'));
    expect(mirrorTree(from, to)).toBe(3);
    expect(Object.keys(identities(to)).sort()).toEqual(['entry.json', join('fragment', 'a', 'a.pf'), join('fragment', 'b', 'b.pf')]);
    const before = identities(to);
    writeFileSync(join(from, 'fragment/b/b.pf'), 'b2');
    expect(mirrorTree(from, to)).toBe(0);
    // b.pf was written in place in the source (one file with the site's link): nothing to link.
    expect(identities(to)[join('fragment', 'b', 'b.pf')]).toMatch(/^b2 /);
    rmSync(join(from, 'fragment/a/a.pf'));
    expect(mirrorTree(from, to)).toBe(0);
    expect(Object.keys(identities(to)).sort()).toEqual(['entry.json', join('fragment', 'b', 'b.pf')]);
    expect(identities(to)['entry.json']).toBe(before['entry.json']);
    // The folder a.pf left empty is gone.
    expect(readdirSync(join(to, 'fragment'))).toEqual(['b']);
  });
});

describe('mirrorTree with a stamp', () => {
  /** A mirror with its stamp beside it, and `to` mirrored once. */
  const mirrored = () => {
    const from = tree({ 'entry.json': 'e', 'fragment/a.pf': 'a', 'fragment/b.pf': 'b' });
    const to = join(mkdtempSync(join(tmpdir(), 'site-')), 'pagefind');
    const stamp = join(mkdtempSync(join(tmpdir(), 'stamp-')), 'in-site.json');
    expect(mirrorTree(from, to, { stamp })).toBe(3);
    return { from, to, stamp };
  };

  it('does not walk the trees again while every folder of both is as the mirror left it', () => {
    const { from, to, stamp } = mirrored();
    const before = identities(to);
    expect(mirrorTree(from, to, { stamp })).toBe(0);
    expect(identities(to)).toEqual(before);
    expect(identities(to)).toEqual(identities(from));
  });

  it.each([
    ['a file of the site removed', (t: { from: string; to: string }) => rmSync(join(t.to, 'fragment/a.pf')), 1],
    ['a file of the site replaced by another', (t: { from: string; to: string }) => (rmSync(join(t.to, 'entry.json')), writeFileSync(join(t.to, 'entry.json'), 'x')), 1],
    ['a file added to the site', (t: { from: string; to: string }) => writeFileSync(join(t.to, 'fragment/stray.pf'), 'x'), 0],
    ['a file added to the source', (t: { from: string; to: string }) => writeFileSync(join(t.from, 'fragment/c.pf'), 'c'), 1],
    ['the site removed', (t: { from: string; to: string }) => rmSync(t.to, { recursive: true }), 3],
  ])('walks them again when a folder changed: %s', (_, change, linked) => {
    const t = mirrored();
    change(t);
    expect(mirrorTree(t.from, t.to, { stamp: t.stamp })).toBe(linked);
    expect(identities(t.to)).toEqual(identities(t.from));
  });

  it('walks them again for another pair of trees, and when the stamp is unreadable', () => {
    const { from, to, stamp } = mirrored();
    const other = join(mkdtempSync(join(tmpdir(), 'site-')), 'pagefind');
    expect(mirrorTree(from, other, { stamp })).toBe(3);
    rmSync(join(to, 'entry.json'));
    writeFileSync(stamp, '{not json');
    expect(mirrorTree(from, to, { stamp })).toBe(1);
    rmSync(join(to, 'entry.json'));
    writeFileSync(stamp, JSON.stringify({ from, to, folders: 'none' }));
    expect(mirrorTree(from, to, { stamp })).toBe(1);
    expect(identities(to)).toEqual(identities(from));
  });
});

describe('siteEntries', () => {
  it('walks the whole site but for the folders it is told to leave', () => {
    const site = tree({ 'a.html': '', 'chrome/menu.html': '', 'pagefind/x.pf': '', 'search-prices/abc.json': '' });
    const names = siteEntries(site, new Set(['pagefind', 'search-prices'])).map((e) => relative(site, join(e.parentPath, e.name)));
    expect(names.sort()).toEqual(['a.html', 'chrome', join('chrome', 'menu.html')]);
  });
});
