import type { SceneChange } from "../../../contract/chat.ts";
import { type Fixture, targetId } from "./fixture.ts";
import type { Effect, Expectation, ExpectedChange } from "../../chat/offline/follow-ups/types.ts";

function holds(change: SceneChange, expected: ExpectedChange): boolean {
  if (change.layer !== expected.layer || change.property !== expected.property) return false;
  if (expected.to !== undefined && String(change.to).toLowerCase() !== String(expected.to).toLowerCase()) return false;
  if (expected.direction !== undefined) {
    if (typeof change.from !== "number" || typeof change.to !== "number") return false;
    if (expected.direction === "up" ? change.to <= change.from : change.to >= change.from) return false;
  }
  return true;
}

/** Why the effect misses the expectation, or undefined when it meets it. */
export function mismatch(expect: Expectation, effect: Effect, fixture: Fixture): string | undefined {
  if ("check" in expect) {
    if (effect.kind !== "check") return `expected a feed check, got ${describe(effect)}`;
    return effect.imageId === fixture.ids.current ? undefined : `expected a check of ${fixture.ids.current}, got one of ${effect.imageId}`;
  }
  if ("clarify" in expect) return effect.kind === "clarify" ? undefined : `expected a question, got ${describe(effect)}`;
  if ("title" in expect) {
    if (effect.kind !== "title") return `expected the title ${JSON.stringify(expect.title)}, got ${describe(effect)}`;
    if (effect.imageId !== fixture.ids.current) return `expected the current image to get the title, got ${effect.imageId}`;
    return effect.title === expect.title ? undefined : `expected the title ${JSON.stringify(expect.title)}, got ${JSON.stringify(effect.title)}`;
  }
  if ("current" in expect) {
    const wanted = targetId(fixture, expect.current);
    if (effect.kind !== "current") return `expected ${JSON.stringify(expect.current)} to become current, got ${describe(effect)}`;
    return effect.imageId === wanted ? undefined : `expected ${wanted} to become current, got ${effect.imageId}`;
  }
  if (effect.kind !== "changes") return `expected scene changes, got ${describe(effect)}`;
  const wantedTarget = targetId(fixture, expect.target ?? "current");
  if (effect.targetId !== wantedTarget) return `expected an edit of ${wantedTarget}, got one of ${effect.targetId}`;
  if ((expect.variants ?? 1) !== effect.variants) return `expected ${expect.variants ?? 1} image(s), got ${effect.variants}`;
  const missing = expect.changes.filter((wanted) => !effect.changes.some((change) => holds(change, wanted)));
  if (missing.length > 0) return `missing ${JSON.stringify(missing)}; the scene diff was ${JSON.stringify(effect.changes)}`;
  // A follow-up that expects changes must make one; three plain variants of the scene may change nothing in it.
  if (expect.changes.length > 0 && effect.changes.length === 0) return "the scene did not change";
  return undefined;
}

function describe(effect: Effect): string {
  switch (effect.kind) {
    case "changes":
      return `${effect.variants} image(s) changing ${JSON.stringify(effect.changes)}`;
    case "current":
      return `${effect.imageId} made current`;
    case "clarify":
      return "a question";
    case "title":
      return `the title ${JSON.stringify(effect.title)} for ${effect.imageId}`;
    case "check":
      return `a feed check of ${effect.imageId}`;
    case "other":
      return effect.what;
  }
}
