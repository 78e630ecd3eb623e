import type { ImageAspect, ImageStyle } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import type { SpendQuote } from "../../../contract/chat.ts";

/**
 * What one chat message's tools act with. The user comes from the session, never from a tool's arguments; the
 * pickers' values are defaults the model may override; `imagesLeft` caps the images one message may make.
 */
export interface ChatToolContext {
  userId: string;
  /** The language of the user's interface: what a persona's suggested name and description are written in. */
  language?: Language | undefined;
  /** The conversation the images are made in: the gallery files and finds them by it. */
  conversationId: string;
  style: ImageStyle | undefined;
  aspect: ImageAspect | undefined;
  model: string | undefined;
  /** The style kit picked in the composer ("My style"): new thumbnails are made in it. */
  styleKitId?: string | undefined;
  /** An upload attached to the message: the base image of a generation. */
  attachmentImageId: string | undefined;
  /** The video this message came with, else the one an earlier message of the conversation came with: videoFrame's default. */
  videoId?: string | undefined;
  imagesLeft: number;
  /** What the user approved, by tool call (an answer going on after Approve): such a call runs only as quoted. */
  approvedQuotes?: ReadonlyMap<string, SpendQuote> | undefined;
  /** Images made earlier in this conversation, newest first: what "it" or "the last one" means to an edit. */
  recentImageIds: string[];
  signal: AbortSignal;
}
