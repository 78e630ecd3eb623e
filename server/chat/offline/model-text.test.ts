import { describe, expect, it } from "vitest";
import type { Language } from "../../../contract/languages.ts";
import { type IntentContext, readIntent } from "./intent.ts";

const context = (language: Language): IntentContext => ({ language, imageIds: [], latestBatch: [], attachmentIds: [] });

// Asking the image model itself to write the headline (docs/decisions/036-headlines-over-model-pictures.md).
const asks: [Language, string][] = [
  ["en", 'make a thumbnail "I QUIT MY JOB" with GPT Image and let the model write the text'],
  ["en", 'thumbnail "BEST PIZZA" with Flux Kontext, have the model draw the headline'],
  ["es", 'haz una miniatura "DEJÉ MI TRABAJO" con GPT Image y deja que el modelo escriba el texto'],
  ["fr", 'fais une miniature "J\'AI QUITTÉ MON JOB" avec GPT Image, laisse le modèle écrire le titre'],
  ["de", 'mach ein Vorschaubild "ICH HABE GEKÜNDIGT" mit GPT Image und lass das Modell den Text schreiben'],
  ["zh", "用GPT Image做一个缩略图「我辞职了」，让模型自己写字"],
  ["ja", "GPT Imageで「仕事を辞めた」のサムネイルを作って、文字はモデルに書かせて"],
];

describe("the offline assistant and model-drawn text", () => {
  it.each(asks)("[%s] %s asks the model to write the headline", (language, message) => {
    const intent = readIntent(message, context(language));
    expect(intent.kind).toBe("generate");
    expect(intent.kind === "generate" && intent.input.modelText).toBe(true);
  });

  it("leaves the headline to the Studio's text layer when nothing asks otherwise", () => {
    const intent = readIntent('make a thumbnail "I QUIT MY JOB" with GPT Image, bold text', context("en"));
    expect(intent.kind === "generate" && intent.input.modelText).toBeUndefined();
  });

  it("carries it into an A/B pack", () => {
    const intent = readIntent('A/B pack for "I QUIT MY JOB" with GPT Image, let the model write the text', context("en"));
    expect(intent).toMatchObject({ kind: "pack", input: { modelText: true } });
  });
});
