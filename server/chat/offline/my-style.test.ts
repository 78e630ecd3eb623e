import { describe, expect, it } from "vitest";
import type { Language } from "../../../contract/languages.ts";
import { languages } from "../../../contract/languages.ts";
import { headlineFromPrompt } from "../../studio/headline.ts";
import { promptWithHeadline } from "../tools/generate-thumbnail.ts";
import { classifyToolError } from "./closing.ts";
import { type IntentContext, readIntent } from "./intent.ts";
import { renderReply } from "./replies.ts";

const context = (language: Language): IntentContext => ({ language, imageIds: [], latestBatch: [], attachmentIds: [] });

// "In my style": a thumbnail made in the creator's style kit (docs/product/style-kits.md), in the six languages.
const asks: [Language, string][] = [
  ["en", 'make a thumbnail "I QUIT MY JOB" in my style'],
  ["en", "thumbnail of a mountain bike crash using my own style kit"],
  ["es", 'haz una miniatura "DEJÉ MI TRABAJO" en mi estilo'],
  ["fr", 'fais une miniature "J\'AI QUITTÉ MON JOB" dans mon style'],
  ["de", 'mach ein Vorschaubild "ICH HABE GEKÜNDIGT" in meinem Stil'],
  ["zh", "用我的风格做一个缩略图「我辞职了」"],
  ["ja", "私のスタイルで「仕事を辞めた」のサムネイルを作って"],
];

describe("the offline assistant and the creator's style kit", () => {
  it.each(asks)("[%s] %s asks for the kit", (language, message) => {
    const intent = readIntent(message, context(language));
    expect(intent.kind).toBe("generate");
    expect(intent.kind === "generate" && intent.input.myStyle).toBe(true);
  });

  // The headline the Studio prints: the creator's words, never the request for the kit.
  const headlines = ["I QUIT MY JOB", "MOUNTAIN BIKE CRASH", "DEJÉ MI TRABAJO", "J'AI QUITTÉ MON JOB", "ICH HABE GEKÜNDIGT", "我辞职了", "仕事を辞めた"];
  it.each(asks.map((ask, i) => [...ask, headlines[i]] as const))("[%s] %s keeps the phrase off the headline", (language, message, expected) => {
    const intent = readIntent(message, context(language));
    if (intent.kind !== "generate") throw new Error(`read as ${intent.kind}`);
    const prompt = promptWithHeadline(intent.input);
    expect(prompt).not.toMatch(/style|estilo|stil|风格|スタイル/iu);
    const headline = headlineFromPrompt(prompt).text;
    expect(headline).toContain(expected);
    expect(headline).not.toMatch(/style|estilo|stil|风格|スタイル/iu);
  });

  it("leaves the phrase out of a prompt the model wrote", () => {
    expect(promptWithHeadline({ prompt: "mountain bike crash, in my style", headline: "SENT IT" })).toBe('"SENT IT" mountain bike crash');
  });

  it("makes no kit request when none is asked for", () => {
    const intent = readIntent('make a thumbnail "I QUIT MY JOB" in cartoon style', context("en"));
    expect(intent.kind === "generate" && intent.input.myStyle).toBeUndefined();
  });

  it("makes the last thumbnail again in the kit when the follow-up names no topic", () => {
    const first = { prompt: 'thumbnail "BEST PIZZA"', headline: "BEST PIZZA" };
    const intent = readIntent("now in my style", { ...context("en"), lastGeneration: first });
    expect(intent).toMatchObject({ kind: "generate", input: { prompt: first.prompt, myStyle: true } });
  });

  it("carries it into an A/B pack", () => {
    const intent = readIntent('A/B pack "NEW RECORD" in my style', context("en"));
    expect(intent).toMatchObject({ kind: "pack", input: { myStyle: true } });
  });

  it.each(languages)("[%s] says the picked kit no longer exists, not that there is none", (language) => {
    const problem = classifyToolError("[not_found:style_kit] That style kit does not exist.");
    expect(problem).toBe("style-kit-gone");
    const reply = renderReply({ kind: "tool-error", problem, credits: "not-spent" }, language, 1);
    expect(reply).not.toBe(renderReply({ kind: "tool-error", problem: "style-kit", credits: "not-spent" }, language, 1));
    if (language === "en") expect(reply).toContain("no longer exists");
  });

  it.each(languages)("[%s] says there is no kit yet, in the person's language", (language) => {
    const problem = classifyToolError("[not_found:style_kit] You have no style kit yet.");
    expect(problem).toBe("style-kit");
    const reply = renderReply({ kind: "tool-error", problem, credits: "not-spent" }, language, 1);
    expect(reply.length).toBeGreaterThan(20);
    if (language !== "en") expect(reply).not.toContain("style kit yet");
  });
});
