import { useMemo } from "react";
import type { ImageRecord } from "../../../contract/images.ts";
import { newerImage, useImages } from "../../lib/image-cache.ts";
import type { ChatMessage } from "./types.ts";

/** Every image the thread's tool results hold, newest first (a batch's last image first), as saved in the messages. */
function threadImagesNewestFirst(messages: readonly ChatMessage[]): ImageRecord[] {
  const images: ImageRecord[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      if (!part.type.startsWith("tool-") || !("state" in part) || part.state !== "output-available") continue;
      const output: unknown = part.output;
      if (typeof output !== "object" || output === null || !("images" in output) || !Array.isArray(output.images)) continue;
      images.push(...(output.images as ImageRecord[]));
    }
  }
  return images.reverse();
}

/**
 * The conversation's current image: its newest ready one, as the image cache knows it now. It is the image the
 * server edits when a message names none (server/chat/turns.ts, imagesIn), so the composer's chips describe it.
 */
export function useCurrentImage(messages: readonly ChatMessage[]): ImageRecord | undefined {
  const saved = useMemo(() => threadImagesNewestFirst(messages), [messages]);
  const ids = useMemo(() => saved.map((image) => image.id), [saved]);
  const cached = useImages(ids);
  const live = new Map(cached.map((image) => [image.id, image]));
  return saved.map((image) => newerImage(image, live.get(image.id) ?? image)).find((image) => image.status === "ready");
}
