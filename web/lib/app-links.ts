import { clientRoutes } from "../../contract/client-routes.ts";

/** The query parameter that opens the chat with one of the user's images attached to the composer. */
export const ATTACH_PARAM = "attach";

/** The chat, a new conversation, with this image attached (read by the composer, then dropped from the URL). */
export const chatWithImageHref = (imageId: string): string => `${clientRoutes.app}?${ATTACH_PARAM}=${encodeURIComponent(imageId)}`;

/** The query parameter that opens the Persona view following a draft started elsewhere (a video's frame). */
export const DRAFT_PARAM = "draft";

export const personaDraftHref = (draftId: string): string => `${clientRoutes.personas}?${DRAFT_PARAM}=${encodeURIComponent(draftId)}`;

/** The query parameters of the From video screen: the video shown, and a moment of it to start from. */
export const VIDEO_PARAM = "v";
export const MOMENT_PARAM = "t";

/** The From video screen with this video open, and maybe the frame at `timeMs` picked. */
export function videoHref(videoId: string, timeMs?: number): string {
  const moment = timeMs === undefined ? "" : `&${MOMENT_PARAM}=${Math.round(timeMs)}`;
  return `${clientRoutes.video}?${VIDEO_PARAM}=${encodeURIComponent(videoId)}${moment}`;
}

/** The query parameters of the chat: the conversation open, and a message of it to scroll to and light up. */
export const CONVERSATION_PARAM = "c";
export const MESSAGE_PARAM = "m";

/** The chat with this conversation open, at `messageId` when given (a search result). */
export function conversationHref(conversationId: string, messageId?: string | null): string {
  const message = messageId ? `&${MESSAGE_PARAM}=${encodeURIComponent(messageId)}` : "";
  return `${clientRoutes.app}?${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}${message}`;
}
