import type { ImageRecord } from "../../contract/images.ts";
import type { RealtimeListening } from "./publisher.ts";

export const isFinished = (image: ImageRecord): boolean => image.status === "ready" || image.status === "failed";

export interface AwaitImagesDeps {
  hub: RealtimeListening;
  /** One of the user's images as its record stands now (a database read); throws as the image service does. */
  read: (imageId: string) => Promise<ImageRecord>;
}

/**
 * Waits until each of a user's images is ready or failed, told by their `image:update` events, which reach this
 * node's hub from whichever node made them (docs/decisions/017-realtime-across-nodes.md). It never polls: it reads
 * the unfinished ones once when it starts listening (one may have finished before) and once more each time the
 * cross-node channel comes back after a loss (what was sent meanwhile is gone). An image given by id alone is read
 * then too. Answers the records, in the order given, when all are finished, or as they stand when `signal` aborts
 * or `timeoutMs` passes; rejects when a read fails (a deleted image) or ends before an image was ever read.
 */
export function awaitImages(
  deps: AwaitImagesDeps,
  userId: string,
  images: readonly (ImageRecord | string)[],
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<ImageRecord[]> {
  const ids = images.map((image) => (typeof image === "string" ? image : image.id));
  const known = new Map<string, ImageRecord | undefined>(images.map((image) => (typeof image === "string" ? [image, undefined] : [image.id, image])));
  const waitingFor = () => ids.filter((id) => !isDone(known.get(id)));
  const answer = (): ImageRecord[] | undefined => {
    const records = ids.map((id) => known.get(id));
    return records.every((record) => record !== undefined) ? records : undefined;
  };
  const now = answer();
  if (now && (waitingFor().length === 0 || options.signal.aborted)) return Promise.resolve(now);
  if (options.signal.aborted) return Promise.reject(options.signal.reason);

  return new Promise<ImageRecord[]>((resolve, reject) => {
    let settled = false;
    const take = (image: ImageRecord) => {
      // A finished record is final: a read that began before the image finished must not undo its event.
      if (settled || !known.has(image.id) || isDone(known.get(image.id))) return;
      known.set(image.id, image);
      if (waitingFor().length === 0) end();
    };
    const readWaiting = () => {
      const reading = waitingFor();
      if (reading.length > 0) Promise.all(reading.map((id) => deps.read(id))).then((records) => records.forEach(take), fail);
    };
    const stopListening = deps.hub.listen((message) => {
      if (message.type !== "event" || message.userId !== userId) return;
      if (message.event === "image:update") take(message.payload.image);
      // A deleted image never finishes: reading it fails as it would have for the caller.
      else if (message.event === "image:deleted" && known.has(message.payload.imageId) && !isDone(known.get(message.payload.imageId))) readWaiting();
    });
    const stopResuming = deps.hub.onResumed(readWaiting);
    const timer = setTimeout(() => end(), options.timeoutMs);
    const onAbort = () => end();
    options.signal.addEventListener("abort", onAbort, { once: true });

    function finish(): boolean {
      if (settled) return false;
      settled = true;
      stopListening();
      stopResuming();
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      return true;
    }
    function end() {
      if (!finish()) return;
      const records = answer();
      if (records) resolve(records);
      else reject(options.signal.aborted ? options.signal.reason : new Error(`images ${waitingFor().join(", ")} were never read within ${options.timeoutMs} ms`));
    }
    function fail(err: unknown) {
      if (finish()) reject(err);
    }
    // After listening: an event sent from here on is heard, and what finished before is read.
    readWaiting();
  });
}

const isDone = (record: ImageRecord | undefined): boolean => record !== undefined && isFinished(record);
