/**
 * The headline a thumbnail shows, taken from the prompt: quoted text first — straight or curly, double or single,
 * « », „ “ or CJK corner brackets, always as a pair — else a short phrase with the request words ("make a …
 * thumbnail for") stripped. A quote mark without its partner is dropped, never drawn.
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

// Names whose capitals are part of the name: uppercasing them ("IPHONE") reads as a different word.
const BRANDS = new Map(
  ["iPhone", "iPad", "iOS", "macOS", "YouTube", "TikTok", "GitHub", "eBay", "iMac", "AirPods", "ChatGPT", "PlayStation", "LinkedIn", "WhatsApp"].map((b) => [b.toLowerCase(), b]),
);
const INTERNAL_CAPITAL = /\p{Ll}\p{Lu}/u;

// Phrases people put before the subject of a request; removing them leaves what the video is about.
const LEADING = [
  /^(please\s+)?(can you\s+|could you\s+)?(make|create|generate|design|draw|give me|i need|i want|build|do)\s+(me\s+)?/iu,
  /^(an?|the|some)\s+/iu,
  /^((youtube|yt|video|cool|bold|catchy|viral|eye-catching|clickbait|nice|great|simple|quick|new|realistic|cartoon|abstract|vintage|retro|minimal|square|vertical|horizontal|shorts|reels|tiktok|instagram)\s+)*/iu,
  /^(thumbnail|thumb|cover|image|picture|banner|poster)s?\s*/iu,
  /^(for|about|on|of|with|showing|that says|saying|titled|called)\s*:?\s+/iu,
  /^(my|our|a|an|the)\s+(video|vlog|stream|episode|short|reel|channel)\s+(about|on|of|called|titled)?\s*/iu,
  /^(my|our)\s+/iu,
];
const CJK_LEADING = [/^(请|請)?(帮我|幫我)?(做|生成|制作|製作|设计|設計|画|畫)(一个|一張|一张|个|張|张)?/u, /(的)?(缩略图|縮圖|封面|サムネイル|サムネ)(を作って|を作成して|をください)?[。！!]*$/u, /^(動画|视频|視頻)(の|的)?/u];

// How much of the prompt can become a headline at all; what fits on the image is text-fit's call, which sizes
// and breaks lines first and shortens with an ellipsis only when even that fails.
const MAX_LATIN_WORDS = 6;
const MAX_CJK_CHARS = 14;
export const ELLIPSIS = "…";

export type Script = "latin" | "cjk";

export interface Headline {
  text: string;
  script: Script;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function scriptOf(text: string): Script {
  return CJK.test(text) ? "cjk" : "latin";
}

export function headlineFromPrompt(prompt: string): Headline {
  const clean = prompt.replace(/\s+/gu, " ").trim();
  for (const pattern of QUOTED) {
    const quoted = pattern.exec(clean)?.[1]?.trim();
    if (quoted) return finish(quoted, true);
  }
  return finish(shortPhrase(clean), false);
}

function shortPhrase(prompt: string): string {
  // The first sentence or clause carries the topic; details after a period or dash are art direction.
  let phrase = prompt.split(/[.!?;\n。！？]|\s[-–—]\s/u)[0] ?? prompt;
  for (let pass = 0; pass < 2; pass++) {
    for (const pattern of LEADING) phrase = phrase.replace(pattern, "");
    for (const pattern of CJK_LEADING) phrase = phrase.replace(pattern, "");
  }
  // Trailing art direction such as ", in cartoon style" or "with a red background".
  phrase = phrase.replace(/\s*(,|\bin\s+\w+\s+style\b|\bwith\s+(a|an|the|my|me)\b|\bstyle\b).*$/iu, "").trim();
  return phrase || prompt;
}

function finish(text: string, quoted: boolean): Headline {
  const unquoted = text.replace(STRAY_QUOTES, "").replace(/\s+/gu, " ").trim();
  const script = scriptOf(unquoted);
  if (script === "cjk") {
    const chars = [...unquoted.replace(/\s+/gu, "")];
    const limit = quoted ? MAX_CJK_CHARS * 2 : MAX_CJK_CHARS;
    return { text: chars.slice(0, limit).join("") + (chars.length > limit ? ELLIPSIS : ""), script };
  }
  const words = unquoted.split(" ").filter(Boolean);
  const limit = quoted ? MAX_LATIN_WORDS * 2 : MAX_LATIN_WORDS;
  const kept = words.slice(0, limit).join(" ").replace(/[.,;:]+$/u, "");
  const upper = kept.split(" ").map(upperWord).join(" ");
  if (!upper) return { text: "WATCH THIS", script };
  return { text: words.length > limit ? upper + ELLIPSIS : upper, script };
}

/** Thumbnail headlines are set in capitals, except names whose own capitals are the point ("iPhone", "macOS"). */
export function upperWord(word: string): string {
  const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  const brand = BRANDS.get(core.toLowerCase());
  if (brand) return word.replace(core, brand);
  if (INTERNAL_CAPITAL.test(core)) return word;
  // toLocaleUpperCase("en") keeps ß→SS and no Turkish dotted-i surprises.
  return word.toLocaleUpperCase("en");
}
