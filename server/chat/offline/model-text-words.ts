/**
 * "Let the model write it": the creator wants the image model itself to draw the headline's letters, not the
 * Studio's text layer over its picture (docs/decisions/036-headlines-over-model-pictures.md). Matched after
 * normalizeText (lower case, no accents), in the six languages.
 */
const MODEL_TEXT: readonly RegExp[] = [
  /\b(?:let|have|make)\s+the\s+(?:ai|model|image model)\s+(?:write|draw|render|add|do|put)\b/u,
  /\b(?:model|ai)[- ](?:written|drawn)\s+(?:text|headline|title|lettering)\b/u,
  /\b(?:que|deja que|dejale al?)\s+(?:el\s+)?modelo\s+(?:escriba|dibuje|ponga|haga)\b/u,
  /\b(?:laisse|laissez)\s+le\s+modele\s+(?:ecrire|dessiner|mettre)\b|\bque le modele (?:ecrive|dessine|mette)\b/u,
  /\b(?:lass|lasse|lasst|lassen sie)\s+das\s+modell\s+(?:(?:\S+\s+){0,3})?(?:schreiben|zeichnen|setzen)\b|\bdas modell soll\s+(?:(?:\S+\s+){0,3})?(?:schreiben|zeichnen)\b/u,
  /(?:让|讓|由|叫)\s*(?:模型|ai)\s*(?:自己|来|來)?\s*(?:写|寫|画|畫|生成|加)/u,
  /(?:モデル|ai)に(?:[^、。]{0,8})?(?:書かせ|描かせ|入れさせ|任せ)/u,
];

export function asksModelText(normalized: string): boolean {
  return MODEL_TEXT.some((pattern) => pattern.test(normalized));
}
