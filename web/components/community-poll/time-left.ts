const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'in 5 minutes', 'in 23 hours', 'in 3 days' in the reader's language (Intl words it), or null once the time has
 * come. Hours up to two days: "in 47 hours" reads closer than "in 2 days" for a poll of 48.
 */
export function timeLeft(iso: string, now: number, language: string): string | null {
  const until = Date.parse(iso) - now;
  if (!Number.isFinite(until) || until <= 0) return null;
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "long" });
  if (until < HOUR) return format.format(Math.max(1, Math.round(until / MINUTE)), "minute");
  if (until < 2 * DAY) return format.format(Math.round(until / HOUR), "hour");
  return format.format(Math.round(until / DAY), "day");
}
