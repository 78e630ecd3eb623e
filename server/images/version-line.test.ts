import { describe, expect, it } from "vitest";
import { versionLine } from "./version-line.ts";

const node = (id: string, parentId: string | null, minute: number) => ({ id, parentId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) });

// v1 → v2 → v3, then three variants of v3 (v4, v5, v6), then an undo to v3 and an edit of it (v7) and of that (v8).
const tree = [node("v1", null, 1), node("v2", "v1", 2), node("v3", "v2", 3), node("v4", "v3", 4), node("v5", "v3", 5), node("v6", "v3", 6), node("v7", "v3", 7), node("v8", "v7", 8)];
const ids = (id: string) => versionLine(tree, id).map((n) => n.id);

describe("an image's line of versions", () => {
  it("is what a variant was made from and the variant itself, never its siblings", () => {
    expect(ids("v4")).toEqual(["v1", "v2", "v3", "v4"]);
    expect(ids("v5")).toEqual(["v1", "v2", "v3", "v5"]);
  });

  it("goes on after an image along each newest edit, as a redo would", () => {
    expect(ids("v3")).toEqual(["v1", "v2", "v3", "v7", "v8"]);
    expect(ids("v1")).toEqual(["v1", "v2", "v3", "v7", "v8"]);
    expect(ids("v8")).toEqual(["v1", "v2", "v3", "v7", "v8"]);
  });

  it("is empty for an image the tree does not hold, and stops at a loop", () => {
    expect(ids("nope")).toEqual([]);
    const looped = [node("a", "b", 1), node("b", "a", 2)];
    expect(versionLine(looped, "a").map((n) => n.id)).toEqual(["b", "a"]);
  });
});
