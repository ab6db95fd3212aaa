/**
 * The category menu's tree (spec §2, Category menu; §9): pure, rendered at build time.
 * - up to four nested levels;
 * - only categories with a product count above 0 (visible ones);
 * - a node has an expander only if some child is shown;
 * - icons from the category-icon map, else the default oval icon;
 * - in the mega menu (>= 1200 px) a second-level category shows at most 5 third-level items;
 *   the others are marked `megaHidden` and the parent gets a "more" link.
 */
export interface MenuRow {
  id: number;
  parent: number;
  depth: number;
  position: number;
  visible: boolean;
  count: number;
  title: string;
  url: string;
}

export interface MenuNode {
  id: number;
  title: string;
  url: string;
  icon: string;
  /** 1 to 4 */
  level: number;
  children: MenuNode[];
  /** True when the node shows an expand arrow (some child has products). */
  expander: boolean;
  /** A third-level item beyond the mega menu's cap. */
  megaHidden: boolean;
  /** A second-level item with more third-level children than the cap. */
  megaMore: boolean;
}

export const MENU_MAX_LEVELS = 4;
export const MEGA_CAP = 5;
export const DEFAULT_ICON = 'oval';

export interface MenuOptions {
  /** category_icon map: category id -> icon name. */
  icons?: Record<string, string>;
  /** menu_category_ids: the top-level entries, in this order; empty means the root categories. */
  rootIds?: number[];
  maxLevels?: number;
  megaCap?: number;
}

export function buildMenuTree(rows: MenuRow[], options: MenuOptions = {}): MenuNode[] {
  const { icons = {}, rootIds = [], maxLevels = MENU_MAX_LEVELS, megaCap = MEGA_CAP } = options;
  const shown = rows.filter((r) => r.visible && r.count > 0);
  const byParent = new Map<number, MenuRow[]>();
  for (const r of shown) {
    const list = byParent.get(r.parent) ?? [];
    list.push(r);
    byParent.set(r.parent, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);

  const make = (row: MenuRow, level: number, index: number): MenuNode => {
    const kids = level < maxLevels ? (byParent.get(row.id) ?? []) : [];
    const children = kids.map((k, i) => make(k, level + 1, i));
    return {
      id: row.id,
      title: row.title,
      url: row.url,
      icon: icons[String(row.id)] || DEFAULT_ICON,
      level,
      children,
      expander: children.length > 0,
      megaHidden: level === 3 && index >= megaCap,
      megaMore: level === 2 && children.length > megaCap,
    };
  };

  let roots: MenuRow[];
  if (rootIds.length) {
    const byId = new Map(shown.map((r) => [r.id, r]));
    roots = rootIds.map((id) => byId.get(id)).filter((r): r is MenuRow => !!r);
  } else {
    const minDepth = Math.min(...shown.map((r) => r.depth));
    roots = shown.filter((r) => r.depth === minDepth).sort((a, b) => a.position - b.position || a.id - b.id);
  }
  return roots.map((r, i) => make(r, 1, i));
}
