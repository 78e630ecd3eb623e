import {
  fallbackHeadlines,
  labelledHeadline,
  promptLanguage,
  type Script,
  scriptOf,
  topicHeadline,
  upperHeadline,
  upperWord,
} from "../../contract/headline-hook.ts";

/**
 * The headline a thumbnail shows, taken from the prompt: quoted text first — straight or curly, double or single,
 * « », „ “ or CJK corner brackets, always as a pair — else a short hook from the topic, without the request,
 * style or size words (contract/headline-hook.ts). A quote mark without its partner is dropped, never drawn.
 */
const QUOTED = [
  /"([^"]{2,80})"/u,
  /“([^”]{2,80})”/u,
  /「([^」]{1,60})」/u,
  /『([^』]{1,60})』/u,
  /«\s*([^»]{2,80}?)\s*»/u,
  /„([^“”]{2,80})[“”]/u,
  // Single quotes count only at word edges, so the apostrophe in "don't" never opens or closes a quotation.
  /(?<![\p{L}\p{N}])'(\S[^']{0,78}\S)'(?![\p{L}\p{N}])/u,
  /(?<![\p{L}\p{N}])‘(\S.{0,78}?\S)’(?![\p{L}\p{N}])/u,
];
// Quote marks left over once the pair (if any) is taken out; apostrophes inside a word are not among them.
const STRAY_QUOTES = /["“”„«»「」『』]|(?<![\p{L}\p{N}])['‘’]|['‘’](?![\p{L}\p{N}])/gu;

const LONE_OPENING = /["“„«「『]\s*([^"“”„«»「」『』]{2,80})$/u;

// How much quoted text can become a headline at all; what fits on the image is text-fit's call, which sizes and
// breaks lines first and shortens with an ellipsis only when even that fails.
const MAX_QUOTED_WORDS = 12;
const MAX_QUOTED_CJK_CHARS = 28;
export const ELLIPSIS = "…";

export { scriptOf, upperWord, type Script };

export interface Headline {
  text: string;
  script: Script;
}

export function headlineFromPrompt(prompt: string): Headline {
  const clean = prompt.replace(/\s+/gu, " ").trim();
  for (const pattern of QUOTED) {
    const quoted = pattern.exec(clean)?.[1]?.trim();
    if (quoted) return quotedHeadline(quoted);
  }
  // An opening quote with no partner still says where the creator's own words start: the rest of the prompt.
  const opened = LONE_OPENING.exec(clean)?.[1]?.trim();
  if (opened) return quotedHeadline(opened);
  const labelled = labelledHeadline(clean);
  if (labelled) return quotedHeadline(labelled);
  // Without a quoted headline, a short hook from the topic (contract/headline-hook.ts); a prompt that is only an
  // instruction gets a plain call to look, in its own language.
  const hook = topicHeadline(clean.replace(STRAY_QUOTES, " "));
  const text = hook ?? fallbackHeadlines[promptLanguage(clean)];
  return { text, script: scriptOf(text) };
}

function quotedHeadline(text: string): Headline {
  const unquoted = text.replace(STRAY_QUOTES, "").replace(/\s+/gu, " ").trim();
  const script = scriptOf(unquoted);
  if (script === "cjk") {
    const chars = [...unquoted.replace(/\s+/gu, "")];
    const limit = MAX_QUOTED_CJK_CHARS;
    return { text: chars.slice(0, limit).join("") + (chars.length > limit ? ELLIPSIS : ""), script };
  }
  const words = unquoted.split(" ").filter(Boolean);
  const limit = MAX_QUOTED_WORDS;
  const kept = words.slice(0, limit).join(" ").replace(/[.,;:]+$/u, "");
  const upper = upperHeadline(kept);
  return { text: words.length > limit ? upper + ELLIPSIS : upper, script };
}
