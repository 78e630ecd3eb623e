import type { SceneChange } from "../../../../contract/chat.ts";
import type { Language } from "../../../../contract/languages.ts";

/**
 * The follow-up corpus (docs/product/chat.md, Understanding follow-ups): what creators type after a first thumbnail,
 * in the six languages, each with the change it must make. The test runs every entry through the offline assistant
 * and the Studio's scene edits and compares what the picture would become, not which tool was called.
 */

/** One change the follow-up must make. `to` is compared when given; `direction` says which way a number must move. */
export interface ExpectedChange {
  layer: SceneChange["layer"];
  property: SceneChange["property"];
  to?: string | number;
  direction?: "up" | "down";
}

/** Where the conversation stands when the follow-up is typed (server/testing/follow-ups/fixture.ts builds each). */
export type FixtureState =
  /** A first thumbnail, then two edits of it: the third version is current. */
  | "chain"
  /** As "chain", then "undo": the second version is current and the third can be redone. */
  | "undone"
  /** A first thumbnail, then a batch of three variants of it: the last variant is current. */
  | "batch"
  /** As "chain", then the feed check of the current image, which finds its headline too small. */
  | "checked";

export type Expectation =
  /** An edit of the current image (or `variants` of it, 1 when absent) whose scene diff holds every change listed. */
  | { changes: ExpectedChange[]; variants?: number; target?: FixtureTarget }
  /** The current image becomes another existing one, with no render. */
  | { current: FixtureTarget }
  /** A question back: the assistant could not tell what to change, and says so. */
  | { clarify: true }
  /** The current image gets this video title (setTitle), free, with no render. */
  | { title: string }
  /** The feed check of the current image: nothing changes, nothing is charged. */
  | { check: true };

/** An image of the fixture by its place: the first version, the one before or after the current, or the batch's nth (0-based). */
export type FixtureTarget = "first" | "previous" | "next" | "current" | { batch: number };

export interface FollowUp {
  language: Language;
  /** The creator's words, as typed. */
  text: string;
  expect: Expectation;
  /** "chain" when absent. */
  state?: FixtureState;
  /** What the entry covers, for the report: "position", "colour", "undo"… */
  area: string;
}

/** What the assistant's answer would do to the conversation's picture. */
export type Effect =
  | { kind: "changes"; changes: SceneChange[]; variants: number; targetId: string }
  | { kind: "current"; imageId: string }
  | { kind: "clarify" }
  | { kind: "title"; title: string; imageId: string }
  | { kind: "check"; imageId: string }
  /** A new picture from a prompt, or a tool the corpus has no effect for. */
  | { kind: "other"; what: string };
