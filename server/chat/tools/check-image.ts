import { tool, zodSchema } from "ai";
import { type CheckImageOutput, chatTools } from "../../../contract/chat.ts";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import { AppError } from "../../errors/app-error.ts";
import type { ChatToolContext } from "./context.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.checkImage.input);

/** The feed check as the chat needs it: the check of one of the user's images (docs/product/feed-check.md). */
export interface FeedChecker {
  check(userId: string, imageId: string): Promise<FeedCheck>;
}

export interface CheckImageDeps {
  feedCheck: FeedChecker;
}

/**
 * "Check it", "will this read on mobile?": the feed check of one of the user's images, free. Its findings carry their
 * fixes as edit fields, so "fix it" afterwards is an ordinary editImage call (priced like any edit: free when only the headline changes). Without an id,
 * the newest image of this conversation.
 */
export function checkImageTool(deps: CheckImageDeps, ctx: ChatToolContext) {
  return tool({
    description:
      "Runs the feed check of one of the user's images, free: how it reads at the sizes YouTube shows it at (desktop, phone, TV; dark and light), " +
      "what OCR read back, and findings, each with a `fix` whose `changes` are editImage fields. Use it for \"check it\", \"will this read on mobile?\", \"feed check\". " +
      "Omit imageId to check the newest image of this conversation.",
    inputSchema,
    async execute(input): Promise<CheckImageOutput> {
      const imageId = input.imageId ?? ctx.recentImageIds[0];
      if (!imageId) throw new AppError("not_found:image", "There is no image in this conversation to check yet. Make one first.");
      return { check: await deps.feedCheck.check(ctx.userId, imageId) };
    },
  });
}
