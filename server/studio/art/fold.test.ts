import { describe, expect, it } from "vitest";
import { foldLatin, tokenize } from "./fold.ts";

describe("fold and tokenize", () => {
  it("folds case, accents and ß, and leaves kana whole", () => {
    expect(foldLatin("Programación")).toBe("programacion");
    expect(foldLatin("Fußball")).toBe("fussball");
    expect(foldLatin("CŒUR")).toBe("coeur");
    expect(tokenize("ゲーム実況").map((t) => t.folded)).toEqual(["ゲーム実況"]);
    expect(tokenize("ｹﾞｰﾑ")[0]?.folded).toBe("ゲーム");
  });

  it("splits Latin words at apostrophes and hyphens and keeps each CJK run whole, with offsets", () => {
    const tokens = tokenize("grandma's Gaming-Setup 最強のPC");
    expect(tokens.map((t) => [t.text, t.script])).toEqual([
      ["grandma", "latin"],
      ["s", "latin"],
      ["Gaming", "latin"],
      ["Setup", "latin"],
      ["最強の", "cjk"],
      ["PC", "latin"],
    ]);
    const text = "grandma's Gaming-Setup 最強のPC";
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
  });
});
