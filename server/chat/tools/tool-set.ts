import type { Tool } from "ai";
import type { ChatToolInput, ChatToolName, ChatToolOutput } from "../../../contract/chat.ts";
import { type CheckImageDeps, checkImageTool } from "./check-image.ts";
import { type CompareModelsDeps, compareModelsTool } from "./compare-models.ts";
import type { ChatToolContext } from "./context.ts";
import { editImageTool } from "./edit-image.ts";
import { generatePackTool } from "./generate-pack.ts";
import { type GenerateThumbnailDeps, generateThumbnailTool } from "./generate-thumbnail.ts";
import { listPersonasTool } from "./list-personas.ts";
import { type PersonaFromFrameDeps, personaFromFrameTool } from "./persona-from-frame.ts";
import { type PickImageDeps, pickImageTool } from "./pick-image.ts";
import { replaceSubjectTool } from "./replace-subject.ts";
import { type SetTitleDeps, setTitleTool } from "./set-title.ts";
import { varyImageTool } from "./vary-image.ts";
import { type VideoFrameDeps, videoFrameTool } from "./video-frame.ts";
import { type VideoHeadlinesDeps, videoHeadlinesTool } from "./video-headlines.ts";

/**
 * One AI SDK tool for every tool of the contract, under its name and with its input and output types: a tool added
 * to `chatTools` in contract/chat.ts does not compile here until it is built.
 */
export type ChatToolSet = { [Name in ChatToolName]: Tool<ChatToolInput<Name>, ChatToolOutput<Name>> };

export type ChatToolDeps = GenerateThumbnailDeps & PickImageDeps & SetTitleDeps & CheckImageDeps & VideoFrameDeps & VideoHeadlinesDeps & PersonaFromFrameDeps & CompareModelsDeps;

/** The chat's tools for one message, acting for its user within its context. */
export function createChatToolSet(deps: ChatToolDeps, ctx: ChatToolContext): ChatToolSet {
  return {
    generateThumbnail: generateThumbnailTool(deps, ctx),
    generatePack: generatePackTool(deps, ctx),
    editImage: editImageTool(deps, ctx),
    varyImage: varyImageTool(deps, ctx),
    replaceSubject: replaceSubjectTool(deps, ctx),
    listPersonas: listPersonasTool(deps, ctx),
    pickImage: pickImageTool(deps, ctx),
    setTitle: setTitleTool(deps, ctx),
    checkImage: checkImageTool(deps, ctx),
    videoFrame: videoFrameTool(deps, ctx),
    videoHeadlines: videoHeadlinesTool(deps, ctx),
    personaFromFrame: personaFromFrameTool(deps, ctx),
    compareModels: compareModelsTool(deps, ctx),
  };
}
