const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Just now', '3 h ago', '2 d ago' in the reader's language: Intl words the units, the caller words 'Just now'.
 * Past a week the date itself reads better than a count of days.
 */
export function relativeTime(iso: string, now: number, language: string, justNow: string): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return "";
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "narrow" });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), "day");
  return new Intl.DateTimeFormat(language, { month: "short", day: "numeric" }).format(then);
}
