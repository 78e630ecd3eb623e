import { MAX_PROMPT_LENGTH, type ModelEntry } from "../../../contract/images.ts";

export type SubmitBlocker = "busy" | "empty" | "too_long" | "no_model" | "model_unavailable" | "credits";

/** Counts what the user sees as characters (the server trims and limits the same text). */
export function promptLength(prompt: string): number {
  return prompt.length;
}

/**
 * Why Generate cannot run now, or null when it can. The server checks all of this again; the button only saves
 * a round trip and says why up front.
 */
export function submitBlocker(input: {
  prompt: string;
  model: Pick<ModelEntry, "available" | "creditCost"> | undefined;
  credits: number;
  busy: boolean;
}): SubmitBlocker | null {
  if (input.busy) return "busy";
  if (input.prompt.trim().length === 0) return "empty";
  if (promptLength(input.prompt) > MAX_PROMPT_LENGTH) return "too_long";
  if (!input.model) return "no_model";
  if (!input.model.available) return "model_unavailable";
  if (input.credits < input.model.creditCost) return "credits";
  return null;
}

/** The model a fresh panel starts with: the chosen one when it can run, else the first that can. */
export function defaultModel(models: readonly ModelEntry[], chosen: string | undefined): ModelEntry | undefined {
  return models.find((m) => m.id === chosen) ?? models.find((m) => m.available) ?? models[0];
}

/** Ctrl+Enter (Cmd+Enter on a Mac) submits the prompt; plain Enter makes a new line. */
export function isSubmitShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent?.isComposing;
}
