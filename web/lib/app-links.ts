import { clientRoutes } from "../../contract/client-routes.ts";

/** The query parameter that opens the chat with one of the user's images attached to the composer. */
export const ATTACH_PARAM = "attach";

/** The chat, a new conversation, with this image attached (read by the composer, then dropped from the URL). */
export const chatWithImageHref = (imageId: string): string => `${clientRoutes.app}?${ATTACH_PARAM}=${encodeURIComponent(imageId)}`;
