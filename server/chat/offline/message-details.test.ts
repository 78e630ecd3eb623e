import { describe, expect, it } from "vitest";
import { guessLanguage } from "./language-guess.ts";
import { looksLikeManipulation } from "./manipulation.ts";
import { extractAspect, extractColor, extractCount, extractHandles, extractHeadline, extractModel, extractStyle, withoutQuotes } from "./message-details.ts";
import { seedOf, pick, toDeltas } from "./seeded.ts";
import { normalizeText } from "./text-match.ts";

describe("extractHeadline", () => {
  it.each([
    ['headline "DAY 100"', "DAY 100"],
    ["headline: 'DAY 100'", "DAY 100"],
    ["title “Best Pizza Ever”", "Best Pizza Ever"],
    ["titre « JOUR 100 »", "JOUR 100"],
    ["Überschrift „TAG 100“", "TAG 100"],
    ["标题「第100天」", "第100天"],
    ["見出しは『宇宙へ』で", "宇宙へ"],
    ["headline: DAY 100, cartoon style", "DAY 100"],
    ["見出し：夏休み", "夏休み"],
  ])("%s → %s", (message, headline) => {
    expect(extractHeadline(message)).toBe(headline);
  });

  it("takes no apostrophe for a quote and no headline from plain text", () => {
    expect(extractHeadline("don't make it dark, it's for user's channel")).toBeUndefined();
    expect(extractHeadline("a cat on the moon")).toBeUndefined();
    expect(extractHeadline(`"${"x".repeat(121)}"`)).toBeUndefined();
  });

  it("removes quoted words before anything else reads the message", () => {
    expect(withoutQuotes('make it "delete everything" now')).not.toContain("delete");
  });
});

describe("extractHandles", () => {
  it("keeps handles as written, without e-mail addresses, repeats or more than three", () => {
    expect(extractHandles("@alex and @Sam-2 with @alex, mail me at me@example.com")).toEqual(["alex", "Sam-2"]);
    expect(extractHandles("@a @b @c @d")).toEqual(["a", "b", "c"]);
    expect(extractHandles("画一张@小明和@alex的图")).toEqual(["alex"]);
    expect(extractHandles("no handles here")).toEqual([]);
  });
});

describe("extractCount", () => {
  it.each([
    ["three variations of a lake", "en", 3],
    ["2 thumbnails please", "en", 2],
    ["100 images of cats", "en", 4],
    ["a couple of versions", "en", 2],
    ["tres variaciones", "es", 3],
    ["quatre versions d'un chat", "fr", 4],
    ["zwei Varianten", "de", 2],
    ["做三张图", "zh", 3],
    ["一百张图片", "zh", 4],
    ["3枚作って", "ja", 3],
    ["３パターン", "ja", 3],
  ] as const)("%s → %i", (message, language, count) => {
    expect(extractCount(normalizeText(message), language)).toBe(count);
  });

  it("reads no count from ordinals or plain numbers", () => {
    expect(extractCount(normalizeText("2枚目を変えて"), "ja")).toBeUndefined();
    expect(extractCount(normalizeText("headline DAY 100"), "en")).toBeUndefined();
  });
});

describe("styles, aspects, models and colours", () => {
  it.each([
    ["a photo of a lake", "en", "realistic"],
    ["comic look", "en", "cartoon"],
    ["estilo retro", "es", "vintage"],
    ["quelque chose d'abstrait", "fr", "abstract"],
    ["im Comic-Stil", "de", "cartoon"],
    ["写实风格", "zh", "realistic"],
    ["レトロな雰囲気", "ja", "vintage"],
  ] as const)("style of %s is %s", (message, language, style) => {
    expect(extractStyle(normalizeText(message), language)).toBe(style);
  });

  it.each([
    ["for YouTube", "16:9"],
    ["YouTube Shorts", "9:16"],
    ["a reel", "9:16"],
    ["TikTok", "9:16"],
    ["instagram story", "9:16"],
    ["an Instagram post", "1:1"],
    ["square", "1:1"],
    ["16:9", "16:9"],
    ["9:16", "9:16"],
    ["1:1", "1:1"],
    ["竖屏", "9:16"],
    ["正方形で", "1:1"],
  ])("aspect of %s is %s", (message, aspect) => {
    expect(extractAspect(normalizeText(message))).toBe(aspect);
  });

  it.each([
    ["with Studio", "studio"],
    ["using FLUX Kontext pro", "flux-kontext-pro"],
    ["flux kontext max please", "flux-kontext-max"],
    ["GPT Image", "gpt-image"],
    ["Gemini Flash", "gemini-flash-image"],
    ["Gemini Pro", "gemini-pro-image"],
  ])("model of %s is %s", (message, model) => {
    expect(extractModel(normalizeText(message))).toBe(model);
  });

  it("reads no model from an everyday word", () => {
    expect(extractModel(normalizeText("a photo studio with soft light"))).toBeUndefined();
  });

  it.each([
    ["yellow", "en", "#ffd60a"],
    ["grey", "en", "#9ca3af"],
    ["amarillo", "es", "#ffd60a"],
    ["jaune", "fr", "#ffd60a"],
    ["gelbe", "de", "#ffd60a"],
    ["weiß", "de", "#ffffff"],
    ["黄色", "zh", "#ffd60a"],
    ["粉红色", "zh", "#ff4fa3"],
    ["青", "ja", "#1e6ff2"],
    ["青色", "zh", "#22d3ee"],
    ["#ABC", "en", "#aabbcc"],
    ["#12ab9f", "en", "#12ab9f"],
  ] as const)("colour %s is %s", (word, language, hex) => {
    expect(extractColor(normalizeText(word), language)).toBe(hex);
  });
});

describe("guessLanguage", () => {
  it.each([
    ["make a thumbnail of a cat", "en"],
    ["hazme una miniatura de un gato", "es"],
    ["¿qué puedes hacer?", "es"],
    ["fais-moi une miniature avec un chat", "fr"],
    ["erstelle ein Bild mit einer Katze", "de"],
    ["Überschrift größer", "de"],
    ["做一张猫的图片", "zh"],
    ["猫のサムネイルを作って", "ja"],
  ] as const)("%s is %s", (message, language) => {
    expect(guessLanguage(message)).toBe(language);
  });

  it("falls back when nothing gives the language away", () => {
    expect(guessLanguage("@alex", "fr")).toBe("fr");
  });
});

describe("looksLikeManipulation", () => {
  it("lets ordinary requests through", () => {
    for (const message of ["remove the text from the image", "a thumbnail about password managers", "give me a thumbnail of a castle", "make the credits roll scene"]) {
      expect(looksLikeManipulation(normalizeText(message)), message).toBe(false);
    }
  });
});

describe("seeded phrasing and deltas", () => {
  it("picks the same option for the same text and spreads different texts", () => {
    const options = ["a", "b", "c"];
    expect(pick(options, seedOf("hello"))).toBe(pick(options, seedOf("hello")));
    const picked = new Set(["one", "two", "three", "four", "five", "six", "seven", "eight"].map((text) => pick(options, seedOf(text))));
    expect(picked.size).toBeGreaterThan(1);
  });

  it("cuts text into several deltas that add back up to it", () => {
    const english = "Done! Your thumbnail is ready to use.";
    expect(toDeltas(english).length).toBeGreaterThan(1);
    expect(toDeltas(english).join("")).toBe(english);
    const japanese = "完成しました！サムネイルの準備ができました。";
    expect(toDeltas(japanese).length).toBeGreaterThan(1);
    expect(toDeltas(japanese).join("")).toBe(japanese);
  });
});
