/**
 * The category tree with product counts. Thelia keeps only `parent`; the tree is built in code.
 */
export interface CategoryNode {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
  /** Sellable products directly in this category. */
  ownCount: number;
  /** Sellable products in this category and every category below it (each product once). */
  count: number;
  children: CategoryNode[];
  depth: number;
}

export interface CategoryInput {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
}

/**
 * Builds the tree. `productCategories` lists, per sellable product, the ids of its categories,
 * so a product in two sibling categories counts once for their parent. Categories whose parent
 * is missing are reported as orphans and left out, with their subtrees.
 */
export function buildTree(
  categories: readonly CategoryInput[],
  productCategories: Iterable<readonly number[]>,
): { roots: CategoryNode[]; byId: Map<number, CategoryNode>; orphans: number[] } {
  const byId = new Map<number, CategoryNode>();
  for (const c of categories) byId.set(c.id, { ...c, ownCount: 0, count: 0, children: [], depth: 0 });
  const roots: CategoryNode[] = [];
  const orphans: number[] = [];
  for (const node of byId.values()) {
    if (node.parent === 0) roots.push(node);
    else {
      const parent = byId.get(node.parent);
      if (parent) parent.children.push(node);
      else orphans.push(node.id);
    }
  }
  const order = (a: CategoryNode, b: CategoryNode) => a.position - b.position || a.id - b.id;
  const reachable = new Map<number, CategoryNode>();
  const walk = (nodes: CategoryNode[], depth: number) => {
    nodes.sort(order);
    for (const n of nodes) {
      if (reachable.has(n.id)) continue; // a cycle in parent ids
      n.depth = depth;
      reachable.set(n.id, n);
      walk(n.children, depth + 1);
    }
  };
  walk(roots, 0);
  for (const id of byId.keys()) if (!reachable.has(id) && !orphans.includes(id)) orphans.push(id);

  for (const ids of productCategories) {
    const counted = new Set<number>();
    for (const id of ids) {
      const node = reachable.get(id);
      if (!node) continue;
      node.ownCount++;
      for (let n: CategoryNode | undefined = node; n && !counted.has(n.id); n = reachable.get(n.parent)) {
        counted.add(n.id);
        n.count++;
      }
    }
  }
  return { roots, byId: reachable, orphans };
}

/** Ancestors from the root down to the category itself. */
export function pathTo(byId: Map<number, CategoryNode>, id: number): CategoryNode[] {
  const path: CategoryNode[] = [];
  for (let n = byId.get(id); n; n = byId.get(n.parent)) path.unshift(n);
  return path;
}

/** A category shows in menus only with products, and only if it and its ancestors are visible. */
export function isShown(byId: Map<number, CategoryNode>, id: number): boolean {
  const path = pathTo(byId, id);
  return path.length > 0 && path.every((n) => n.visible) && path[path.length - 1]!.count > 0;
}

/** Every id in the subtree of a category, itself included. */
export function subtreeIds(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}
