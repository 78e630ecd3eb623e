import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const now = Date.parse("2026-11-23T12:00:00Z");

describe("relativeTime", () => {
  it("says 'Just now' under a minute, then minutes, hours and days in the reader's language", () => {
    expect(relativeTime("2026-11-23T11:59:30Z", now, "en", "Just now")).toBe("Just now");
    expect(relativeTime("2026-11-23T11:55:00Z", now, "en", "Just now")).toBe("5m ago");
    expect(relativeTime("2026-11-23T09:00:00Z", now, "en", "Just now")).toBe("3h ago");
    expect(relativeTime("2026-11-21T12:00:00Z", now, "en", "Just now")).toBe("2d ago");
    expect(relativeTime("2026-11-23T09:00:00Z", now, "ja", "たった今")).toBe("3時間前");
  });

  it("shows the date past a week, and nothing for a bad timestamp", () => {
    expect(relativeTime("2026-10-01T12:00:00Z", now, "en", "Just now")).toBe("Oct 1");
    expect(relativeTime("not a date", now, "en", "Just now")).toBe("");
  });
});
