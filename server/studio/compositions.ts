import { PACK_SIZE } from "../../contract/images.ts";
import type { PromptShape } from "./prompt-shape.ts";
import type { Random } from "./random.ts";

/**
 * The arrangements a thumbnail can take (docs/product/studio-engine.md, Compositions). Which ones fit comes from the
 * prompt's shape: a comparison gets a split, a figure gets a badge, a reaction word gets a face beside the object,
 * "pointing at" or "secret" gets an arrow and a circle. The seed decides among the ones that fit; the variants of one
 * request walk on through the list, so three variants never share a composition.
 */
export const compositionIds = ["side", "hero", "split", "badge", "reaction", "pointer"] as const;
export type CompositionId = (typeof compositionIds)[number];

/** Variants of one request: 0 is the plain request, the rest the A/B pack's others. */
export const MAX_VARIANT = PACK_SIZE - 1;

export interface CompositionNeeds {
  shape: PromptShape;
  /** How many art objects the prompt found (0–3). */
  objects: number;
  persona: boolean;
  /** A reaction face can be drawn (the art set has them). */
  reactionFaces: boolean;
}

/** Every composition that can be drawn with what there is, those the prompt asks for first, each group seed-ordered. */
export function fittingCompositions(needs: CompositionNeeds, random: Random): CompositionId[] {
  const { shape, objects, persona } = needs;
  const drawable = (id: CompositionId): boolean => {
    switch (id) {
      case "hero":
        return true;
      case "side":
        return objects >= 1 || persona;
      case "split":
        return (shape.split !== undefined && (objects >= 1 || persona)) || objects >= 2 || (persona && objects >= 1);
      case "badge":
        return shape.figure !== undefined;
      case "reaction":
        // With a persona the user's own face is the reaction; otherwise a face from the art set.
        return objects >= 1 && (persona || needs.reactionFaces);
      case "pointer":
        return objects >= 1;
    }
  };
  const asked = (id: CompositionId): boolean => {
    switch (id) {
      case "split":
        return shape.split !== undefined;
      case "badge":
        return shape.figure !== undefined;
      case "reaction":
        return shape.reaction;
      case "pointer":
        return shape.pointer;
      default:
        return false;
    }
  };
  const candidates = compositionIds.filter(drawable);
  const wanted = shuffled(candidates.filter(asked), random);
  // With nothing asked for, the plain arrangements lead; a split or badge the prompt did not ask for comes last.
  const plain = shuffled(candidates.filter((id) => !asked(id) && (id === "side" || id === "hero" || id === "pointer" || id === "reaction")), random);
  const rest = shuffled(candidates.filter((id) => !asked(id) && !plain.includes(id)), random);
  return [...wanted, ...plain, ...rest];
}

/** The composition of one variant: the seed's first choice for variant 0, the next ones for the others. */
export function chooseComposition(needs: CompositionNeeds, random: Random, variant = 0): CompositionId {
  const list = fittingCompositions(needs, random);
  return list[variant % list.length] ?? "hero";
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
