import { describe, expect, it } from "vitest";
import { channelFromEmail, defaultTitle, initialOf, isDuration } from "./card-text.ts";

describe("defaultTitle", () => {
  it("takes a prompt's quoted headline, in any quotes", () => {
    expect(defaultTitle('cartoon thumbnail "10 SECRET TIPS" a surprised chef')).toBe("10 SECRET TIPS");
    expect(defaultTitle("make a cartoon thumbnail for 'I tried 100 days of coding'")).toBe("I tried 100 days of coding");
    expect(defaultTitle("「100日間コーディング」のサムネイル")).toBe("100日間コーディング");
  });

  it("prefers the scene's headline, and falls back to the whole prompt", () => {
    expect(defaultTitle('a "quoted" prompt', "FROM THE SCENE")).toBe("FROM THE SCENE");
    // The thumbnail shouts the quoted words in capitals; the title keeps them as typed.
    expect(defaultTitle("a thumbnail for 'I tried 100 days of coding'", "I TRIED 100 DAYS OF CODING")).toBe("I tried 100 days of coding");
    expect(defaultTitle("square vintage poster of a jazz trumpet")).toBe("square vintage poster of a jazz trumpet");
    expect(defaultTitle(null)).toBe("");
  });

  it("keeps within YouTube's 100 characters", () => {
    const title = defaultTitle("word ".repeat(60));
    expect([...title].length).toBe(100);
    expect(title.endsWith("…")).toBe(true);
  });
});

describe("the rest of the card", () => {
  it("names the channel after the e-mail's local part", () => {
    expect(channelFromEmail("maker@example.com")).toBe("maker");
    expect(channelFromEmail(undefined)).toBe("");
  });

  it("accepts m:ss and h:mm:ss only", () => {
    expect(["10:24", "0:59", "1:02:03"].every(isDuration)).toBe(true);
    expect(["10", "10:60", "1:2", "abc", "1:02:60"].some(isDuration)).toBe(false);
  });

  it("draws an avatar's initial", () => {
    expect(initialOf(" maker")).toBe("M");
    expect(initialOf("")).toBe("?");
  });
});
