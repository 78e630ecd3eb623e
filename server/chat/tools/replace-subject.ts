import { tool, zodSchema } from "ai";
import { chatTools, type ImagesToolOutput, MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { GenerationService } from "../../generation/service.ts";
import type { PersonaService } from "../../personas/service.ts";
import type { ChatToolContext } from "./context.ts";
import { followImages, type ImageWaiter } from "./wait-for-images.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.replaceSubject.input);

/**
 * Puts one of the user's personas in place of the subject of one of their images ("put @astro into this photo"):
 * the attached image, else the one named, else the newest of this conversation. Paid and followed like a generation.
 */
export function replaceSubjectTool(
  deps: { generation: GenerationService; personas: PersonaService; credits: CreditsService; waitForImages: ImageWaiter },
  ctx: ChatToolContext,
) {
  return tool({
    description:
      "Replaces the main subject of one of the user's images with one of their personas, as a new image. `personaHandle` is a handle the user wrote " +
      "(without @). Omit baseImageId to use the image attached to the message, else the newest image of this conversation.",
    inputSchema,
    async *execute(input): AsyncGenerator<ImagesToolOutput> {
      const baseImageId = input.baseImageId ?? ctx.attachmentImageId ?? ctx.recentImageIds[0];
      if (!baseImageId) throw new AppError("not_found:image", "Attach a photo (or make an image first) and tell me which persona to put in it.");
      if (ctx.imagesLeft <= 0) throw new AppError("invalid:generation", `One message makes at most ${MAX_IMAGES_PER_MESSAGE} images. Send another message for more.`);
      const [persona] = await deps.personas.byHandles(ctx.userId, [input.personaHandle]);
      if (!persona) throw new AppError("not_found:persona", "That persona does not exist.");
      // The composer's model is used when it can swap; otherwise Studio does it.
      const picked = ctx.model && deps.generation.findModel(ctx.model)?.capabilities.includes("swap") ? ctx.model : undefined;
      const queued = await deps.generation.requestSubjectSwap(ctx.userId, { baseImageId, personaId: persona.id, model: input.model ?? picked }, { conversationId: ctx.conversationId });
      ctx.imagesLeft -= 1;
      ctx.recentImageIds.unshift(queued.id);
      // The persona is what the swap changes, whichever way it is drawn (the scene's layer or the subject's mask).
      yield* followImages(deps, ctx, [queued], { changes: [{ layer: "subject", property: "persona", to: persona.name }] });
    },
  });
}
