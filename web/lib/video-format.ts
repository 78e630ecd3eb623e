/**
 * Numbers of From your video as a person reads them, in their language (Intl): sizes ("412 MB"), durations
 * ("3 min"), counts ("1,800").
 */

const KB = 1000;
const MB = KB * 1000;
const GB = MB * 1000;

/** A size in the largest unit that keeps it above 1, with one decimal below 10 ("1.2 GB", "412 MB"). */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= GB ? [bytes / GB, "gigabyte"] : bytes >= MB ? [bytes / MB, "megabyte"] : bytes >= KB ? [bytes / KB, "kilobyte"] : [bytes, "byte"];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: value < 10 && unit !== "byte" ? 1 : 0 }).format(value);
}

/** A count with the language's grouping ("1,800", "1.800", "1 800"). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A duration rounded to what matters for a wait: seconds under a minute, minutes under an hour, then hours. */
export function formatDuration(ms: number, language: string): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const [value, unit] = seconds < 60 ? [seconds, "second"] : seconds < 3600 ? [Math.round(seconds / 60), "minute"] : [Math.round((seconds / 3600) * 10) / 10, "hour"];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/**
 * The time left of an upload at its average speed so far; undefined until there is a speed to go by (the first
 * second, or nothing sent yet since it started or resumed).
 */
export function uploadTimeLeftMs(sent: number, total: number, startedSent: number, elapsedMs: number): number | undefined {
  const moved = sent - startedSent;
  if (moved <= 0 || elapsedMs < 1000) return undefined;
  return ((total - sent) / moved) * elapsedMs;
}

/** Whole percent, never 100 before the end. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return done >= total ? 100 : Math.min(99, Math.floor((done / total) * 100));
}
