import { tool } from "ai";
import { editImageInputSchema, type ImagesToolOutput, MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { GenerationService } from "../../generation/service.ts";
import type { ChatToolContext } from "./context.ts";
import { creditsSpentOn, type ImageWaiter } from "./wait-for-images.ts";

/**
 * Changes one of the user's images into a new one linked to it: "make the headline yellow", "bigger headline", "move
 * me to the left", "vintage instead". Without an id, the newest image of this conversation.
 */
export function editImageTool(
  deps: { generation: GenerationService; credits: CreditsService; waitForImages: ImageWaiter },
  ctx: ChatToolContext,
) {
  return tool({
    description:
      "Edits one of the user's images into a new image: headline text, headline colour (#rrggbb), headline size, headline or subject position, style. " +
      "Pass the user's words as `instruction`. Omit imageId to edit the newest image of this conversation.",
    inputSchema: editImageInputSchema,
    async *execute(input): AsyncGenerator<ImagesToolOutput> {
      const imageId = input.imageId ?? ctx.recentImageIds[0];
      if (!imageId) throw new AppError("not_found:image", "There is no image in this conversation to edit yet. Make one first.");
      if (ctx.imagesLeft <= 0) throw new AppError("invalid:generation", `One message makes at most ${MAX_IMAGES_PER_MESSAGE} images. Send another message for more.`);
      const { instruction, imageId: _chosen, ...changes } = input;
      const queued = await deps.generation.requestEdit(ctx.userId, { imageId, instruction, changes });
      ctx.imagesLeft -= 1;
      ctx.recentImageIds.unshift(queued.id);
      yield { images: [queued], creditsSpent: queued.creditsSpent, creditsLeft: (await deps.credits.balance(ctx.userId)) ?? 0 };
      // The last output a tool yields is its result.
      const done = await deps.waitForImages(ctx.userId, [queued], ctx.signal);
      yield { images: done, creditsSpent: creditsSpentOn(done), creditsLeft: (await deps.credits.balance(ctx.userId)) ?? 0 };
    },
  });
}
