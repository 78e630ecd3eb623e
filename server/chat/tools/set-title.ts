import { tool, zodSchema } from "ai";
import { chatTools, type SetTitleOutput } from "../../../contract/chat.ts";
import { cleanTitle, TITLE_MAX, titleLength } from "../../../contract/images.ts";
import { AppError } from "../../errors/app-error.ts";
import type { ImageService } from "../../images/service.ts";
import type { ChatToolContext } from "./context.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.setTitle.input);

export interface SetTitleDeps {
  images: Pick<ImageService, "setTitle" | "record">;
}

/**
 * Gives the current image (or one named) the title of the video it is for: free, no render, no new image. A title
 * over YouTube's limit is not an error the model has to read out of a failure: the answer says it was refused, how
 * long it was and the limit, and the image keeps the title it had (docs/product/chat.md, Video title).
 */
export function setTitleTool(deps: SetTitleDeps, ctx: ChatToolContext) {
  return tool({
    description:
      `Sets the title of the YouTube video an image is for (shown beside the thumbnail in the feed preview), free and without making an image. ` +
      `Use it when the user gives the video's title ("the title is '…'", "title: …", "video title …"), never for the headline drawn in the picture. ` +
      `At most ${TITLE_MAX} characters; imageId omitted means the current image.`,
    inputSchema,
    async execute(input): Promise<SetTitleOutput> {
      const imageId = input.imageId ?? ctx.recentImageIds[0];
      if (!imageId) throw new AppError("not_found:image", "There is no image in this conversation yet. Make one first.");
      const title = cleanTitle(input.title);
      if (title === null) throw new AppError("invalid:body", "The title is empty.");
      const length = titleLength(title);
      if (length > TITLE_MAX) {
        // Read for the owner check and for the title it keeps, which the answer reports truthfully.
        const kept = await deps.images.record(ctx.userId, imageId);
        return { imageId, outcome: "too-long", title: kept.title ?? null, length, max: TITLE_MAX };
      }
      const image = await deps.images.setTitle(ctx.userId, imageId, title);
      return { imageId, outcome: "set", title: image.title ?? null, length, max: TITLE_MAX };
    },
  });
}
