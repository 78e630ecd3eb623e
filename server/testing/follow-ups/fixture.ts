import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { CheckImageOutput, ImagesToolOutput } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { buildScene, type Scene } from "../../studio/scene.ts";
import { editScene } from "../../studio/scene-edit.ts";
import type { FixtureState, FixtureTarget } from "../../chat/offline/follow-ups/types.ts";

/**
 * The conversation every corpus entry is typed into: a cartoon thumbnail of "I tried 100 days of coding" with the
 * persona @me, made by the Studio, and what came after it in each state. The edits already made are a bigger headline
 * and a teal headline (#2ec4b6), so an entry never asks for a change the current image already has.
 */
export interface Fixture {
  prompt: LanguageModelV4Prompt;
  /** Every image's scene by id. */
  scenes: ReadonlyMap<string, Scene>;
  /** Image ids by their place in this state. */
  ids: { first: string; previous?: string; next?: string; current: string; batch: readonly string[] };
  /** Each image's parent, as the images table links an edit to what it was made from. */
  parents: ReadonlyMap<string, string | null>;
}

const ID = {
  first: "10000000-0000-4000-8000-000000000001",
  second: "10000000-0000-4000-8000-000000000002",
  third: "10000000-0000-4000-8000-000000000003",
  batch: ["10000000-0000-4000-8000-0000000000b1", "10000000-0000-4000-8000-0000000000b2", "10000000-0000-4000-8000-0000000000b3"],
} as const;

const FIRST_PROMPT = "make a cartoon thumbnail for 'I tried 100 days of coding' with @me";
const sceneInput = { prompt: "I tried 100 days of coding", style: "cartoon", aspect: "16:9", personaNames: ["me"], seed: 7 } as const;

function record(id: string, parentId: string | null, packId: string | null = null): ImageRecord {
  return {
    id,
    kind: "generated",
    status: "ready",
    prompt: FIRST_PROMPT,
    style: "cartoon",
    aspect: "16:9",
    model: "studio",
    width: 1280,
    height: 720,
    creditsSpent: 1,
    error: null,
    errorCode: null,
    parentId,
    packId,
    createdAt: "2026-01-01T00:00:00.000Z",
    urls: null,
  };
}

/** A user message, the assistant's tool call answering it, and the tool's answer. */
function exchange(words: string, index: number, toolName: string, input: unknown, output: ImagesToolOutput | CheckImageOutput): LanguageModelV4Prompt {
  const toolCallId = `call_${index}`;
  return [
    { role: "user", content: [{ type: "text", text: words }] },
    { role: "assistant", content: [{ type: "text", text: "On it." }, { type: "tool-call", toolCallId, toolName, input }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId, toolName, output: { type: "json", value: output as never } }] },
  ];
}

const paid = (images: ImageRecord[]): ImagesToolOutput => ({ images, creditsSpent: images.length, creditsLeft: 20 });

/** The current image's feed check: its headline too small at the smallest sizes, fixed by a bigger headline. */
function check(imageId: string): CheckImageOutput {
  const size = (id: "mobile-home" | "mobile-search", width: number, height: number, reads: boolean) => ({
    size: id,
    theme: "dark" as const,
    width,
    height,
    verdict: reads ? ("pass" as const) : ("fail" as const),
    reads,
    readBack: null,
    distance: null,
    capHeight: reads ? 11 : 5.2,
    contrast: 7.4,
  });
  return {
    check: {
      imageId,
      headline: "I TRIED 100 DAYS OF CODING",
      title: null,
      method: "scene",
      ocrLanguage: null,
      readsOnPhones: false,
      sizes: [size("mobile-home", 343, 193, true), size("mobile-search", 168, 94, false)],
      findings: [{ id: "small-headline", severity: "fail", sizes: ["mobile-search"], details: { capHeight: 5.2 }, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } }],
      checkedAt: "2026-01-01T00:00:00.000Z",
    },
  };
}

export function buildFixture(state: FixtureState, followUp: string): Fixture {
  const first = buildScene(sceneInput);
  const system: LanguageModelV4Prompt = [{ role: "system", content: "You are Thumbforge's assistant. language: en" }];
  const made = exchange(
    FIRST_PROMPT,
    1,
    "generateThumbnail",
    { prompt: FIRST_PROMPT, headline: "I tried 100 days of coding", style: "cartoon", personaHandles: ["me"] },
    paid([record(ID.first, null)]),
  );
  const ask: LanguageModelV4Prompt = [{ role: "user", content: [{ type: "text", text: followUp }] }];

  if (state === "batch") {
    const variants = [0, 1, 2].map((variant) => buildScene({ ...sceneInput, variant }));
    const batch = exchange("give me three versions", 2, "generatePack", { prompt: FIRST_PROMPT, style: "cartoon" }, paid(ID.batch.map((id) => record(id, ID.first, "pack-1"))));
    const scenes = new Map<string, Scene>([[ID.first, first], ...ID.batch.map((id, i) => [id, variants[i] as Scene] as const)]);
    const parents = new Map<string, string | null>([[ID.first, null], ...ID.batch.map((id) => [id, ID.first] as const)]);
    return { prompt: [...system, ...made, ...batch, ...ask], scenes, parents, ids: { first: ID.first, previous: ID.first, current: ID.batch[2], batch: ID.batch } };
  }

  const second = editScene(first, { headlineScale: 1.3 });
  const third = editScene(second, { headlineColor: "#2ec4b6" });
  const scenes = new Map<string, Scene>([
    [ID.first, first],
    [ID.second, second],
    [ID.third, third],
  ]);
  const parents = new Map<string, string | null>([
    [ID.first, null],
    [ID.second, ID.first],
    [ID.third, ID.second],
  ]);
  const edits = [
    ...exchange("bigger headline", 2, "editImage", { instruction: "bigger headline", headlineScale: 1.3 }, paid([record(ID.second, ID.first)])),
    ...exchange("make the headline teal", 3, "editImage", { instruction: "make the headline teal", headlineColor: "#2ec4b6" }, paid([record(ID.third, ID.second)])),
  ];
  if (state === "undone") {
    // Going back costs nothing and makes no image: the answer names the image that is current again.
    const undo = exchange("undo that", 4, "pickImage", { move: "undo" }, { images: [record(ID.second, ID.first)], creditsSpent: 0, creditsLeft: 20, outcome: "picked", version: { number: 2, of: 3 } });
    return { prompt: [...system, ...made, ...edits, ...undo, ...ask], scenes, parents, ids: { first: ID.first, previous: ID.first, current: ID.second, next: ID.third, batch: [] } };
  }
  // A check changes nothing: the third version stays current, and "fix it" means the check's fix.
  const checked = state === "checked" ? exchange("check it", 4, "checkImage", {}, check(ID.third)) : [];
  return { prompt: [...system, ...made, ...edits, ...checked, ...ask], scenes, parents, ids: { first: ID.first, previous: ID.second, current: ID.third, batch: [] } };
}

/** The id an expectation's target names in this fixture, if it names one here. */
export function targetId(fixture: Fixture, target: FixtureTarget): string | undefined {
  if (typeof target === "object") return fixture.ids.batch[target.batch];
  return fixture.ids[target];
}
