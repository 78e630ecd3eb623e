import type { ImagesToolOutput } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import type { CreditsService } from "../../credits/service.ts";
import type { ImageService } from "../../images/service.ts";
import { awaitImages } from "../../realtime/image-waiter.ts";
import type { RealtimeListening } from "../../realtime/publisher.ts";

export type ImageWaiter = (userId: string, images: readonly ImageRecord[], signal: AbortSignal) => Promise<ImageRecord[]>;

/** What the finished images cost: a failed one was refunded. */
export const creditsSpentOn = (images: readonly ImageRecord[]) => images.filter((i) => i.status !== "failed").reduce((sum, i) => sum + i.creditsSpent, 0);

/**
 * Waits until every image is ready or failed, told by their events through the realtime hub (a worker on another node
 * makes them), never by polling: their records are read once as the wait begins (and again only after the cross-node
 * channel was lost). Stops waiting when the answer is stopped or after `timeoutMs`, answering the records as they are then.
 */
export function createImageWaiter(deps: { images: ImageService; realtime: RealtimeListening; timeoutMs?: number }): ImageWaiter {
  const timeoutMs = deps.timeoutMs ?? 5 * 60_000;
  return (userId, images, signal) => awaitImages({ hub: deps.realtime, read: (id) => deps.images.record(userId, id) }, userId, images, { signal, timeoutMs });
}

/**
 * A tool's outputs for images it queued: first them as queued (so the thread shows their progress at once), then, as
 * the result (the last output a tool yields), them finished, with what they cost and the balance left; returns them.
 */
export async function* followImages(
  deps: { credits: CreditsService; waitForImages: ImageWaiter },
  ctx: { userId: string; signal: AbortSignal },
  queued: readonly ImageRecord[],
  /** Said along with the images in every output: an edit's scene diff, or that they were made from the prompt. */
  about: Pick<ImagesToolOutput, "changes" | "outcome"> = {},
): AsyncGenerator<ImagesToolOutput, ImageRecord[]> {
  const balance = async () => (await deps.credits.balance(ctx.userId)) ?? 0;
  yield { images: [...queued], creditsSpent: creditsSpentOn(queued), creditsLeft: await balance(), ...about };
  const done = await deps.waitForImages(ctx.userId, queued, ctx.signal);
  // The result says what the ledger did (charges under the images' or their pack's id, refunds under the images'),
  // so the closing words never claim a refund that did not happen.
  const refs = [...new Set(done.flatMap((image) => (image.packId ? [image.id, image.packId] : [image.id])))];
  const [{ charged, refunded }, left] = await Promise.all([deps.credits.chargesAndRefunds(ctx.userId, refs), balance()]);
  yield { images: done, creditsSpent: charged - refunded, creditsRefunded: refunded, creditsLeft: left, ...about };
  return done;
}
