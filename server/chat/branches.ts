import type { BranchPoint } from "../../contract/chat.ts";
/** A stored message with the one it follows: a conversation's messages form a tree (docs/decisions/033-conversation-branches.md). */
export interface TreeMessage {
  id: string;
  parentId: string | null;
  role: "user" | "assistant";
  parts: unknown[];
}

/** The messages from the first one to `leafId`, in order; empty when `leafId` is not in `tree`. */
export function pathTo(tree: readonly TreeMessage[], leafId: string): TreeMessage[] {
  const byId = new Map(tree.map((m) => [m.id, m]));
  const path: TreeMessage[] = [];
  // A parent link that loops (never written by the app) ends the walk instead of hanging it.
  for (let at = byId.get(leafId); at && path.length <= tree.length; at = at.parentId === null ? undefined : byId.get(at.parentId)) path.push(at);
  return path.reverse();
}

/**
 * The branch the user looks at: the path to the active leaf. `tree` is in position order; a conversation whose leaf
 * is unknown (none stored yet) shows the path to its newest message.
 */
export function activePath(tree: readonly TreeMessage[], activeId: string | null): TreeMessage[] {
  const leaf = activeId !== null && tree.some((m) => m.id === activeId) ? activeId : tree.at(-1)?.id;
  return leaf === undefined ? [] : pathTo(tree, leaf);
}

/** Children of each message (null: the first messages), oldest first as `tree` is in position order. */
function childrenOf(tree: readonly TreeMessage[]): Map<string | null, TreeMessage[]> {
  const children = new Map<string | null, TreeMessage[]>();
  for (const m of tree) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  return children;
}

/** Every message of `path` that has siblings, with them (oldest first) and where it stands among them. */
export function branchPointsOn(path: readonly TreeMessage[], tree: readonly TreeMessage[]): BranchPoint[] {
  const children = childrenOf(tree);
  return path.flatMap((m) => {
    const siblingIds = (children.get(m.parentId) ?? []).map((s) => s.id);
    return siblingIds.length > 1 ? [{ messageId: m.id, siblingIds, index: siblingIds.indexOf(m.id) }] : [];
  });
}

/** The newest leaf at or under `messageId` (the one stored last): where switching to that message's branch lands. */
export function newestLeafUnder(tree: readonly TreeMessage[], messageId: string): string {
  const children = childrenOf(tree);
  let newest = messageId;
  let newestAt = tree.findIndex((m) => m.id === messageId);
  const stack = [messageId];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    const below = children.get(id) ?? [];
    if (below.length === 0) {
      const at = tree.findIndex((m) => m.id === id);
      if (at > newestAt) [newest, newestAt] = [id, at];
    }
    stack.push(...below.map((m) => m.id));
  }
  return newest;
}
