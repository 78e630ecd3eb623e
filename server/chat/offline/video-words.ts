import type { VideoFrameInput } from "../../../contract/chat.ts";
import { PACK_SIZE } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { extractHandles, extractHeadline, extractStyle, withoutQuotes } from "./message-details.ts";
import { hasTerm, normalizeText } from "./text-match.ts";

/**
 * A message about the user's video (docs/product/videos.md, In the chat), in the six languages: "make a thumbnail from
 * the best moment of my video", "use the frame at 1:05", "three versions from different moments", "swap @me into this
 * frame", "use my video". The frame is taken first (videoFrame, free); what comes after it is the follow-up.
 */
interface VideoWords {
  /** Working from the video ("from my video", "use my video"); "a thumbnail for my video about…" is not one. */
  video: readonly string[];
  /** A moment of it ("the frame at 1:05"): with a time, a message is about the video even without naming it. */
  frame: readonly string[];
  /** Frames from different moments: three of the best, made into an A/B pack. */
  differentMoments: readonly string[];
  /** "This frame": the frame the message is about. */
  thisFrame: readonly string[];
  /** Putting a persona into the frame. */
  swap: readonly string[];
  /** Making a persona of the frame's subject ("cut me out", "a persona"): read before a swap. */
  persona: readonly string[];
  /** Making something: with one @handle and "this frame" or a time, and no thumbnail, "make @me from this frame". */
  make: readonly string[];
  /** A thumbnail: "make a thumbnail with @me from this frame" is not a persona. */
  thumbnail: readonly string[];
  /** Finding or showing the frames, nothing made ("find the best frames of my video", what the composer sends with a video alone). */
  find: readonly string[];
}

const words: Record<Language, VideoWords> = {
  en: {
    video: ["from my video", "of my video", "in my video", "use my video", "from the video", "of the video", "from this video", "use the video", "use this video", "my video's"],
    frame: ["frame", "moment", "scene", "shot", "second", "timestamp"],
    differentMoments: ["different moments", "different frames", "different scenes", "three moments", "3 moments", "three frames", "3 frames"],
    thisFrame: ["this frame", "that frame", "this moment", "this shot"],
    swap: ["swap", "put", "replace", "place", "insert"],
    persona: ["persona", "cut me out", "cut out"],
    make: ["make", "create", "turn"],
    thumbnail: ["thumbnail", "thumb"],
    find: ["find the best frames", "best frames of my video", "show me the best frames", "find frames", "show the frames"],
  },
  es: {
    video: ["de mi video", "usa mi video", "del video", "de este video", "usa el video", "en mi video", "usa este video"],
    frame: ["fotograma", "momento", "escena", "toma", "cuadro", "segundo"],
    differentMoments: ["momentos distintos", "distintos momentos", "diferentes momentos", "momentos diferentes", "tres momentos", "3 momentos", "tres fotogramas"],
    thisFrame: ["este fotograma", "ese fotograma", "este momento", "esta escena"],
    swap: ["cambia", "pon", "ponme", "mete", "reemplaza", "sustituye"],
    persona: ["persona", "recortame", "recorta"],
    make: ["haz", "hazme", "crea"],
    thumbnail: ["miniatura"],
    find: ["encuentra los mejores fotogramas", "mejores fotogramas de mi", "muestrame los mejores fotogramas"],
  },
  fr: {
    video: ["de ma video", "utilise ma video", "de la video", "dans ma video", "de cette video", "utilise la video", "utilise cette video"],
    frame: ["moment", "scene", "plan", "passage", "photogramme", "seconde"],
    differentMoments: ["moments differents", "differents moments", "trois moments", "3 moments", "scenes differentes", "differentes scenes"],
    // Not "cette image": that is any picture ("mets @alex dans cette image" swaps into the attached photo).
    thisFrame: ["ce moment", "ce plan", "cette scene", "cette frame"],
    swap: ["mets", "mettre", "remplace", "echange", "place", "insere"],
    persona: ["persona", "decoupe-moi", "decoupe"],
    make: ["fais", "cree", "creer"],
    thumbnail: ["miniature"],
    find: ["trouve les meilleures images", "meilleures images de ma", "montre-moi les meilleures images"],
  },
  de: {
    video: ["aus meinem video", "in meinem video", "nimm mein video", "nutze mein video", "verwende mein video", "aus dem video", "aus diesem video", "meines videos"],
    frame: ["frame", "moment", "szene", "standbild", "stelle", "sekunde"],
    differentMoments: ["verschiedenen momenten", "verschiedene momente", "verschiedenen stellen", "verschiedenen szenen", "drei momente", "drei momenten", "3 momente"],
    // Not "dieses Bild": that is any picture ("setze @alex in dieses Bild" swaps into the attached photo).
    thisFrame: ["diesem frame", "diesen frame", "dieses standbild", "diesem standbild", "diesem moment", "dieser szene", "diese szene"],
    swap: ["setze", "tausche", "ersetze", "pack", "packe", "fuge"],
    persona: ["persona", "schneide", "ausschneiden"],
    make: ["mach", "mache", "erstelle"],
    thumbnail: ["thumbnail", "vorschaubild"],
    find: ["finde die besten bilder", "besten bilder meines", "zeig mir die besten bilder"],
  },
  zh: {
    video: ["视频里", "视频中", "从视频", "用我的视频", "用视频", "视频的画面"],
    frame: ["画面", "帧", "时刻", "镜头", "秒"],
    differentMoments: ["不同时刻", "不同的时刻", "不同画面", "不同的画面", "三个时刻", "三个画面", "3个时刻"],
    thisFrame: ["这个画面", "这一帧", "这帧", "这个镜头"],
    swap: ["换成", "替换", "放进", "放到", "放入", "换进"],
    persona: ["人设", "抠出", "抠图"],
    make: ["做", "做成", "创建"],
    thumbnail: ["缩略图", "封面"],
    find: ["找出我的视频", "最好的画面", "找出最好的画面"],
  },
  ja: {
    video: ["動画から", "動画を使", "動画の一番", "この動画の", "動画のフレーム", "動画の場面"],
    frame: ["フレーム", "場面", "シーン", "瞬間", "秒"],
    differentMoments: ["違う場面", "別の場面", "異なる場面", "違う瞬間", "3つの場面", "三つの場面", "別々の場面"],
    thisFrame: ["このフレーム", "この場面", "このシーン", "この瞬間"],
    swap: ["入れ替え", "差し替え", "入れて", "はめ込", "置き換え"],
    persona: ["ペルソナ", "切り抜"],
    make: ["作って", "作成"],
    thumbnail: ["サムネ"],
    find: ["ベストフレームを見つけ", "のベストフレーム", "ベストフレームを見せ"],
  },
};

/** What follows the frame: a thumbnail from it, a persona swapped into it or made from it, or a pack from three of them. */
export type VideoFollowUp = { tool: "none" } | { tool: "generate" } | { tool: "swap"; handle: string } | { tool: "pack" } | { tool: "persona"; handle?: string };

export interface VideoRequest {
  frame: VideoFrameInput;
  next: VideoFollowUp;
  /** The user's words, the prompt of what is made from the frame, and the headline they quoted. */
  prompt: string;
  headline?: string | undefined;
  style?: ReturnType<typeof extractStyle>;
}

/** "1:05", "0:03", "1:02:03", "at 65s" / "65 秒": the first time a message names. */
const clockPattern = /(?<![\d:])(\d{1,2}:\d{2}(?::\d{2})?(?:\.\d{1,3})?)(?![\d:])/u;
const secondsPattern = /(?<![\d:.])(\d{1,4})\s*(?:s|sec|secs|seconds?|segundos?|secondes?|sekunden?|秒)(?![\p{L}])/u;

function timeIn(text: string): string | undefined {
  const clock = clockPattern.exec(text)?.[1];
  if (clock) return clock;
  const seconds = secondsPattern.exec(text)?.[1];
  return seconds ? `${seconds}s` : undefined;
}

/** The words of every language that can be read in a message: its guessed one first, then the others. */
function anyLanguage(normalized: string, language: Language, pick: (w: VideoWords) => readonly string[]): boolean {
  return hasTerm(normalized, pick(words[language])) || Object.values(words).some((w) => hasTerm(normalized, pick(w)));
}

/**
 * "Make @me from this frame", "cut me out of this frame as @me", "make a persona from the frame at 1:05": a persona of
 * the frame's subject. A make word counts only with one handle and the frame named, and never with a thumbnail or swap.
 */
function asksForPersona(normalized: string, language: Language, handleCount: number, timed: boolean): boolean {
  if (anyLanguage(normalized, language, (w) => w.swap) || anyLanguage(normalized, language, (w) => w.thumbnail)) return false;
  if (anyLanguage(normalized, language, (w) => w.persona)) return true;
  const namesFrame = timed || anyLanguage(normalized, language, (w) => w.thisFrame);
  return handleCount === 1 && namesFrame && anyLanguage(normalized, language, (w) => w.make);
}

/**
 * A request to work from the user's video, or undefined when the message is about something else. Only the video's
 * frames come out of it: the follow-up is a tool of the chat's own, with the user's words as its prompt.
 */
export function readVideoRequest(message: string, language: Language): VideoRequest | undefined {
  const plain = withoutQuotes(message);
  const normalized = normalizeText(plain);
  const time = timeIn(plain);
  const aboutVideo = anyLanguage(normalized, language, (w) => w.video);
  const aboutFrame = anyLanguage(normalized, language, (w) => w.thisFrame) || (time !== undefined && anyLanguage(normalized, language, (w) => w.frame));
  const different = anyLanguage(normalized, language, (w) => w.differentMoments);
  const finds = anyLanguage(normalized, language, (w) => w.find);
  if (!aboutVideo && !aboutFrame && !different && !finds) return undefined;

  const handles = extractHandles(plain);
  const base = { prompt: message.trim(), headline: extractHeadline(message), style: extractStyle(normalized, language) };
  if (different) return { ...base, frame: { moment: "best", count: PACK_SIZE }, next: { tool: "pack" } };
  const frame: VideoFrameInput = { moment: time ?? "best" };
  const [handle] = handles;
  if (asksForPersona(normalized, language, handles.length, time !== undefined)) return { ...base, frame, next: { tool: "persona", ...(handle ? { handle: handle.toLowerCase() } : {}) } };
  if (handles.length === 1 && handle && anyLanguage(normalized, language, (w) => w.swap)) return { ...base, frame, next: { tool: "swap", handle } };
  // "Find the best frames of my video": the frames are what it asks for; nothing is made (and nothing charged).
  const makes = anyLanguage(normalized, language, (w) => w.make) || anyLanguage(normalized, language, (w) => w.thumbnail);
  if (time === undefined && !makes && finds) return { ...base, frame, next: { tool: "none" } };
  return { ...base, frame, next: { tool: "generate" } };
}

/** "What do I say at 2:31?": what is said around a moment, in the six languages. */
const spokenWords: readonly string[] = [
  "what do i say", "what am i saying", "what did i say", "what i say", "what is said", "what's said",
  "que digo", "que dije", "que estoy diciendo", "lo que digo",
  "qu'est-ce que je dis", "qu'est ce que je dis", "que dis-je", "ce que je dis", "qu'est-ce que je raconte",
  "was sage ich", "was hab ich gesagt", "was habe ich gesagt", "was ich sage",
  "我说了什么", "我在说什么", "我说的是什么", "说了什么",
  "何て言って", "何を言って", "なんて言って", "何と言って",
];

/** A question about what is said at a time of the video, or undefined. */
export function readSpokenRequest(message: string): { at: string } | undefined {
  const plain = withoutQuotes(message);
  const at = timeIn(plain);
  return at !== undefined && hasTerm(normalizeText(plain), spokenWords) ? { at } : undefined;
}
