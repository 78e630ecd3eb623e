import { describe, expect, it } from "vitest";
import { TITLE_REPEAT_THRESHOLD, titleOverlap, titleUnits } from "./title-overlap.ts";

describe("titleOverlap", () => {
  it("is the share of the headline's words the title has, whatever their case and punctuation", () => {
    expect(titleOverlap("I TRIED 100 DAYS OF CODING", "I tried 100 days of coding (it changed my life)")).toBe(1);
    expect(titleOverlap("100 DAYS!", "I tried 100 days of coding")).toBe(1);
    expect(titleOverlap("STOP CODING NOW", "I tried 100 days of coding")).toBeCloseTo(1 / 3);
    expect(titleOverlap("NEVER AGAIN", "I tried 100 days of coding")).toBe(0);
  });

  it("reads the headline against the title, not the other way round", () => {
    expect(titleOverlap("CODING", "I tried 100 days of coding")).toBe(1);
    expect(titleOverlap("I tried 100 days of coding", "CODING")).toBeCloseTo(1 / 6);
  });

  it("drops accents, so a headline in capitals without them still matches the title", () => {
    expect(titleOverlap("ÇA COÛTE 50.000 €", "Ca coute 50000 € ?")).toBe(1);
    expect(titleOverlap("MI PRIMERA MARATÓN", "Mi primera maraton")).toBe(1);
    expect(titleOverlap("DON'T BUY THIS", "Dont buy this")).toBe(1);
  });

  it("compares Chinese and Japanese by characters", () => {
    expect(titleOverlap("100天学会编程", "我用100天学会了编程")).toBe(1);
    expect(titleOverlap("编程挑战", "我用100天学会了编程")).toBe(0.5);
    expect(titleOverlap("１００日間", "100日間プログラミングに挑戦してみた")).toBe(1);
  });

  it("is 0 without a headline or a title, so a missing title never counts as a repeat", () => {
    expect(titleOverlap(null, "I tried 100 days of coding")).toBe(0);
    expect(titleOverlap("100 DAYS", null)).toBe(0);
    expect(titleOverlap("!!!", "!!!")).toBe(0);
    expect(titleOverlap("100 DAYS", "   ")).toBe(0);
  });

  it("puts the feed check's line above half", () => {
    expect(titleOverlap("STOP CODING", "I tried 100 days of coding")).not.toBeGreaterThan(TITLE_REPEAT_THRESHOLD);
    expect(titleOverlap("100 DAYS OF PAIN", "I tried 100 days of coding")).toBeGreaterThan(TITLE_REPEAT_THRESHOLD);
  });
});

describe("titleUnits", () => {
  it("keeps a figure whole and splits mixed scripts into words and characters", () => {
    expect(titleUnits("I made $50,000")).toEqual(["i", "made", "50000"]);
    expect(titleUnits("我用100天")).toEqual(["我", "用", "100", "天"]);
    expect(titleUnits("iPhone 17 レビュー")).toEqual(["iphone", "17", "レ", "ビ", "ュ", "ー"]);
  });
});
