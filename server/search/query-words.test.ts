import { describe, expect, it } from "vitest";
import { readQuery, snippetOf } from "./query-words.ts";

describe("readQuery", () => {
  it("keeps words of letters and digits as prefixes, all required, so no tsquery operator gets through", () => {
    expect(readQuery("  Thumb & 'nail':* | !risotto 2 a ", "en")).toMatchObject({
      language: "en",
      words: ["thumb", "nail", "risotto", "2"],
      wordQuery: "'thumb':* & 'nail':* & 'risotto':* & '2':*",
      cjkQuery: null,
    });
    expect(readQuery("?!", "fr")).toMatchObject({ wordQuery: null, cjkQuery: null, terms: [] });
  });

  it("reads Chinese and Japanese as pairs of characters, kana as Japanese, Han alone by the interface's language", () => {
    expect(readQuery("喝咖啡", "en")).toMatchObject({ language: "zh", cjk: ["喝咖啡"], cjkQuery: "'喝咖' & '咖啡'", wordQuery: null });
    expect(readQuery("東京", "ja")).toMatchObject({ language: "ja", cjkQuery: "'東京'" });
    expect(readQuery("タワー", "zh")).toMatchObject({ language: "ja", cjkQuery: "'タワ' & 'ワー'" });
    expect(readQuery("猫 cat", "de")).toMatchObject({ language: "zh", cjkQuery: "'猫':*", wordQuery: "'cat':*" });
    // Full-width letters are read as the letters they are.
    expect(readQuery("ＰＡＳＴＡ", "en").words).toEqual(["pasta"]);
  });
});

describe("snippetOf", () => {
  const long = `${"Intro words that go on. ".repeat(10)}Then the saffron risotto arrives at last. ${"Outro words. ".repeat(10)}`;
  it("cuts the text around the first term, marking what was cut", () => {
    const snippet = snippetOf(long, ["saffron"], 80);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("saffron risotto");
  });
  it("keeps a short text whole, and starts at the beginning when no term is in it", () => {
    expect(snippetOf("  a  short\ntext ", ["x"])).toBe("a short text");
    expect(snippetOf(long, ["zebra"], 40)).toBe(`${long.slice(0, 40).trimEnd()}…`);
  });
});
