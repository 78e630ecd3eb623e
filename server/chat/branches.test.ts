import { describe, expect, it } from "vitest";
import { activePath, branchPointsOn, newestLeafUnder, pathTo, type TreeMessage } from "./branches.ts";

const m = (id: string, parentId: string | null): TreeMessage => ({ id, parentId, role: "user", parts: [] });
// u1 → a1 → (u2 → a2 | u2b → a2b | u2c) ; a2b regenerated as a2c. In the order stored.
const tree = [m("u1", null), m("a1", "u1"), m("u2", "a1"), m("a2", "u2"), m("u2b", "a1"), m("a2b", "u2b"), m("a2c", "u2b"), m("u2c", "a1")];
const ids = (messages: readonly TreeMessage[]) => messages.map((x) => x.id);

describe("conversation branches", () => {
  it("reads the branch shown from the first message to its leaf", () => {
    expect(ids(pathTo(tree, "a2b"))).toEqual(["u1", "a1", "u2b", "a2b"]);
    expect(ids(activePath(tree, "a2"))).toEqual(["u1", "a1", "u2", "a2"]);
    // No leaf yet, or one that is not stored: the newest message's branch.
    expect(ids(activePath(tree, null))).toEqual(["u1", "a1", "u2c"]);
    expect(ids(activePath(tree, "gone"))).toEqual(["u1", "a1", "u2c"]);
    expect(activePath([], null)).toEqual([]);
  });

  it("names every message of the branch that has siblings, oldest first", () => {
    expect(branchPointsOn(pathTo(tree, "a2c"), tree)).toEqual([
      { messageId: "u2b", siblingIds: ["u2", "u2b", "u2c"], index: 1 },
      { messageId: "a2c", siblingIds: ["a2b", "a2c"], index: 1 },
    ]);
    expect(branchPointsOn(pathTo(tree, "a1"), tree)).toEqual([]);
  });

  it("switches to the newest leaf under a message", () => {
    expect(newestLeafUnder(tree, "u2b")).toBe("a2c");
    expect(newestLeafUnder(tree, "u1")).toBe("u2c");
    expect(newestLeafUnder(tree, "a2")).toBe("a2");
  });

  it("ends a walk along parent links that loop", () => {
    expect(ids(pathTo([m("x", "y"), m("y", "x")], "x")).length).toBeLessThanOrEqual(3);
  });
});
