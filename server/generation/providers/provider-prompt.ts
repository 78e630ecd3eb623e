import sharp from "sharp";
import { type ImageAspect, type ImageStyle, MAX_IMAGE_PIXELS } from "../../../contract/images.ts";
import type { GenerateInput } from "../engine.ts";
import type { ClearArea } from "../../studio/engine.ts";
import { describeKit } from "../../style-kits/service.ts";

/** What each look means to an image model; Studio draws the same four looks locally (docs/product/studio-engine.md). */
const styleLines: Record<ImageStyle, string> = {
  realistic: "Photorealistic, studio lighting, shallow depth of field with soft bokeh, subtle vignette",
  cartoon: "Bold cartoon illustration, flat saturated colours, thick outlines, burst rays and halftone accents",
  abstract: "Abstract generative art, flowing mesh gradients and geometric shapes, vivid contrasting palette",
  vintage: "Vintage look, warm faded palette, film grain, vignette, retro printed-poster feel",
};

const aspectLines: Record<ImageAspect, string> = {
  "16:9": "a 16:9 YouTube video thumbnail",
  "9:16": "a 9:16 vertical thumbnail for YouTube Shorts",
  "1:1": "a 1:1 square thumbnail",
};

/** Where the headline will sit, in the words an image model follows: the area to keep calm for it. */
const clearAreaLines: Record<ClearArea, string> = {
  left: "Keep the left half of the frame clear and uncluttered (a calm, simple background there), with the focal subject on the right",
  right: "Keep the right half of the frame clear and uncluttered (a calm, simple background there), with the focal subject on the left",
  top: "Keep the top third of the frame clear and uncluttered (a calm, simple background there), with the focal subject lower down",
  bottom: "Keep the bottom third of the frame clear and uncluttered (a calm, simple background there), with the focal subject higher up",
};

/**
 * What the model does about words (decision 036): by default it draws none, since models misspell them, and leaves
 * the area the headline layer goes; asked for explicitly, it draws the headline itself, letter for letter.
 */
export type TextInstruction = { kind: "none"; clearArea: ClearArea } | { kind: "draw"; headline: string } | { kind: "keep" };

// Quote marks around the headline tell a model to print it; without them the words still say what the picture is about.
const QUOTES = /["“”„«»「」『』]/gu;

function textLine(text: TextInstruction): string | undefined {
  if (text.kind === "keep") return undefined;
  if (text.kind === "draw") return `Write the headline "${text.headline}" in large, bold, high-contrast letters, spelled exactly as given, and no other text.`;
  return `${clearAreaLines[text.clearArea]}. No text anywhere: no letters, words, numbers, captions, titles, logos or signs; the headline is added afterwards.`;
}

/**
 * The provider prompt: the user's words first (they matter most to every model), then our framing. Reference
 * images are described in the order they are sent: the base image, then each persona.
 */
export function buildProviderPrompt(input: GenerateInput, sendsImages: boolean, text: TextInstruction): string {
  const parts = [
    text.kind === "none" ? input.prompt.replace(QUOTES, "").trim() : input.prompt.trim(),
    `${styleLines[input.style]}.`,
    `Compose it as ${aspectLines[input.aspect]}: one clear focal subject, high contrast, readable at small sizes, no watermark.`,
  ];
  if (input.styleKit) parts.push(describeKit(input.styleKit, { withHeadline: text.kind === "draw" }));
  const words = textLine(text);
  if (words) parts.push(words);
  if (sendsImages && input.baseImage !== undefined) parts.push("Edit the first reference image, keeping its scene.");
  if (sendsImages && input.personas.length > 0) {
    const names = input.personas.map((p) => p.name).join(", ");
    parts.push(`Feature ${names} from the reference cut-out${input.personas.length > 1 ? "s" : ""}, keeping face and likeness.`);
  }
  return parts.join(" ");
}

/** The images an editing model receives: the base image first, then the persona cut-outs. */
export function referenceImages(input: GenerateInput): Buffer[] {
  return [...(input.baseImage === undefined ? [] : [input.baseImage]), ...input.personas.map((p) => p.png)];
}

/**
 * Kontext at fal and Replicate takes one input image: several references go side by side on one sheet, the way
 * Kontext multi-reference prompts are usually fed.
 */
export async function referenceSheet(images: readonly Buffer[], height = 768): Promise<Buffer> {
  const first = images[0];
  if (first === undefined) throw new Error("referenceSheet needs at least one image");
  if (images.length === 1) return first;
  const tiles = await Promise.all(
    images.map((image) =>
      sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" })
        .resize({ height, fit: "inside", withoutEnlargement: false })
        .flatten({ background: "#ffffff" })
        .png()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const width = tiles.reduce((sum, t) => sum + t.info.width, 0);
  let left = 0;
  const composites = tiles.map((t) => {
    const placed = { input: t.data, left, top: 0 };
    left += t.info.width;
    return placed;
  });
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } }).composite(composites).png().toBuffer();
}
