import { z } from "zod/mini";
import { imageAspectSchema, imageStyleSchema, MAX_PROMPT_LENGTH } from "./images.ts";

/**
 * A change to one of the user's images, as the chat's editImage tool and the feed check's fixes ask for it. Apart from
 * contract/chat.ts so the feed check's contract can use it while the chat's tools answer with a feed check.
 */

export const headlinePositions = ["top", "center", "bottom"] as const;
export const subjectPositions = ["left", "center", "right"] as const;
/** Headline typefaces by the feel a creator asks for; the Studio maps each to one of its bundled faces. */
export const headlineFonts = ["bold", "serif", "other"] as const;

/** Longest word or short phrase naming an object drawn in a picture. */
export const ART_WORD_MAX_LENGTH = 40;
/** A word naming a drawn object: one line of visible text, no control or direction-override characters. */
const artWordSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(ART_WORD_MAX_LENGTH), z.regex(/^[^\p{Cc}\u202a-\u202e\u2066-\u2069]*$/u));

/** A change to one of the user's images: a Studio image re-renders its scene; a provider image is edited by its model. */
export const editImageInputSchema = z.object({
  /** The image to change; omitted: the newest image of this conversation. */
  imageId: z.optional(z.uuid()),
  /** The user's words, for a provider's edit model. */
  instruction: z.string().check(z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH)),
  headline: z.optional(z.string().check(z.maxLength(120))),
  /** A CSS hex colour (#rrggbb) for the headline. */
  headlineColor: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/i))),
  /** Relative headline size: 1 keeps it, above 1 is bigger. */
  headlineScale: z.optional(z.number().check(z.minimum(0.5), z.maximum(2))),
  headlinePosition: z.optional(z.enum(headlinePositions)),
  subjectPosition: z.optional(z.enum(subjectPositions)),
  style: z.optional(imageStyleSchema),
  /** Where the headline stands across the frame; the subject stays where it is. */
  headlineSide: z.optional(z.enum(subjectPositions)),
  /** A CSS hex colour (#rrggbb) for the background. */
  backgroundColor: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/i))),
  /** "Make it pop": the Studio's fixed recipe of stronger contrast, bigger headline, heavier outline, saturated background. */
  boost: z.optional(z.boolean()),
  /** An object to draw into the picture, as the user named it ("trophy", "fuego", "火"). */
  artAdd: z.optional(artWordSchema),
  /** An object drawn in the picture to take away, as the user named it, or exactly "all" for every one. */
  artRemove: z.optional(artWordSchema),
  /** Another frame for the same scene ("square for Instagram", "for Shorts"): laid out again, not made again. */
  aspect: z.optional(imageAspectSchema),
  /** The headline's typeface by feel: "bold" (tall condensed display), "serif" (classic fat serif), "other" (the one it does not have). */
  headlineFont: z.optional(z.enum(headlineFonts)),
  /** A CSS hex colour (#rrggbb) for the headline's outline; legibility may pick another (the diff says which). */
  headlineOutlineColor: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/i))),
  /** "Less text": the headline shortened by meaning (the speaker, stress words and tail clauses go first). */
  shorterHeadline: z.optional(z.boolean()),
});
export type EditImageInput = z.infer<typeof editImageInputSchema>;
