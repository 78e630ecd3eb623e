import { describe, expect, it } from "vitest";
import { misreadWords, normaliseText, readDistance, repeatsTitle } from "./text-match.ts";

describe("reading back a headline", () => {
  it("compares es/fr/de words without their accents, case or punctuation", () => {
    expect(normaliseText("Das beste günstige Gaming-Setup!")).toBe("DAS BESTE GUNSTIGE GAMING SETUP");
    expect(readDistance("BESTE GÜNSTIGE GAMING-SETUP", "BESTE GUNSTIGE GAMING -SETUP")).toBe(0);
    expect(readDistance("¿POR QUÉ NADIE LO SABE?", "POR QUE NADIE LO SABE")).toBe(0);
  });

  it("counts only the headline's words: art and noise read elsewhere, and the order of lines, cost nothing", () => {
    expect(readDistance("100 DAYS OF CODING", "OF CODING (100) ® 100 DAYS")).toBe(0);
    expect(readDistance("100 DAYS OF CODING", "OF C0DG")).toBeCloseTo(10 / 15, 5);
    expect(readDistance("100 DAYS OF CODING", "")).toBe(1);
  });

  it("matches CJK as the nearest stretch of the characters read", () => {
    expect(readDistance("最便宜的游戏装备", "x 最便宜的游戏装备 y")).toBe(0);
    expect(readDistance("最便宜的游戏装备", "最便宜的游")).toBeCloseTo(3 / 8, 5);
  });

  it("names a drawn misspelling, not words read right or noise", () => {
    expect(misreadWords("100 DAYS OF CODING", "100 DAYS OF CODNIG")).toEqual([{ expected: "CODING", read: "CODNIG" }]);
    expect(misreadWords("100 DAYS OF CODING", "100 DAYS OF CODING ®")).toEqual([]);
    expect(misreadWords("100 DAYS OF CODING", "100 DAYS OF XQ")).toEqual([]);
  });

  it("tells a headline that repeats the title from one that adds to it", () => {
    expect(repeatsTitle("100 DAYS OF CODING", "I tried 100 days of coding")).toBe(true);
    expect(repeatsTitle("I QUIT ON DAY 3", "I tried 100 days of coding")).toBe(false);
  });
});
