import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left.ts";

const at = (hours: number) => new Date(Date.UTC(2026, 10, 27, 10) + hours * 3_600_000).toISOString();

describe("a poll's time left", () => {
  it("says how long is left in the reader's language, and nothing once the time has come", () => {
    const now = Date.parse(at(0));
    expect(timeLeft(at(0.5), now, "en")).toBe("in 30 minutes");
    expect(timeLeft(at(23), now, "en")).toBe("in 23 hours");
    expect(timeLeft(at(47), now, "en")).toBe("in 47 hours");
    expect(timeLeft(at(72), now, "en")).toBe("in 3 days");
    expect(timeLeft(at(72), now, "de")).toBe("in 3 Tagen");
    expect(timeLeft(at(0), now, "en")).toBeNull();
    expect(timeLeft("not a date", now, "en")).toBeNull();
  });
});
