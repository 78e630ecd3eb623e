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
    expect(headlineFromPrompt("why every single developer should learn how to write shell scripts today").text.split(" ").length).toBeLessThanOrEqual(5);
  });

  it("takes a single-quoted title whole, with no stray quote mark", () => {
    expect(headlineFromPrompt("make a thumbnail for 'This changed everything about how I code forever and ever'").text).toBe(
      "THIS CHANGED EVERYTHING ABOUT HOW I CODE FOREVER AND EVER",
    );
    expect(headlineFromPrompt("Thumbnail saying ‘Don’t quit your job yet’ on a red wall").text).toBe("DON’T QUIT YOUR JOB YET");
  });

  it.each([
    ['make a thumbnail for "I quit my job', "I QUIT MY JOB"],
    ["thumbnail about 'why I left Google", "WHY I LEFT GOOGLE"],
    ["Cover for « Le meilleur café de Paris", "LE MEILLEUR CAFÉ DE PARIS"],
    ["「東京で一番おいしいラーメン", "東京で一番おいしいラーメン"],
    ['thumbnail for "I don\'t quit, I adapt', "I DON'T QUIT, I ADAPT"],
  ])("drops a lone quote mark: %s → %s", (prompt, expected) => {
    expect(headlineFromPrompt(prompt).text).toBe(expected);
  });

  it("shortens a long title by meaning, keeping the hook and no ellipsis", () => {
    expect(headlineFromPrompt("why every single developer should learn how to write shell scripts today").text).toBe("WHY EVERY DEVELOPER SHOULD LEARN");
    expect(headlineFromPrompt("I tried sushi for the first time in Tokyo and it was not what I expected").text).toBe("I TRIED SUSHI");
    expect(headlineFromPrompt('Make a thumbnail for "I tried 100 days of coding"').text.endsWith("…")).toBe(false);
  });

  it("takes the words after a headline label as they are", () => {
    expect(headlineFromPrompt("thumbnail about my garden, headline: Tomatoes in 30 days").text).toBe("TOMATOES IN 30 DAYS");
    expect(headlineFromPrompt("Vorschaubild über meinen Garten, Überschrift: Tomaten in 30 Tagen").text).toBe("TOMATEN IN 30 TAGEN");
  });

  it("leaves brand names with their own capitals alone when uppercasing", () => {
    expect(headlineFromPrompt('Make a thumbnail for "my new iPhone vs an old YouTube camera"').text).toBe("MY NEW iPhone VS AN OLD YouTube CAMERA");
    expect(headlineFromPrompt('Thumbnail: "macOS tricks for TikTok creators"').text).toBe("macOS TRICKS FOR TikTok CREATORS");
    expect(headlineFromPrompt('thumbnail for "iphone setup tour"').text).toBe("iPhone SETUP TOUR");
  });
});
