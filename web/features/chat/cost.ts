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

/**
 * What the composer quotes for a message: its cost, and whether it may turn out free. A message about a current image
 * the Studio laid out may be an edit of its headline alone, which the server makes for nothing from the scene
 * (docs/product/credits.md); which edit it is, only the assistant can tell, so the quote says both. Several images or
 * a pack are new pictures, always paid.
 */
export function messageQuote(creditCost: number, text: string, language: Language, current: { laidOutByStudio: boolean }): { cost: number; headlineFree: boolean } {
  const cost = messageCost(creditCost, text, language);
  return { cost, headlineFree: current.laidOutByStudio && cost === creditCost && cost > 0 };
}
