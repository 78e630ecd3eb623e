import type { ImagesToolOutput } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import type { CreditsService } from "../../credits/service.ts";
import type { ImageService } from "../../images/service.ts";

export type ImageWaiter = (userId: string, images: readonly ImageRecord[], signal: AbortSignal) => Promise<ImageRecord[]>;

const finished = (image: ImageRecord) => image.status === "ready" || image.status === "failed";

/** What the finished images cost: a failed one was refunded. */
export const creditsSpentOn = (images: readonly ImageRecord[]) => images.filter((i) => i.status !== "failed").reduce((sum, i) => sum + i.creditsSpent, 0);

/**
 * Waits until every image is ready or failed, reading their records (a worker on another node writes them there).
 * Stops waiting when the answer is stopped or after `timeoutMs`, answering the records as they are then.
 */
export function createImageWaiter(deps: { images: ImageService; pollMs?: number; timeoutMs?: number }): ImageWaiter {
  const pollMs = deps.pollMs ?? 200;
  const timeoutMs = deps.timeoutMs ?? 5 * 60_000;
  return async (userId, images, signal) => {
    let current = [...images];
    const deadline = Date.now() + timeoutMs;
    while (!current.every(finished) && !signal.aborted && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
      current = await Promise.all(current.map((image) => (finished(image) ? image : deps.images.record(userId, image.id))));
    }
    return current;
  };
}

/**
 * A tool's outputs for images it queued: first them as queued (so the thread shows their progress at once), then, as
 * the result (the last output a tool yields), them finished, with what they cost and the balance left; returns them.
 */
export async function* followImages(
  deps: { credits: CreditsService; waitForImages: ImageWaiter },
  ctx: { userId: string; signal: AbortSignal },
  queued: readonly ImageRecord[],
): AsyncGenerator<ImagesToolOutput, ImageRecord[]> {
  const balance = async () => (await deps.credits.balance(ctx.userId)) ?? 0;
  yield { images: [...queued], creditsSpent: creditsSpentOn(queued), creditsLeft: await balance() };
  const done = await deps.waitForImages(ctx.userId, queued, ctx.signal);
  // The result says what the ledger did (charges under the images' or their pack's id, refunds under the images'),
  // so the closing words never claim a refund that did not happen.
  const refs = [...new Set(done.flatMap((image) => (image.packId ? [image.id, image.packId] : [image.id])))];
  const [{ charged, refunded }, left] = await Promise.all([deps.credits.chargesAndRefunds(ctx.userId, refs), balance()]);
  yield { images: done, creditsSpent: charged - refunded, creditsRefunded: refunded, creditsLeft: left };
  return done;
}
