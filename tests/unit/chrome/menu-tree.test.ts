import { describe, expect, it } from 'vitest';
import { buildMenuTree, DEFAULT_ICON, MEGA_CAP, type MenuNode, type MenuRow } from '../../../src/components/chrome/menu-tree.ts';

let pos = 0;
const row = (id: number, parent: number, depth: number, count: number, visible = true): MenuRow => ({
  id,
  parent,
  depth,
  count,
  visible,
  position: pos++,
  title: `C${id}`,
  url: `/c${id}.html`,
});
const ids = (nodes: MenuNode[]) => nodes.map((n) => n.id);

describe('category menu tree', () => {
  const rows = [
    row(1, 0, 0, 10),
    row(2, 0, 0, 0),
    row(3, 0, 0, 4, false),
    row(4, 0, 0, 3),
    row(11, 1, 1, 6),
    row(12, 1, 1, 4),
    row(13, 1, 1, 0),
    row(111, 11, 2, 6),
    row(1111, 111, 3, 6),
    row(11111, 1111, 4, 6),
    row(121, 12, 2, 0),
    row(41, 4, 1, 0),
  ];
  const tree = buildMenuTree(rows, { icons: { 1: 'drill' } });

  it('shows only visible categories with products', () => {
    expect(ids(tree)).toEqual([1, 4]);
    expect(ids(tree[0]!.children)).toEqual([11, 12]);
  });

  it('gives an expander only where some child has products', () => {
    expect(tree[0]!.expander).toBe(true);
    expect(tree[1]!.expander).toBe(false); // 41 has no products
    const c12 = tree[0]!.children[1]!;
    expect(c12.expander).toBe(false); // 121 has no products
    expect(c12.children).toEqual([]);
  });

  it('stops at four levels', () => {
    const l4 = tree[0]!.children[0]!.children[0]!.children[0]!;
    expect(l4.level).toBe(4);
    expect(l4.id).toBe(1111);
    expect(l4.expander).toBe(false);
    expect(l4.children).toEqual([]);
  });

  it('takes icons from the map, else the default oval', () => {
    expect(tree[0]!.icon).toBe('drill');
    expect(tree[1]!.icon).toBe(DEFAULT_ICON);
    expect(DEFAULT_ICON).toBe('oval');
  });

  it('caps the mega menu at 5 third-level items per second-level category', () => {
    const many = [
      row(1, 0, 0, 9),
      row(10, 1, 1, 9),
      ...Array.from({ length: 8 }, (_, i) => row(100 + i, 10, 2, 1)),
      row(20, 1, 1, 1),
      ...Array.from({ length: 5 }, (_, i) => row(200 + i, 20, 2, 1)),
    ];
    const [top] = buildMenuTree(many);
    const [second, other] = top!.children;
    expect(MEGA_CAP).toBe(5);
    expect(second!.children).toHaveLength(8);
    expect(second!.children.filter((n) => !n.megaHidden)).toHaveLength(5);
    expect(second!.children.slice(5).every((n) => n.megaHidden)).toBe(true);
    expect(second!.megaMore).toBe(true);
    expect(other!.children.every((n) => !n.megaHidden)).toBe(true);
    expect(other!.megaMore).toBe(false);
  });

  it('uses menu_category_ids as the top level when set', () => {
    const t = buildMenuTree(rows, { rootIds: [4, 11, 2] });
    expect(ids(t)).toEqual([4, 11]);
    expect(t[1]!.level).toBe(1);
  });
});
