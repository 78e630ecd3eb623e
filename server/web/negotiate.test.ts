import { describe, expect, it } from "vitest";
import { memoized, preferredEncoding, preferredLanguage } from "./negotiate.ts";

describe("Accept-Encoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["deflate, gzip;q=1.0, *;q=0.5", "gzip"],
    ["BR;Q=0.9, GZIP", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["zstd, deflate", "identity"],
    ["gzip;q=0.001, identity;q=0.5", "identity"],
    ["gzip;q=nonsense", "gzip"],
    [",,; ;q=", "identity"],
  ])("%j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("Accept-Language", () => {
  it.each([
    [undefined, "en"],
    ["", undefined],
    ["de", "de"],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["fr-CH;q=0.2, ja-JP;q=0.9, en;q=0.5", "ja"],
    ["pt-BR, pt;q=0.9", undefined],
    ["pt-BR, *;q=0.1", "en"],
    ["zh-Hant-TW", "zh"],
    ["de;q=0.5, *", "en"],
    ["es, fr", "es"],
    ["fr, es", "fr"],
    ["de-AT;q=0.3, de-CH;q=0.8, ja;q=0.5", "de"],
    ["ja;q=0, *", "en"],
    ["ZH-cn", "zh"],
  ])("%j → %s", (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});

describe("memoized", () => {
  it("decides each header once, and forgets everything when full", () => {
    let calls = 0;
    const decide = memoized((header) => {
      calls++;
      return header?.length ?? 0;
    }, 2);
    expect([decide("a"), decide("a"), decide("bb")]).toEqual([1, 1, 2]);
    expect(calls).toBe(2);
    decide("ccc");
    decide("a");
    expect(calls).toBe(4);
  });
});
