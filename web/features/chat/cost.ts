import { requestedImageCount } from "../../../contract/image-count.ts";
import { PACK_SIZE } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { asksForPack } from "../../../contract/pack-request.ts";

/**
 * Credits a message will spend: the model's price per image times the images it asks for, read as the assistant
 * reads them ("three variations", "tres miniaturas", "3枚"), in the interface's language or English; an A/B pack
 * ("give me three versions", "dame tres versiones") is always three.
 */
export function messageCost(creditCost: number, text: string, language: Language): number {
  return creditCost * (asksForPack(text, language) ? PACK_SIZE : requestedImageCount(text, language));
}
