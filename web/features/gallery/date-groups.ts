/**
 * The gallery's date headings: Today, Yesterday, This week, then one per month, worded by Intl in the user's
 * language. Days and weeks are the viewer's local calendar; a week starts on Monday.
 */
export type DateGroup = { kind: "today" | "yesterday" | "week"; key: string } | { kind: "month"; key: string; year: number; month: number };

const DAY = 24 * 3600_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

export function dateGroupOf(at: Date, now: Date): DateGroup {
  const today = startOfDay(now);
  const day = startOfDay(at);
  if (day >= today) return { kind: "today", key: "today" };
  // Local midnights, not 24-hour steps: a day with a clock change is 23 or 25 hours long.
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day >= yesterday) return { kind: "yesterday", key: "yesterday" };
  const sinceMonday = (now.getDay() + 6) % 7;
  const monday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday));
  if (day >= monday && today - day < 7 * DAY) return { kind: "week", key: "week" };
  return { kind: "month", key: `${at.getFullYear()}-${at.getMonth() + 1}`, year: at.getFullYear(), month: at.getMonth() };
}

const capitalise = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** The heading of a group, e.g. "Today", "Yesterday", "This week", "October 2026" (or "heute", "2026年10月"…). */
export function dateGroupLabel(group: DateGroup, locale: string): string {
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  switch (group.kind) {
    case "today":
      return capitalise(relative.format(0, "day"), locale);
    case "yesterday":
      return capitalise(relative.format(-1, "day"), locale);
    case "week":
      return capitalise(relative.format(0, "week"), locale);
    default:
      return capitalise(new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(new Date(group.year, group.month, 1)), locale);
  }
}
