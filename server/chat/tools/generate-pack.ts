import { tool, zodSchema } from "ai";
import { chatTools, type ImagesToolOutput, MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import { PACK_SIZE } from "../../../contract/images.ts";
import { AppError } from "../../errors/app-error.ts";
import type { ChatToolContext } from "./context.ts";
import { type GenerateThumbnailDeps, kitChoice, promptWithHeadline } from "./generate-thumbnail.ts";
import { followImages } from "./wait-for-images.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.generatePack.input);

/**
 * Makes an A/B pack through the generation service's pack request (one charge for the three, their rows and jobs
 * together), then follows its three images like any others. It counts as three images of the message's budget, and
 * what it costs is checked before anything is made.
 */
export function generatePackTool(deps: GenerateThumbnailDeps, ctx: ChatToolContext) {
  return tool({
    description:
      `Makes an A/B pack: ${PACK_SIZE} 16:9 thumbnails (1280×720) of one prompt that differ in composition and colour, for YouTube's Test & Compare, ` +
      "downloadable together as a zip. Use it when the user asks for three versions, an A/B pack or thumbnails for Test & Compare. " +
      `Use the user's own words as the prompt; put words they quoted in \`headline\`. It counts as ${PACK_SIZE} of the ${MAX_IMAGES_PER_MESSAGE} images a message may make.`,
    inputSchema,
    async *execute(input): AsyncGenerator<ImagesToolOutput> {
      if (ctx.imagesLeft < PACK_SIZE) {
        throw new AppError(
          "invalid:generation",
          `An A/B pack makes ${PACK_SIZE} images, and this message can make only ${ctx.imagesLeft} more (at most ${MAX_IMAGES_PER_MESSAGE} per message). Ask for the pack in a new message.`,
        );
      }
      const modelId = input.model ?? ctx.model ?? "studio";
      const model = deps.generation.findModel(modelId);
      const personas = await deps.personas.byHandles(ctx.userId, input.personaHandles ?? []);
      if (model) {
        const cost = model.creditCost * PACK_SIZE;
        const balance = (await deps.credits.balance(ctx.userId)) ?? 0;
        if (balance < cost) {
          throw new AppError(
            "insufficient_credits:generation",
            `An A/B pack of ${PACK_SIZE} thumbnails would cost ${cost} credits with ${model.label}, and you have ${balance}. Top up or pick a cheaper model.`,
          );
        }
      }
      const kit = await kitChoice(deps, ctx, input);
      ctx.imagesLeft -= PACK_SIZE;
      // Three frames of a video: one base per variant; else one base image for all three, if any.
      const baseImageIds = input.baseImageIds;
      const baseImageId = baseImageIds ? undefined : (input.baseImageId ?? ctx.attachmentImageId);
      const pack = await deps.generation.requestPack(ctx.userId, {
        prompt: promptWithHeadline(input),
        style: kit.style ?? input.style ?? ctx.style ?? "realistic",
        ...(kit.styleKitId ? { styleKitId: kit.styleKitId } : {}),
        model: modelId,
        personaIds: personas.map((p) => p.id),
        ...(baseImageId ? { baseImageId } : {}),
        ...(baseImageIds ? { baseImageIds } : {}),
        ...(input.modelText ? { modelText: true } : {}),
      }, { conversationId: ctx.conversationId });
      const done = yield* followImages(deps, ctx, pack.images);
      ctx.recentImageIds.unshift(...done.filter((i) => i.status === "ready").map((i) => i.id).reverse());
    },
  });
}
