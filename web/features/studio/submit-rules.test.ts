import { describe, expect, it } from "vitest";
import { MAX_PROMPT_LENGTH, type ModelEntry } from "../../../contract/images.ts";
import { defaultModel, isSubmitShortcut, submitBlocker } from "./submit-rules.ts";

const studio = { available: true, creditCost: 1 };

describe("submitBlocker", () => {
  it("allows a prompt with an available, affordable model", () => {
    expect(submitBlocker({ prompt: "A chef", model: studio, credits: 1, busy: false })).toBeNull();
  });

  it.each([
    [{ prompt: "   \n", model: studio, credits: 10, busy: false }, "empty"],
    [{ prompt: "x".repeat(MAX_PROMPT_LENGTH + 1), model: studio, credits: 10, busy: false }, "too_long"],
    [{ prompt: "A chef", model: undefined, credits: 10, busy: false }, "no_model"],
    [{ prompt: "A chef", model: { available: false, creditCost: 4 }, credits: 10, busy: false }, "model_unavailable"],
    [{ prompt: "A chef", model: { available: true, creditCost: 4 }, credits: 3, busy: false }, "credits"],
    [{ prompt: "A chef", model: studio, credits: 10, busy: true }, "busy"],
  ] as const)("%o → %s", (input, reason) => {
    expect(submitBlocker(input)).toBe(reason);
  });

  it("accepts exactly MAX_PROMPT_LENGTH characters", () => {
    expect(submitBlocker({ prompt: "x".repeat(MAX_PROMPT_LENGTH), model: studio, credits: 1, busy: false })).toBeNull();
  });
});

describe("defaultModel", () => {
  const entry = (id: string, available: boolean): ModelEntry => ({ id, label: id, provider: "p", popular: false, capabilities: [], creditCost: 1, available });
  const list = [entry("flux", false), entry("studio", true), entry("gpt", true)];
  it("keeps the chosen model, else the first available one", () => {
    expect(defaultModel(list, "gpt")?.id).toBe("gpt");
    expect(defaultModel(list, undefined)?.id).toBe("studio");
    expect(defaultModel([], undefined)).toBeUndefined();
  });
});

describe("isSubmitShortcut", () => {
  it("is Ctrl+Enter or Cmd+Enter, not plain Enter or an IME composition", () => {
    expect(isSubmitShortcut({ key: "Enter", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSubmitShortcut({ key: "Enter", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSubmitShortcut({ key: "Enter", ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSubmitShortcut({ key: "Enter", ctrlKey: true, metaKey: false, nativeEvent: { isComposing: true } })).toBe(false);
  });
});
