import { describe, expect, it } from "vitest";
import { dateGroupLabel, dateGroupOf } from "./date-groups.ts";

// A Thursday afternoon, local time.
const now = new Date(2026, 10, 26, 15, 30);
const at = (day: number, hour = 12, month = 10, year = 2026) => new Date(year, month, day, hour);

describe("dateGroupOf", () => {
  it("puts today, yesterday, the rest of this week and older months apart, by local calendar days", () => {
    expect(dateGroupOf(at(26, 0), now).kind).toBe("today");
    expect(dateGroupOf(at(25, 23), now).kind).toBe("yesterday");
    expect(dateGroupOf(at(25, 0), now).kind).toBe("yesterday");
    // Monday and Tuesday of this week.
    expect(dateGroupOf(at(24, 9), now).kind).toBe("week");
    expect(dateGroupOf(at(23, 0), now).kind).toBe("week");
    // Sunday belongs to last week: its month.
    expect(dateGroupOf(at(22, 23), now)).toEqual({ kind: "month", key: "2026-11", year: 2026, month: 10 });
    expect(dateGroupOf(at(3, 12, 9), now)).toEqual({ kind: "month", key: "2026-10", year: 2026, month: 9 });
    expect(dateGroupOf(at(31, 12, 11, 2025), now).key).toBe("2025-12");
  });

  it("on a Monday, the week holds today only, and yesterday is still Yesterday", () => {
    const monday = new Date(2026, 10, 23, 8);
    expect(dateGroupOf(at(22, 20), monday).kind).toBe("yesterday");
    expect(dateGroupOf(at(21, 20), monday).kind).toBe("month");
  });
});

describe("dateGroupLabel", () => {
  it("words the headings in the user's language", () => {
    expect(dateGroupLabel({ kind: "today", key: "today" }, "en")).toBe("Today");
    expect(dateGroupLabel({ kind: "yesterday", key: "yesterday" }, "en")).toBe("Yesterday");
    expect(dateGroupLabel({ kind: "week", key: "week" }, "en")).toBe("This week");
    expect(dateGroupLabel({ kind: "month", key: "2026-10", year: 2026, month: 9 }, "en")).toBe("October 2026");
    expect(dateGroupLabel({ kind: "today", key: "today" }, "de")).toBe("Heute");
    expect(dateGroupLabel({ kind: "yesterday", key: "yesterday" }, "es")).toBe("Ayer");
    expect(dateGroupLabel({ kind: "month", key: "2026-10", year: 2026, month: 9 }, "fr")).toBe("Octobre 2026");
    expect(dateGroupLabel({ kind: "month", key: "2026-10", year: 2026, month: 9 }, "ja")).toBe("2026年10月");
    expect(dateGroupLabel({ kind: "week", key: "week" }, "zh")).toBe("本周");
  });
});
