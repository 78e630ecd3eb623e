import { tool, zodSchema } from "ai";
import { chatTools, type CompareModelsOutput } from "../../../contract/chat.ts";
import type { ComparisonService } from "../../comparisons/service.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { ChatToolContext } from "./context.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.compareModels.input);

export interface CompareModelsDeps {
  comparisons: ComparisonService;
  credits: Pick<CreditsService, "balance">;
}

/** The image a call compares (its own, else the conversation's current one); undefined for a prompt or nothing. */
export function compareTarget(ctx: Pick<ChatToolContext, "recentImageIds">, input: { prompt?: string | undefined; imageId?: string | undefined }): string | undefined {
  return input.prompt === undefined ? (input.imageId ?? ctx.recentImageIds[0]) : undefined;
}

/** Whether the tool would run this call at all: a comparison it refuses is not quoted to the user. */
export function compareWouldRun(ctx: Pick<ChatToolContext, "recentImageIds" | "imagesLeft">, input: { prompt?: string | undefined; imageId?: string | undefined }): boolean {
  return ctx.imagesLeft > 0 && (input.prompt !== undefined || compareTarget(ctx, input) !== undefined);
}

/**
 * "Try this on every model" (docs/product/compare.md): one comparison through the comparisons service (one charge for
 * the whole set, with its rows and jobs; each failure refunded on its own). It answers as soon as the set is queued:
 * the thread's grid fills in as each model finishes, and none of the images is current until the user picks a winner.
 * It is the whole of a message's images.
 */
export function compareModelsTool(deps: CompareModelsDeps, ctx: ChatToolContext) {
  return tool({
    description:
      "Tries one prompt, or one of the user's images (its prompt and look), on every image model this server offers at once, one image per model, " +
      "shown side by side with each model's price and time so the user can pick a winner. Use it for \"try this on every model\", \"compare models\", " +
      "\"which model is best for this\". Give `prompt` for a new thumbnail; else `imageId`, or nothing for the conversation's current image.",
    inputSchema,
    async execute(input, { toolCallId }): Promise<CompareModelsOutput> {
      const imageId = compareTarget(ctx, input);
      if (!compareWouldRun({ ...ctx, imagesLeft: 1 }, input)) {
        throw new AppError("invalid:generation", "There is nothing to compare yet. Describe the thumbnail to try on every model.");
      }
      if (ctx.imagesLeft <= 0) throw new AppError("invalid:generation", "This message has made all the images it may. Ask for the comparison in a new message.");
      // A comparison is the whole of a message's images: taken before the wait, so a second call in the same step is
      // refused, and given back when nothing was made.
      const budget = ctx.imagesLeft;
      ctx.imagesLeft = 0;
      const quote = ctx.approvedQuotes?.get(toolCallId);
      const quoted = quote && { modelIds: quote.modelId.split(","), cost: quote.cost };
      const comparison = await deps.comparisons
        .create(ctx.userId, imageId !== undefined ? { imageId } : { prompt: input.prompt ?? "" }, { conversationId: ctx.conversationId, quoted })
        .catch((err: unknown) => {
          ctx.imagesLeft = budget;
          throw err;
        });
      const creditsLeft = (await deps.credits.balance(ctx.userId)) ?? 0;
      return { comparison, creditsSpent: comparison.images.reduce((sum, image) => sum + image.creditsSpent, 0), creditsLeft };
    },
  });
}
