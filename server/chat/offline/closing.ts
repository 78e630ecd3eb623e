import {
  type ChatToolName,
  checkImageOutputSchema,
  compareModelsOutputSchema,
  imagesToolOutputSchema,
  listPersonasOutputSchema,
  personaFromFrameOutputSchema,
  setTitleOutputSchema,
  videoFrameOutputSchema,
  videoHeadlinesOutputSchema,
} from "../../../contract/chat.ts";
import { formatTimecode } from "../../../contract/videos.ts";
import { artProblemOf } from "./art-replies.ts";
import { outputValue, type ToolOutcome } from "./conversation.ts";
import type { CreditOutcome, Reply, ToolProblem } from "./replies.ts";
import { classifyPersonaError } from "./persona-replies.ts";
import { classifyVideoError } from "./video-replies.ts";

/** Which kind of failure a tool error describes, from its error code when it has one, else from its words. */
export function classifyToolError(error: unknown): ToolProblem {
  const text = (typeof error === "string" ? error : JSON.stringify(error ?? "")).toLowerCase();
  if (/insufficient_credits|not enough credits|insufficient credits/.test(text)) return "credits";
  // None at all ("no style kit yet", from kitChoice), or the one picked was deleted or is not theirs.
  if (/not_found:style_kit/.test(text)) return /no style kit yet/.test(text) ? "style-kit" : "style-kit-gone";
  if (/not_found:persona|unprocessable:persona|persona.{0,30}not found|unknown persona|no persona/.test(text)) return "persona";
  if (/unprocessable:relay/.test(text)) return "relay";
  if (/not_found:image|unprocessable:base_image|unprocessable:image|image.{0,30}not found/.test(text)) return "image";
  if (/provider_refused|refused|content policy|moderation|safety/.test(text)) return "refused";
  if (/invalid:model|not_configured:model|model.{0,30}(not available|unavailable|unknown|not configured)/.test(text)) return "model";
  if (/rate_limited|too many|rate limit/.test(text)) return "busy";
  if (/unavailable|timed? ?out|econn|shutdown|interrupted/.test(text)) return "unavailable";
  if (/invalid|validation|bad request/.test(text)) return "invalid";
  return "unknown";
}

/**
 * What a failed image tool did to the balance, from how the tools charge rather than from the error's words: every
 * charge is written together with its image and job, and a tool that has queued images reports them (with the
 * ledger's charges and refunds) instead of failing, so a failed call charged nothing. A refund is only ever said
 * from an images result whose ledger shows one.
 */
function creditOutcome(toolName: string): CreditOutcome {
  return toolName === ("listPersonas" satisfies ChatToolName) || toolName === ("setTitle" satisfies ChatToolName) || toolName === ("checkImage" satisfies ChatToolName) ? "none" : "not-spent";
}

/** The closing reply for one tool's answer. */
export function closingReply(outcome: ToolOutcome): Reply {
  const { output, toolName } = outcome;
  if (output.type === "execution-denied") return { kind: "denied" };
  const value = outputValue(output);
  if (toolName === ("videoFrame" satisfies ChatToolName)) return videoFrameReply(output.type === "error-text" || output.type === "error-json", value);
  if (toolName === ("videoHeadlines" satisfies ChatToolName)) return spokenOf(output.type === "error-text" || output.type === "error-json", value);
  if (toolName === ("personaFromFrame" satisfies ChatToolName)) return personaOf(output.type === "error-text" || output.type === "error-json", value);
  if (toolName === ("compareModels" satisfies ChatToolName) && output.type !== "error-text" && output.type !== "error-json") {
    const parsed = compareModelsOutputSchema.safeParse(value);
    if (parsed.success) return { kind: "compared", summary: { models: parsed.data.comparison.images.length, spent: parsed.data.creditsSpent, left: parsed.data.creditsLeft } };
  }
  if (output.type === "error-text" || output.type === "error-json") {
    const problem = classifyToolError(value);
    return { kind: "tool-error", problem, credits: creditOutcome(toolName) };
  }
  if (toolName === ("checkImage" satisfies ChatToolName)) {
    const parsed = checkImageOutputSchema.safeParse(value);
    if (parsed.success) return { kind: "check", check: parsed.data.check };
  } else if (toolName === ("listPersonas" satisfies ChatToolName)) {
    const parsed = listPersonasOutputSchema.safeParse(value);
    if (parsed.success) return { kind: "personas", personas: parsed.data.personas };
  } else if (toolName === ("setTitle" satisfies ChatToolName)) {
    // Told from the answer alone: the title the image has now, or why it kept the one it had.
    const parsed = setTitleOutputSchema.safeParse(value);
    if (parsed.success) {
      const { outcome, title, length, max } = parsed.data;
      if (outcome === "set" && title !== null) return { kind: "titled", result: { outcome, title } };
      if (outcome === "too-long") return { kind: "titled", result: { outcome, length, max, kept: title } };
    }
  } else {
    const parsed = imagesToolOutputSchema.safeParse(value);
    if (parsed.success) {
      const { images, creditsSpent, creditsLeft, creditsRefunded, changes, outcome: result } = parsed.data;
      if (result === "no-change") return { kind: "no-change" };
      if (result === "nothing-to-undo" || result === "nothing-to-redo") return { kind: "nothing-to-pick", move: result === "nothing-to-undo" ? "undo" : "redo" };
      if (result === "picked" || result === "already-current") {
        return { kind: "picked", already: result === "already-current", ...(parsed.data.version ? { place: parsed.data.version } : {}) };
      }
      const variants = toolName === ("varyImage" satisfies ChatToolName) ? (result === "from-prompt" ? "from-prompt" : "scene") : undefined;
      const count = (status: string) => images.filter((image) => image.status === status).length;
      const artProblem = artProblemOf(images.filter((image) => image.status === "failed").map((image) => image.errorCode));
      return {
        kind: "images",
        summary: {
          ready: count("ready"),
          pending: count("pending") + count("running"),
          failed: count("failed"),
          spent: creditsSpent,
          refunded: creditsRefunded ?? 0,
          left: creditsLeft,
          ...(artProblem ? { artProblem } : {}),
          ...(changes && changes.length > 0 ? { changes } : {}),
          ...(images.some((image) => image.status === "failed" && image.errorCode === "unprocessable:no_change") ? { unchanged: true } : {}),
          ...(variants ? { variants } : {}),
        },
        ...(toolName === ("generatePack" satisfies ChatToolName) ? { pack: true } : {}),
      };
    }
  }
  // An answer of an unexpected shape is most often an error object ({ error, code }).
  const problem = classifyToolError(value);
  return { kind: "tool-error", problem, credits: creditOutcome(toolName) };
}

/** A videoFrame call's answer: the frames it took (their moments and reasons), or why it could not take one. */
function videoFrameReply(failed: boolean, value: unknown): Reply {
  if (failed) return { kind: "video-error", problem: classifyVideoError(value, "frame") };
  const parsed = videoFrameOutputSchema.safeParse(value);
  if (!parsed.success) return { kind: "video-error", problem: "other" };
  const { images, frames } = parsed.data;
  const ready = new Set(images.filter((image) => image.status === "ready").map((image) => image.id));
  return {
    kind: "video-frames",
    taken: {
      frames: frames.filter((frame) => ready.has(frame.imageId)).map((frame) => ({ time: formatTimecode(frame.timeMs), reasons: frame.reasons })),
      ready: ready.size,
      pending: images.filter((image) => image.status === "pending" || image.status === "running").length,
      failed: images.filter((image) => image.status === "failed").length,
    },
  };
}

/** A videoHeadlines call's answer: what is said at the moment and the headlines, or why it could not be heard. */
function spokenOf(failed: boolean, value: unknown): Reply {
  if (failed) return { kind: "video-error", problem: classifyVideoError(value, "spoken") };
  const parsed = videoHeadlinesOutputSchema.safeParse(value);
  if (!parsed.success) return { kind: "video-error", problem: "hearing-other" };
  const { timeMs, transcript, headlines } = parsed.data;
  return { kind: "spoken", spoken: { time: formatTimecode(timeMs), transcript, headlines } };
}

/** A personaFromFrame call's answer: the persona made, or why none was (a taken handle, no subject in the frame). */
function personaOf(failed: boolean, value: unknown): Reply {
  const parsed = failed ? undefined : personaFromFrameOutputSchema.safeParse(value);
  if (parsed?.success) return { kind: "persona-made", made: { handle: parsed.data.persona.handle, name: parsed.data.persona.name } };
  return { kind: "persona-error", problem: classifyPersonaError(value) };
}
