import { tool, zodSchema } from "ai";
import { chatTools, type ImagesToolOutput, MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { GenerationService } from "../../generation/service.ts";
import type { ChatToolContext } from "./context.ts";
import { followImages, type ImageWaiter } from "./wait-for-images.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.editImage.input);

/**
 * Changes one of the user's images into a new one linked to it: "make the headline yellow", "bigger headline", "move
 * me to the left", "vintage instead", "swap the controller for a trophy". Without an id, the newest image of this
 * conversation.
 */
export function editImageTool(
  deps: { generation: GenerationService; credits: CreditsService; waitForImages: ImageWaiter },
  ctx: ChatToolContext,
) {
  return tool({
    description:
      "Edits one of the user's images into a new image: headline text, headline colour (#rrggbb), headline size, headline position (top/center/bottom, or headlineSide left/center/right), subject position, background colour (#rrggbb), style, " +
        "boost for vague asks like \"make it pop\" or \"more eye-catching\" (bigger headline, heavier outline, saturated background), " +
      "headlineFont for the headline's typeface by feel (\"serif\": classic, elegant; \"bold\": tall condensed display; \"other\": whichever it does not have, for \"another font\"), " +
      "shorterHeadline for \"less text\" (the headline shortened by meaning), headlineOutlineColor (#rrggbb) for the headline's outline, " +
      "and the objects drawn in it: artRemove takes one away (as the user named it, or \"all\"), artAdd draws one (as the user named it); both at once swap one for the other. " +
      "Pass the user's words as `instruction`. Omit imageId to edit the newest image of this conversation.",
    inputSchema,
    async *execute(input): AsyncGenerator<ImagesToolOutput> {
      const imageId = input.imageId ?? ctx.recentImageIds[0];
      if (!imageId) throw new AppError("not_found:image", "There is no image in this conversation to edit yet. Make one first.");
      if (ctx.imagesLeft <= 0) throw new AppError("invalid:generation", `One message makes at most ${MAX_IMAGES_PER_MESSAGE} images. Send another message for more.`);
      const { instruction, imageId: _chosen, ...changes } = input;
      const outcome = await deps.generation.requestEdit(ctx.userId, { imageId, instruction, changes }, { conversationId: ctx.conversationId });
      if (outcome.kind === "no-change") {
        // Nothing was made or charged: the answer says so and offers edits that do show.
        yield { images: [], creditsSpent: 0, creditsLeft: (await deps.credits.balance(ctx.userId)) ?? 0, outcome: "no-change", changes: [] };
        return;
      }
      ctx.imagesLeft -= 1;
      ctx.recentImageIds.unshift(outcome.image.id);
      yield* followImages(deps, ctx, [outcome.image], outcome.changes ? { changes: outcome.changes } : {});
    },
  });
}
