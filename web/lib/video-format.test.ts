import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatDuration, percentOf, uploadTimeLeftMs } from "./video-format.ts";

describe("video numbers", () => {
  it("says sizes in the largest unit above 1, one decimal below 10", () => {
    expect(formatBytes(412_000_000, "en")).toBe("412 MB");
    expect(formatBytes(1_200_000_000, "en")).toBe("1.2 GB");
    expect(formatBytes(900, "en")).toBe("900 byte");
    expect(formatBytes(1_200_000_000, "de").replace(/\s/g, " ")).toBe("1,2 GB");
  });

  it("groups counts the reader's way", () => {
    expect(formatCount(1800, "en")).toBe("1,800");
    expect(formatCount(1800, "de")).toBe("1.800");
  });

  it("rounds a wait to seconds, minutes or hours", () => {
    expect(formatDuration(42_000, "en")).toBe("42 sec");
    expect(formatDuration(185_000, "en")).toBe("3 min");
    expect(formatDuration(2 * 3_600_000, "en")).toBe("2 hr");
  });

  it("works the time left out from the speed since the upload (or its resume) began", () => {
    // 400 MB in 40 s from zero: 10 MB/s, 800 MB to go → 80 s.
    expect(uploadTimeLeftMs(400e6, 1200e6, 0, 40_000)).toBe(80_000);
    // Resumed at 300 MB: only the 100 MB sent since count for the speed.
    expect(uploadTimeLeftMs(400e6, 1200e6, 300e6, 10_000)).toBe(80_000);
    expect(uploadTimeLeftMs(400e6, 1200e6, 400e6, 10_000)).toBeUndefined();
    expect(uploadTimeLeftMs(10e6, 1200e6, 0, 500)).toBeUndefined();
  });

  it("never shows 100% before the end", () => {
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
