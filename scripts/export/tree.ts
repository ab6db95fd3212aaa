/**
 * The category and folder trees, built in code from `parent` (0 = root): MySQL 5.7 has no
 * recursive queries, and Thelia keeps no nested-set columns. Yields nodes depth-first in
 * position order, so a parent always comes before its children.
 *
 * Nodes that cannot be reached from the root (parent missing: Thelia has no foreign key there;
 * or a cycle) are reported, and exported at the root with visible = false.
 */
export interface TreeNode {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
  depth: number;
  /** true when this node or an ancestor is hidden: the build keeps the subtree out of menus. */
  hiddenBranch: boolean;
  /** true when it was re-attached to the root because its parent chain is broken. */
  orphan: boolean;
}

export interface FlatNode {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
}

export function buildTree(rows: FlatNode[], onOrphan: (node: FlatNode, reason: string) => void): TreeNode[] {
  const children = new Map<number, FlatNode[]>();
  const byId = new Map<number, FlatNode>();
  for (const row of rows) {
    byId.set(row.id, row);
    const list = children.get(row.parent);
    if (list) list.push(row);
    else children.set(row.parent, [row]);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);

  const out: TreeNode[] = [];
  const placed = new Set<number>();
  const walk = (parent: number, depth: number, hidden: boolean) => {
    // iterative DFS, so that a deep (or degenerate) tree cannot overflow the stack
    const stack: { node: FlatNode; depth: number; hidden: boolean }[] = [];
    const push = (p: number, d: number, h: boolean) => {
      const list = children.get(p) ?? [];
      for (let i = list.length - 1; i >= 0; i--) stack.push({ node: list[i]!, depth: d, hidden: h });
    };
    push(parent, depth, hidden);
    while (stack.length) {
      const { node, depth: d, hidden: h } = stack.pop()!;
      if (placed.has(node.id)) continue;
      placed.add(node.id);
      const hiddenBranch = h || !node.visible;
      out.push({ ...node, depth: d, hiddenBranch, orphan: false });
      push(node.id, d + 1, hiddenBranch);
    }
  };
  walk(0, 0, false);
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (placed.has(row.id)) continue;
    const reason = byId.has(row.parent) ? `its parent chain loops (parent ${row.parent})` : `its parent ${row.parent} does not exist`;
    onOrphan(row, reason);
    placed.add(row.id);
    out.push({ id: row.id, parent: 0, visible: false, position: row.position, depth: 0, hiddenBranch: true, orphan: true });
    // its subtree keeps its own parents and follows it
    walk(row.id, 1, true);
  }
  return out;
}
