import { tool, zodSchema } from "ai";
import { chatTools, type ImagesToolOutput, MAX_IMAGES_PER_MESSAGE, MAX_VARIANTS } from "../../../contract/chat.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { GenerationService } from "../../generation/service.ts";
import type { ChatToolContext } from "./context.ts";
import { followImages, type ImageWaiter } from "./wait-for-images.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.varyImage.input);

/**
 * New variants of the current image ("three versions", "try again", "two more with a blue headline"): its scene laid
 * out another way each time, with every edit made so far kept and this message's changes made in all of them. Each
 * image is charged on its own. An image with no scene (a provider's) is made again from its prompt, and says so.
 */
export function varyImageTool(deps: { generation: GenerationService; credits: CreditsService; waitForImages: ImageWaiter }, ctx: ChatToolContext) {
  return tool({
    description:
      `Makes 1–${MAX_VARIANTS} new variants of one of the user's images (layout and colours differ), keeping every edit made so far. ` +
      'Use it for "three versions", "more options", "try again", "another one" (count 1). The edit fields (as editImage takes them) are applied to every variant. ' +
      "Pass the user's words as `instruction`. Omit imageId to vary the current image of this conversation.",
    inputSchema,
    async *execute(input): AsyncGenerator<ImagesToolOutput> {
      const imageId = input.imageId ?? ctx.recentImageIds[0];
      if (!imageId) throw new AppError("not_found:image", "There is no image in this conversation to make versions of yet. Make one first.");
      const count = Math.min(input.count ?? MAX_VARIANTS, ctx.imagesLeft);
      if (count <= 0) throw new AppError("invalid:generation", `One message makes at most ${MAX_IMAGES_PER_MESSAGE} images. Send another message for more.`);
      const { instruction, imageId: _chosen, count: _count, ...changes } = input;
      // The model the composer shows: the image's own, unless the user picked another, which draws the prompt again.
      const outcome = await deps.generation.requestVariants(ctx.userId, { imageId, count, instruction, changes, model: ctx.model }, { conversationId: ctx.conversationId });
      ctx.imagesLeft -= outcome.images.length;
      ctx.recentImageIds.unshift(...outcome.images.map((image) => image.id).reverse());
      yield* followImages(deps, ctx, outcome.images, outcome.kind === "scene" ? { changes: outcome.changes } : { outcome: "from-prompt" });
    },
  });
}
