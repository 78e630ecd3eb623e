import { MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";

// "3 thumbnails", "2 variations", "4x images": the count the assistant reads from the message, for the cost shown.
const countPattern = /\b(\d+)\s*x?\s*(?:images?|thumbnails?|thumbs?|variations?|versions?|options?)\b/i;

/** How many images a message asks for, within the per-message limit; one when it does not say. */
export function requestedCount(text: string): number {
  const match = countPattern.exec(text);
  const count = match ? Number(match[1]) : 1;
  return Math.min(MAX_IMAGES_PER_MESSAGE, Math.max(1, Number.isFinite(count) ? count : 1));
}

/** Credits a message will spend: the model's price per image times the images it asks for. */
export function messageCost(creditCost: number, text: string): number {
  return creditCost * requestedCount(text);
}
