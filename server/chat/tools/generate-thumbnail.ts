import { withoutMyStyle } from "../offline/my-style-words.ts";
import { tool, zodSchema } from "ai";
import { chatTools, type GenerateThumbnailInput, type ImagesToolOutput, MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import type { ImageRecord, ImageStyle } from "../../../contract/images.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { GenerationService } from "../../generation/service.ts";
import type { PersonaService } from "../../personas/service.ts";
import type { StyleKitService } from "../../style-kits/service.ts";
import type { ChatToolContext } from "./context.ts";
import { followImages, type ImageWaiter } from "./wait-for-images.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.generateThumbnail.input);

export interface GenerateThumbnailDeps {
  generation: GenerationService;
  personas: PersonaService;
  credits: CreditsService;
  waitForImages: ImageWaiter;
  styleKits: Pick<StyleKitService, "list" | "kitFor">;
}

/**
 * The style kit a new thumbnail is made in and the look its backdrop takes: asked for in words ("in my style": the
 * kit picked in the composer, else the newest), or picked in the composer; none otherwise. A look the user named wins
 * over the kit's nearest one.
 */
export async function kitChoice(
  deps: Pick<GenerateThumbnailDeps, "styleKits">,
  ctx: ChatToolContext,
  input: { myStyle?: boolean | undefined; style?: ImageStyle | undefined },
): Promise<{ styleKitId?: string; style?: ImageStyle }> {
  if (!input.myStyle && (!ctx.styleKitId || input.style)) return {};
  const id = ctx.styleKitId ?? (await deps.styleKits.list(ctx.userId))[0]?.id;
  if (!id) throw new AppError("not_found:style_kit", "You have no style kit yet. Make one from your own thumbnails under My style, then ask again.");
  const kit = await deps.styleKits.kitFor(ctx.userId, id);
  return { styleKitId: id, style: input.style ?? kit.baseStyle };
}

/**
 * The words on the picture go in quotes: the engines read a quoted phrase as the headline. "In my style" is left out:
 * it picks the kit (`myStyle`), and would otherwise be printed on the thumbnail.
 */
export function promptWithHeadline(input: Pick<GenerateThumbnailInput, "prompt" | "headline">): string {
  const prompt = withoutMyStyle(input.prompt);
  if (!input.headline || prompt.includes(input.headline)) return prompt;
  return `"${input.headline.replaceAll('"', "'")}" ${prompt}`;
}

/**
 * Makes thumbnails through the one generation path (checks, charge, job), then follows them: a first output lists
 * them pending, so the thread shows their progress at once; the final one has them ready or failed (and refunded).
 */
export function generateThumbnailTool(deps: GenerateThumbnailDeps, ctx: ChatToolContext) {
  return tool({
    description:
      "Makes one or more thumbnails. Use the user's own words as the prompt; put words they quoted in `headline`. " +
      "Set `modelText` only when the user asks the image model itself to write the words. " +
      "Set `myStyle` when the user asks for their own style, channel style or style kit (\"in my style\"). " +
      `Persona handles (without @) only as the user wrote them. At most ${MAX_IMAGES_PER_MESSAGE} images per message.`,
    inputSchema,
    async *execute(input): AsyncGenerator<ImagesToolOutput> {
      const count = Math.min(input.count ?? 1, ctx.imagesLeft);
      if (count <= 0) throw new AppError("invalid:generation", `One message makes at most ${MAX_IMAGES_PER_MESSAGE} images. Send another message for more.`);
      const modelId = input.model ?? ctx.model ?? "studio";
      const model = deps.generation.findModel(modelId);
      const personas = await deps.personas.byHandles(ctx.userId, input.personaHandles ?? []);
      if (model) {
        const cost = model.creditCost * count;
        const balance = (await deps.credits.balance(ctx.userId)) ?? 0;
        if (balance < cost) {
          throw new AppError(
            "insufficient_credits:generation",
            `${count === 1 ? "This image" : `These ${count} images`} would cost ${cost} credits with ${model.label}, and you have ${balance}. Top up or pick a cheaper model.`,
          );
        }
      }
      const kit = await kitChoice(deps, ctx, input);
      ctx.imagesLeft -= count;
      const request = {
        prompt: promptWithHeadline(input),
        style: kit.style ?? input.style ?? ctx.style ?? "realistic",
        ...(kit.styleKitId ? { styleKitId: kit.styleKitId } : {}),
        aspect: input.aspect ?? ctx.aspect ?? "16:9",
        model: modelId,
        personaIds: personas.map((p) => p.id),
        ...((input.baseImageId ?? ctx.attachmentImageId) ? { baseImageId: input.baseImageId ?? ctx.attachmentImageId } : {}),
        ...(input.modelText ? { modelText: true } : {}),
      };
      const queued: ImageRecord[] = [];
      for (let i = 0; i < count; i++) {
        try {
          queued.push(await deps.generation.request(ctx.userId, request, { conversationId: ctx.conversationId }));
        } catch (error) {
          // Images already queued are paid for: they are followed and reported rather than hidden behind an error.
          if (queued.length === 0) throw error;
          break;
        }
      }
      const done = yield* followImages(deps, ctx, queued);
      ctx.recentImageIds.unshift(...done.filter((i) => i.status === "ready").map((i) => i.id).reverse());
    },
  });
}
