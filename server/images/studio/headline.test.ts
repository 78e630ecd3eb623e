import { describe, expect, it } from "vitest";
import { headlineFromPrompt } from "./headline.ts";

describe("headlineFromPrompt", () => {
  it.each([
    ['Make a thumbnail for "I tried 100 days of coding" please', "I TRIED 100 DAYS OF CODING"],
    ["Thumbnail with “Don’t buy this phone” in big letters", "DON’T BUY THIS PHONE"],
    ["「東京で一番おいしいラーメン」のサムネイル", "東京で一番おいしいラーメン"],
    ["make a cartoon thumbnail for my video about the best budget gaming setup", "BEST BUDGET GAMING SETUP"],
    ["Create a YouTube thumbnail about learning Rust in a weekend. Red background.", "LEARNING RUST IN A WEEKEND"],
    ["请帮我做一个编程入门的缩略图", "编程入门"],
  ])("%s → %s", (prompt, expected) => {
    expect(headlineFromPrompt(prompt).text).toBe(expected);
  });

  it("keeps a long phrase short", () => {
    expect(headlineFromPrompt("why every single developer should learn how to write shell scripts today").text.split(" ").length).toBeLessThanOrEqual(6);
  });
});
