import type { UIMessage } from "ai";
import type { ChatToolName, ChatToolTypes } from "../../../contract/chat.ts";

/** A thread's message: its tool parts (`tool-<name>`) carry the inputs and outputs of contract/chat.ts `chatTools`. */
export type ChatMessage = UIMessage<unknown, Record<string, never>, ChatToolTypes>;
export type ChatPart = ChatMessage["parts"][number];
/** The part of a call of one of the chat's tools (of any, without a name). */
export type ChatToolPart<Name extends ChatToolName = ChatToolName> = Extract<ChatPart, { type: `tool-${Name}` }>;
export type ImageToolPart = ChatToolPart<"generateThumbnail" | "editImage" | "varyImage" | "replaceSubject" | "videoFrame">;
export type PackToolPart = ChatToolPart<"generatePack">;
export type HeadlinesToolPart = ChatToolPart<"videoHeadlines">;
export type PersonaMadeToolPart = ChatToolPart<"personaFromFrame">;
export type PersonasToolPart = ChatToolPart<"listPersonas">;
export type PickToolPart = ChatToolPart<"pickImage">;
export type TitleToolPart = ChatToolPart<"setTitle">;
export type CheckToolPart = ChatToolPart<"checkImage">;
export type CompareToolPart = ChatToolPart<"compareModels">;

/** A persona the composer can @-mention. */
export interface MentionablePersona {
  handle: string;
  name: string;
  thumbUrl?: string;
}

/** What the composer's pickers send with a message (POST /api/chat beside the message). */
export interface ChatOptions {
  style?: string;
  aspect?: string;
  model?: string;
  /** "My style": the style kit new thumbnails are made in. */
  styleKitId?: string;
  attachmentImageId?: string;
  /** The image the user picked to work on ("Edit" on its card): the current image for this message. */
  imageId?: string;
  /** A video attached in the composer (From your video): sent with the message, shown in the thread as its card. */
  videoId?: string;
}
