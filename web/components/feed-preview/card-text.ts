import { TITLE_MAX } from "../../../contract/images.ts";

/**
 * The words under a previewed video: defaults a creator edits before judging. Nothing here pretends to be real
 * YouTube data; the title is the image's saved one, else suggested from it, the channel from the user's name.
 */

export const CHANNEL_MAX = 100;
export const DEFAULT_DURATION = "10:24";

// Straight, curly, guillemet and CJK corner quotes: a prompt's headline is what the user put in them.
const quoted = /["“”„«»「」『』]([^"“”„«»「」『』]{1,200})["“”„«»「」『』]|'([^']{2,200})'/u;

/**
 * The video title a thumbnail suggests: its headline, else the prompt's quoted words, else the prompt, within
 * YouTube's title limit. A headline drawn in capitals that says the quoted words takes the words as typed: capitals
 * are how the thumbnail shouts, not how a title is written.
 */
export function defaultTitle(prompt: string | null | undefined, headline?: string): string {
  const typed = quotedIn(prompt);
  const drawn = headline?.trim();
  const sameWords = drawn && typed && drawn.toLocaleLowerCase() === typed.toLocaleLowerCase();
  const text = ((sameWords ? typed : drawn) || typed || prompt || "").replace(/\s+/gu, " ").trim();
  return [...text].length > TITLE_MAX ? `${[...text].slice(0, TITLE_MAX - 1).join("").trimEnd()}…` : text;
}

function quotedIn(prompt: string | null | undefined): string | undefined {
  const match = prompt ? quoted.exec(prompt) : null;
  return (match?.[1] ?? match?.[2])?.trim() || undefined;
}

/** A channel name from an account: the part of the e-mail address before the @. */
export function channelFromEmail(email: string | undefined): string {
  return email?.split("@")[0]?.trim() ?? "";
}

/** A video length as YouTube writes it: m:ss or h:mm:ss, seconds and minutes below 60. */
export function isDuration(value: string): boolean {
  return /^(?:\d{1,2}:[0-5]\d|\d{1,2}:[0-5]\d:[0-5]\d)$/u.test(value.trim());
}

/** The letter of a channel's round avatar; YouTube draws the first letter when there is no picture. */
export function initialOf(name: string): string {
  return ([...name.trim()][0] ?? "?").toLocaleUpperCase();
}
