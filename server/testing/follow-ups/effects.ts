import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { chatToolNames, MAX_VARIANTS, type SceneChange } from "../../../contract/chat.ts";
import { AppError } from "../../errors/app-error.ts";
import type { SceneChanges } from "../../generation/engine.ts";
import { diffScenes } from "../../studio/scene-diff.ts";
import { editScene } from "../../studio/scene-edit.ts";
import { planTurn } from "../../chat/offline/offline-assistant.ts";
import type { Fixture } from "./fixture.ts";
import type { Effect } from "../../chat/offline/follow-ups/types.ts";

type Input = Record<string, unknown>;

/** What an edit of `targetId` with these fields would change, as the Studio works it out before charging. */
function sceneChanges(fixture: Fixture, targetId: string, fields: SceneChanges): SceneChange[] {
  const scene = fixture.scenes.get(targetId);
  if (!scene) return [];
  try {
    return diffScenes(scene, editScene(scene, fields));
  } catch (error) {
    // An object the art set cannot draw: the job would fail and refund, so nothing changes.
    if (error instanceof AppError) return [];
    throw error;
  }
}

function editFields(input: Input): SceneChanges {
  const { instruction: _instruction, imageId: _imageId, count: _count, ...fields } = input;
  return fields as SceneChanges;
}

/** The image a pick makes current, resolved against the fixture's links as the tool resolves them against the images table. */
function pickedId(input: Input, fixture: Fixture): string {
  const { current } = fixture.ids;
  if (typeof input.imageId === "string") return input.imageId;
  if (input.move === "undo") return fixture.parents.get(current) ?? current;
  if (input.move === "redo") return fixture.ids.next ?? current;
  if (input.move === "first") return fixture.ids.first;
  // "latest": the newest image whose chain passes through the current one; the fixture's newest is its `next` when undone.
  return fixture.ids.next ?? current;
}

/** Each tool's effect on the fixture's picture; a tool missing here makes an "other" effect. */
const effects: Partial<Record<string, (input: Input, fixture: Fixture) => Effect>> = {
  editImage(input, fixture) {
    const targetId = typeof input.imageId === "string" ? input.imageId : fixture.ids.current;
    return { kind: "changes", changes: sceneChanges(fixture, targetId, editFields(input)), variants: 1, targetId };
  },
  varyImage: (input, fixture) => ({ ...(effects.editImage?.(input, fixture) as Effect & { kind: "changes" }), variants: typeof input.count === "number" ? input.count : MAX_VARIANTS }),
  pickImage: (input, fixture) => ({ kind: "current", imageId: pickedId(input, fixture) }),
  setTitle: (input, fixture) => ({ kind: "title", title: String(input.title), imageId: typeof input.imageId === "string" ? input.imageId : fixture.ids.current }),
  checkImage: (input, fixture) => ({ kind: "check", imageId: typeof input.imageId === "string" ? input.imageId : fixture.ids.current }),
};

/** Runs the follow-up through the offline assistant with every chat tool offered and says what its answer would do. */
export function effectOf(fixture: Fixture): Effect {
  const call = {
    prompt: fixture.prompt,
    tools: chatToolNames.map((name) => ({ type: "function" as const, name, inputSchema: { type: "object" as const } })),
  } as LanguageModelV4CallOptions;
  const turn = planTurn(call, { language: "en" });
  if (!turn.toolCall) return turn.intent === "clarify" ? { kind: "clarify" } : { kind: "other", what: `reply:${turn.intent}` };
  const input = JSON.parse(turn.toolCall.input) as Input;
  const effect = effects[turn.toolCall.toolName];
  return effect ? effect(input, fixture) : { kind: "other", what: `${turn.toolCall.toolName} ${turn.toolCall.input}` };
}
