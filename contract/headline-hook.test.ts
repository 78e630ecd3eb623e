import { describe, expect, it } from "vitest";
import { shorterHeadline } from "./headline-hook.ts";

describe("shorterHeadline", () => {
  it("drops what says least first: the speaker, stress words, a year, then a tail clause", () => {
    expect(shorterHeadline("I TRIED 100 DAYS OF CODING")).toBe("TRIED 100 DAYS OF CODING");
    expect(shorterHeadline("I REALLY TRIED CODING")).toBe("I TRIED CODING");
    expect(shorterHeadline("HOW I MADE $50,000 IN 2026")).toBe("HOW I MADE $50,000");
    expect(shorterHeadline("MY NEW SETUP AND WHAT I LEARNED")).toBe("MY NEW SETUP");
  });

  it("never cuts a headline into something else, and leaves one that is already short", () => {
    expect(shorterHeadline("MY FIRST MARATHON")).toBeUndefined();
    expect(shorterHeadline("BEST PIZZA")).toBeUndefined();
  });

  it("shortens Chinese and Japanese at particles and fillers, never inside a word", () => {
    expect(shorterHeadline("我用100天学会了编程")).toBe("我用100天学会编程");
    expect(shorterHeadline("100日間プログラミングに挑戦してみた")).toBe("100日間プログラミング");
    expect(shorterHeadline("ラーメン")).toBeUndefined();
  });
});
