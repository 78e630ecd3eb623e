/**
 * What the Discord bot says and draws as the web and the chat do: the chat's words for a feed check and an edit, its
 * reading of an edit request, and the feed check's phone slot. The bot reaches them through this door, as it reaches
 * the services through createServices, so the two never drift apart and no capability's insides are its API.
 */
export { checkResult } from "../chat/offline/check-replies.ts";
export { describeChanges, renderNoChange } from "../chat/offline/edit-replies.ts";
export { readIntent } from "../chat/offline/intent.ts";
export { renderSlot } from "../feed-check/feed-slot.ts";
