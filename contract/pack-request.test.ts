import { describe, expect, it } from "vitest";
import { asksForPack } from "./pack-request.ts";

describe("asksForPack", () => {
  it.each([
    ["en", "give me three versions of my coding video"],
    ["en", "an A/B pack please"],
    ["en", "thumbnails for Test & Compare"],
    ["en", "I need an A/B test for this"],
    ["es", "dame tres versiones"],
    ["fr", "donne-moi trois versions"],
    ["de", "gib mir drei Versionen"],
    ["zh", "给我三个版本"],
    ["ja", "3パターン作って"],
    ["ja", "３パターン作って"],
    ["es", "un A/B pack de mi vlog"],
  ] as const)("[%s] %s asks for a pack", (language, text) => {
    expect(asksForPack(text, language)).toBe(true);
  });

  it.each([
    ["en", "make three variations of a desert road"],
    ["en", "make two versions of a castle"],
    ["en", "a thumbnail about a lab test"],
    ["en", "abtest"],
    ["fr", "fais-moi deux versions"],
    ["ja", "@alex が屋上にいるイラストを描いて"],
    ["ja", "サムネイルを3枚作って"],
    ["zh", "做三张沙漠公路的图片"],
  ] as const)("[%s] %s does not", (language, text) => {
    expect(asksForPack(text, language)).toBe(false);
  });
});
