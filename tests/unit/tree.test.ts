import { describe, expect, it } from 'vitest';
import { buildTree, isShown, pathTo, subtreeIds } from '../../src/catalog/tree.ts';

const cats = [
  { id: 1, parent: 0, visible: true, position: 1 },
  { id: 11, parent: 1, visible: true, position: 2 },
  { id: 12, parent: 1, visible: true, position: 1 },
  { id: 111, parent: 11, visible: true, position: 1 },
  { id: 1111, parent: 111, visible: true, position: 1 },
  { id: 2, parent: 0, visible: true, position: 2 },
  { id: 3, parent: 0, visible: false, position: 3 },
  { id: 31, parent: 3, visible: true, position: 1 },
  { id: 99, parent: 98, visible: true, position: 1 },
];

describe('category tree', () => {
  it('builds four levels from parent ids, siblings by position', () => {
    const { roots, byId } = buildTree(cats, []);
    expect(roots.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(byId.get(1)!.children.map((c) => c.id)).toEqual([12, 11]);
    expect(byId.get(1111)!.depth).toBe(3);
    expect(pathTo(byId, 1111).map((n) => n.id)).toEqual([1, 11, 111, 1111]);
    expect(subtreeIds(byId.get(11)!)).toEqual([11, 111, 1111]);
  });
  it('counts products up the tree, a product in two sibling categories once', () => {
    const { byId } = buildTree(cats, [[1111], [11, 12], [12]]);
    expect(byId.get(1111)!.count).toBe(1);
    expect(byId.get(11)!.count).toBe(2);
    expect(byId.get(12)!.ownCount).toBe(2);
    expect(byId.get(1)!.count).toBe(3);
  });
  it('recognises categories with count 0', () => {
    const { byId } = buildTree(cats, [[1111]]);
    expect(byId.get(2)!.count).toBe(0);
    expect(isShown(byId, 2)).toBe(false);
    expect(isShown(byId, 1111)).toBe(true);
  });
  it('a hidden category hides its subtree', () => {
    const { byId } = buildTree(cats, [[31]]);
    expect(byId.get(31)!.count).toBe(1);
    expect(isShown(byId, 31)).toBe(false);
  });
  it('reports orphans and parent loops instead of looping', () => {
    const { orphans } = buildTree([...cats, { id: 50, parent: 51, visible: true, position: 1 }, { id: 51, parent: 50, visible: true, position: 1 }], []);
    expect(orphans.sort()).toEqual([50, 51, 99]);
  });
});
