import { tool, zodSchema } from "ai";
import { chatTools, type ImagesToolOutput, type PickImageInput } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import { type ImageService, versionLine } from "../../images/service.ts";
import type { ChatToolContext } from "./context.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.pickImage.input);

export interface PickImageDeps {
  images: Pick<ImageService, "versionTree" | "record">;
  credits: Pick<CreditsService, "balance">;
}

const newestFirst = (a: ImageRecord, b: ImageRecord) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** Every image edited from `id`, at any depth, in a chain read oldest first. */
function descendantsOf(chain: readonly ImageRecord[], id: string): ImageRecord[] {
  const found = new Set([id]);
  // Oldest first: a parent always precedes its children, so one pass finds every depth.
  for (const image of chain) if (image.parentId !== null && found.has(image.parentId)) found.add(image.id);
  found.delete(id);
  return chain.filter((image) => found.has(image.id));
}

/** The image a pick lands on, or why there is none; `current` is where the conversation stands. */
function resolve(input: PickImageInput, current: ImageRecord, chain: readonly ImageRecord[], conversationId: string): ImageRecord | "nothing-to-undo" | "nothing-to-redo" {
  switch (input.move) {
    case "undo":
      return chain.find((image) => image.id === current.parentId) ?? "nothing-to-undo";
    case "redo": {
      // Only this conversation's edits: an editor save of the same image is not what "redo" takes back.
      const children = chain.filter((image) => image.parentId === current.id && image.conversationId === conversationId).sort(newestFirst);
      return children[0] ?? "nothing-to-redo";
    }
    case "first":
      return chain[0] ?? current;
    case "latest":
      return descendantsOf(chain, current.id).sort(newestFirst)[0] ?? current;
    default:
      return current;
  }
}

/**
 * Makes an existing image current again: "undo that", "redo", "go back to the first one", "let's use the second one".
 * Nothing is rendered and nothing is charged; the answer names the image, which the thread then counts as the newest
 * (server/chat/turns.ts, imagesIn), so the next edit starts from it.
 */
export function pickImageTool(deps: PickImageDeps, ctx: ChatToolContext) {
  return tool({
    description:
      "Makes an existing image of this conversation the current one again, free and without rendering: move \"undo\" (the version before the current one), " +
      "\"redo\" (the edit undone last), \"first\" (the original), \"latest\" (the newest edit), or imageId for an image of this conversation the user named " +
      "(\"let's use the second one\"). Give exactly one of move or imageId. Use it for \"undo\", \"go back\", \"the original was better\".",
    inputSchema,
    async execute(input): Promise<ImagesToolOutput> {
      const currentId = input.imageId ?? ctx.recentImageIds[0];
      if (!currentId) throw new AppError("not_found:image", "There is no image in this conversation yet. Make one first.");
      const asked = await deps.images.record(ctx.userId, currentId);
      if (asked.status !== "ready" || (input.imageId !== undefined && asked.conversationId !== ctx.conversationId)) {
        throw new AppError("not_found:image", "That image is not one of this conversation's finished images.");
      }
      const [tree, balance] = await Promise.all([deps.images.versionTree(ctx.userId, asked.id), deps.credits.balance(ctx.userId)]);
      const creditsLeft = balance ?? 0;
      const landed = input.imageId !== undefined ? asked : resolve(input, asked, tree, ctx.conversationId);
      if (typeof landed === "string") return { images: [], creditsSpent: 0, creditsLeft, outcome: landed };
      // Counted on the landed image's own line, as its card's strip shows it.
      const line = versionLine(tree, landed.id);
      const number = line.findIndex((image) => image.id === landed.id) + 1;
      const version = number > 0 ? { version: { number, of: line.length } } : {};
      const already = landed.id === (input.imageId !== undefined ? ctx.recentImageIds[0] : currentId);
      ctx.recentImageIds.unshift(landed.id);
      return { images: [landed], creditsSpent: 0, creditsLeft, outcome: already ? "already-current" : "picked", ...version };
    },
  });
}
