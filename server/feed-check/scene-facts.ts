import { z } from "zod";
import { labelledHeadline } from "../../contract/headline-hook.ts";
import type { Rect } from "./feed-slot.ts";

const rectSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** The parts of a stored Studio scene the check reads; anything else (a provider's null, an older shape) is no scene. */
const sceneSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  text: z.array(
    z.looseObject({
      text: z.string(),
      script: z.string().optional(),
      face: z.string().optional(),
      size: z.number().optional(),
      box: rectSchema,
      fill: z.string().optional(),
      scale: z.number().optional(),
      valign: z.string().optional(),
    }),
  ),
  subjects: z.array(z.looseObject({ box: rectSchema })),
});

export interface SceneFacts {
  width: number;
  height: number;
  headline: { text: string; cjk: boolean; size: number; capShare: number; box: Rect; fill: string | undefined; scale: number } | undefined;
  subjects: Rect[];
}

// Cap height as a share of the font size, from the bundled faces' OS/2 tables (Anton 1760/2048, Abril Fatface
// 700/1000); CJK glyphs fill about 0.88 of the em. The same figures as the web's feed preview.
const capShares: Record<string, number> = { anton: 0.859, abril: 0.7 };
const CJK_SHARE = 0.88;

/** The scene's headline (its largest rendered text layer) and subjects, or undefined when the image has no scene. */
export function sceneFacts(scene: unknown): SceneFacts | undefined {
  const parsed = sceneSchema.safeParse(scene);
  if (!parsed.success) return undefined;
  const { width, height, text, subjects } = parsed.data;
  const sized = text.filter((layer) => (layer.size ?? 0) > 0 && layer.text.trim() !== "");
  const largest = sized.reduce<(typeof sized)[number] | undefined>((a, b) => (!a || (b.size ?? 0) > (a.size ?? 0) ? b : a), undefined);
  const cjk = largest?.script === "cjk";
  return {
    width,
    height,
    headline: largest && {
      text: largest.text,
      cjk,
      size: largest.size ?? 0,
      capShare: cjk ? CJK_SHARE : (capShares[largest.face ?? ""] ?? capShares.anton!),
      box: largest.box,
      fill: largest.fill,
      scale: largest.scale ?? 1,
    },
    subjects: subjects.map((s) => s.box),
  };
}

const QUOTED = /["“„«「『]([^"”“»」』\n]{2,120})["”“»」』]/u;

/**
 * The words a picture without a scene was asked to show: a headline the prompt quotes or labels ("headline: …"),
 * which is what a provider's model draws. A topic the prompt only names is not asked for, so it is not expected.
 */
export function promptHeadline(prompt: string | null): string | null {
  if (!prompt) return null;
  return QUOTED.exec(prompt)?.[1]?.trim() || labelledHeadline(prompt) || null;
}
