import type { UIMessage } from "ai";
import type { EditImageInput, GeneratePackInput, GenerateThumbnailInput, ImagesToolOutput, ListPersonasOutput, ReplaceSubjectInput } from "../../../contract/chat.ts";

/** The chat's tools as the thread sees them: typed inputs and outputs of contract/chat.ts. */
export type ChatTools = {
  generateThumbnail: { input: GenerateThumbnailInput; output: ImagesToolOutput };
  generatePack: { input: GeneratePackInput; output: ImagesToolOutput };
  editImage: { input: EditImageInput; output: ImagesToolOutput };
  replaceSubject: { input: ReplaceSubjectInput; output: ImagesToolOutput };
  listPersonas: { input: Record<string, never>; output: ListPersonasOutput };
};

export type ChatMessage = UIMessage<unknown, Record<string, never>, ChatTools>;
export type ChatPart = ChatMessage["parts"][number];
export type ImageToolPart = Extract<ChatPart, { type: "tool-generateThumbnail" | "tool-editImage" | "tool-replaceSubject" }>;
export type PackToolPart = Extract<ChatPart, { type: "tool-generatePack" }>;
export type PersonasToolPart = Extract<ChatPart, { type: "tool-listPersonas" }>;

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
  attachmentImageId?: string;
}
