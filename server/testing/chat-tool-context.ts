import type { ChatToolContext } from "../chat/tools/context.ts";

/** The image a unit test's conversation has shown most recently. */
export const RECENT_IMAGE_ID = "11111111-1111-4111-8111-111111111111";

/** A chat tool's context for unit tests: one conversation with one recent image and four images left to make. */
export const chatToolContext = (patch: Partial<ChatToolContext> = {}): ChatToolContext => ({
  userId: "u1",
  conversationId: "00000000-0000-4000-8000-000000000001",
  style: undefined,
  aspect: undefined,
  model: undefined,
  attachmentImageId: undefined,
  imagesLeft: 4,
  recentImageIds: [RECENT_IMAGE_ID],
  signal: new AbortController().signal,
  ...patch,
});
