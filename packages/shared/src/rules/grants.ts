/**
 * Menu grants as the permission tree shows them (spec/1 §2): the pages (leaves) are what the main account checks; a
 * group counts as granted when at least one page under it is, as the tree draws it checked or half-checked. Saving
 * sends the groups plus the pages, whether or not the tree was touched.
 */
export interface TGrantNode {
  id: number;
  checked?: boolean;
  child: TGrantNode[];
}

/** The checked pages (leaves) of a tree as the server answers it. */
export function checkedLeafIds(tree: TGrantNode[]): number[] {
  return tree.flatMap((n) => (n.child.length ? checkedLeafIds(n.child) : n.checked ? [n.id] : []));
}

/** Every page (leaf) id of a tree. */
export function leafIds(tree: TGrantNode[]): number[] {
  return tree.flatMap((n) => (n.child.length ? leafIds(n.child) : [n.id]));
}

/**
 * The ids to save for a set of checked pages: the pages of the tree that are checked, and every group (at any level)
 * with at least one checked page under it; in tree order, groups before their pages. Ids not in the tree are dropped.
 */
export function grantIdsWithGroups(tree: TGrantNode[], checkedLeaves: Iterable<number>): number[] {
  const on = new Set(checkedLeaves);
  const walk = (nodes: TGrantNode[]): number[] =>
    nodes.flatMap((n) => {
      if (!n.child.length) return on.has(n.id) ? [n.id] : [];
      const below = walk(n.child);
      return below.length ? [n.id, ...below] : [];
    });
  return walk(tree);
}
