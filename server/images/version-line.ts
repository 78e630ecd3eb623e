/**
 * An image's line of versions, read out of the tree its edits and variants make (docs/product/chat.md, Versions, undo
 * and redo): what it was edited from, back to the first version, then the image itself and, after it, each newest edit
 * of the one before. Three variants of one image are three lines that share their start, so each card's strip shows
 * its own history, not its siblings.
 */
export function versionLine<T extends { id: string; parentId: string | null; createdAt: Date | string }>(tree: readonly T[], id: string): T[] {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const start = byId.get(id);
  if (!start) return [];
  const before: T[] = [];
  const seen = new Set([start.id]);
  for (let node = start.parentId === null ? undefined : byId.get(start.parentId); node && !seen.has(node.id); node = node.parentId === null ? undefined : byId.get(node.parentId)) {
    seen.add(node.id);
    before.unshift(node);
  }
  const after: T[] = [];
  for (let node: T | undefined = newestChild(tree, start.id); node && !seen.has(node.id); node = newestChild(tree, node.id)) {
    seen.add(node.id);
    after.push(node);
  }
  return [...before, start, ...after];
}

function newestChild<T extends { id: string; parentId: string | null; createdAt: Date | string }>(tree: readonly T[], id: string): T | undefined {
  let newest: T | undefined;
  for (const node of tree) {
    if (node.parentId !== id) continue;
    if (!newest || time(node) > time(newest) || (time(node) === time(newest) && node.id > newest.id)) newest = node;
  }
  return newest;
}

const time = (node: { createdAt: Date | string }) => new Date(node.createdAt).getTime();
