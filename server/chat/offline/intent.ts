import {
  type CheckImageInput,
  type CompareModelsInput,
  type EditImageInput,
  type GeneratePackInput,
  type GenerateThumbnailInput,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_VARIANTS,
  type PickImageInput,
  type ReplaceSubjectInput,
  type SetTitleInput,
  type VaryImageInput,
  type VideoHeadlinesInput,
} from "../../../contract/chat.ts";
import { asksForPackNormalized } from "../../../contract/pack-request.ts";
import type { Language } from "../../../contract/languages.ts";
import { topicHeadline } from "../../../contract/headline-hook.ts";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import { type ArtEdit, readArtEdit } from "./art-words.ts";
import { firstFix } from "./check-replies.ts";
import { asksForCheck, asksForFix } from "./check-words.ts";
import { asksForCompare, compareTopic, isBareCompare } from "./compare-words.ts";
import { editWordsFor } from "./edit-words.ts";
import type { Lexicon } from "./lexicon.ts";
import { looksLikeManipulation } from "./manipulation.ts";
import { asksModelText } from "./model-text-words.ts";
import { asksMyStyle, withoutMyStyle } from "./my-style-words.ts";
import { choosesImage, readPickMove } from "./pick-words.ts";
import {
  colorsAround,
  extractAspect,
  extractColor,
  extractCount,
  extractHandles,
  extractHeadline,
  extractModel,
  extractOrdinal,
  extractStyle,
  extractUuids,
  lexiconsFor,
  withoutQuotes,
} from "./message-details.ts";
import { containsCjk, hasTerm, normalizeText, termIndex } from "./text-match.ts";
import { readTitle } from "./title-words.ts";
import { readSpokenRequest, readVideoRequest, type VideoRequest } from "./video-words.ts";

/** What the conversation so far tells the intent reader. */
export interface IntentContext {
  language: Language;
  /** Every image this conversation has made, oldest first. */
  imageIds: readonly string[];
  /** The images of the latest batch, in order, for "the second one". */
  latestBatch: readonly string[];
  /** Uploads attached to this message. */
  attachmentIds: readonly string[];
  /** The user's previous message when the assistant answered it with a question instead of a tool. */
  pendingTopic?: string;
  /** What the conversation last asked generateThumbnail (or generatePack) for, for "again", "one more" and a bare "three versions". */
  lastGeneration?: GenerateThumbnailInput;
  /** The conversation's feed check, while no image came after it, for "fix it". */
  lastCheck?: FeedCheck;
}

/** "which-edit": an edit verb with nothing the Studio can change named ("fix it", "改一下"): the answer offers edits. */
export type ClarifyReason = "what-to-make" | "which-image" | "confirm-topic" | "which-edit";

export type Intent =
  | { kind: "generate"; input: GenerateThumbnailInput }
  | { kind: "pack"; input: GeneratePackInput }
  /** "Try this on every model": one image per model this server offers, side by side. */
  | { kind: "compare"; input: CompareModelsInput }
  | { kind: "edit"; input: EditImageInput }
  | { kind: "vary"; input: VaryImageInput }
  | { kind: "swap"; input: ReplaceSubjectInput }
  | { kind: "listPersonas" }
  | { kind: "pick"; input: PickImageInput }
  | { kind: "title"; input: SetTitleInput }
  | { kind: "check"; input: CheckImageInput }
  /** A frame of the user's video first (videoFrame), then what the message makes from it. */
  | { kind: "video"; request: VideoRequest }
  /** "What do I say at 2:31?": the words spoken there, and headlines from them. */
  | { kind: "spoken"; input: VideoHeadlinesInput }
  | { kind: "help" }
  | { kind: "credits" }
  | { kind: "greeting" }
  | { kind: "thanks" }
  | { kind: "refuse" }
  | { kind: "clarify"; reason: ClarifyReason; topic?: string };

const affirmatives = ["yes", "yeah", "yep", "sure", "ok", "okay", "go ahead", "do it", "si", "claro", "vale", "dale", "oui", "d'accord", "vas-y", "ja", "klar", "gerne", "mach", "是", "好", "好的", "可以", "行", "はい", "うん", "お願い", "どうぞ", "いいよ"];

/** Words of a capability question ("can you make thumbnails?"), which asks for no picture yet. */
const capabilityWords = new Set([
  "can", "could", "you", "u", "make", "create", "draw", "generate", "design", "do", "does", "also", "really", "thumbnails", "thumbnail",
  "images", "image", "pictures", "posters", "puedes", "podes", "hacer", "crear", "generar", "dibujar", "tambien", "miniaturas", "imagenes",
  "peux", "tu", "pouvez", "vous", "faire", "creer", "generer", "dessiner", "des", "miniatures", "kannst", "du", "konnen", "sie", "machen",
  "erstellen", "zeichnen", "auch", "bilder", "vorschaubilder",
]);

function isCapabilityQuestion(normalized: string): boolean {
  if (!normalized.endsWith("?") || containsCjk(normalized)) return false;
  const words = normalized.split(/[^\p{L}]+/u).filter(Boolean);
  return words.length > 0 && words.every((word) => capabilityWords.has(word));
}

function any(lexicons: readonly Lexicon[], normalized: string, pick: (lexicon: Lexicon) => readonly string[]): boolean {
  return lexicons.some((lexicon) => hasTerm(normalized, pick(lexicon)));
}

function wordCount(normalized: string): number {
  return containsCjk(normalized) ? Math.ceil(normalized.replace(/\s/g, "").length / 2) : normalized.split(" ").filter(Boolean).length;
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

type EditFields = Pick<
  EditImageInput,
  "headlineColor" | "headlineScale" | "headlinePosition" | "subjectPosition" | "headlineSide" | "backgroundColor" | "boost" | "headlineFont" | "shorterHeadline" | "headlineOutlineColor"
>;

/**
 * Changes only an existing image can take: colour, size, place, face and length of the headline, place of the
 * subject, colour of the background, and the make-it-pop recipe for vague asks.
 */
function readEditFields(normalized: string, lexicons: readonly Lexicon[], language: Language): EditFields {
  const aboutHeadline = any(lexicons, normalized, (lexicon) => lexicon.headline);
  // "Ich will die Überschrift links": the speaker of "I want" is not the subject to move.
  const aboutSubject = any(lexicons, normalized.replace(/\bich (?:will|mochte|brauche|hatte gerne?|wurde gerne?)\b/gu, " "), (lexicon) => lexicon.subject);
  const words = editWordsFor(language);
  const aboutBackground = words.some((w) => hasTerm(normalized, w.background));
  // Places need a verb ("move", "put") or, in a short follow-up, the layer they are for ("text at the bottom", "me on
  // the right"): "credits left", "that's right" or "a thumbnail of me on the left with my dog" move nothing.
  const layerNamed = (aboutHeadline || aboutSubject) && wordCount(normalized) <= 6 && !any(lexicons, normalized, (lexicon) => lexicon.imageNouns);
  const moving = layerNamed || any(lexicons, normalized, (lexicon) => lexicon.change);
  const fields: EditFields = {};
  const outlineAt = Math.max(-1, ...words.map((w) => termIndex(normalized, w.outline)));
  // "A black outline", "yellow text with a black outline": the colour said nearest the outline is the outline's.
  const { nearest, other } = outlineAt >= 0 ? colorsAround(normalized, language, outlineAt) : { nearest: undefined, other: extractColor(normalized, language) };
  fields.headlineOutlineColor = nearest;
  // "Yellow title and a black background": with both named and no outline, the colour said nearest the background is
  // the background's and the other one the headline's.
  const backgroundAt = aboutHeadline && aboutBackground && outlineAt < 0 ? Math.max(-1, ...words.map((w) => termIndex(normalized, w.background))) : -1;
  const split = backgroundAt >= 0 ? colorsAround(normalized, language, backgroundAt) : {};
  if (split.other) {
    fields.backgroundColor = split.nearest;
    fields.headlineColor = split.other;
  } else if (aboutHeadline) fields.headlineColor = other;
  // "Make the background red": the colour is the background's unless the headline is named too.
  else if (aboutBackground) fields.backgroundColor = other;
  if (words.some((w) => hasTerm(normalized, w.pop))) fields.boost = true;
  if (words.some((w) => hasTerm(normalized, w.lessText))) fields.shorterHeadline = true;
  // "A more elegant font" names a feel; "another font" only that it should change.
  if (words.some((w) => hasTerm(normalized, w.font.serif))) fields.headlineFont = "serif";
  else if (words.some((w) => hasTerm(normalized, w.font.bold))) fields.headlineFont = "bold";
  else if (words.some((w) => hasTerm(normalized, w.font.other))) fields.headlineFont = "other";
  // "A more fun font", "可爱点的字体": a feel the set has no face for still asks for a change of face.
  else if (words.some((w) => hasTerm(normalized, w.fontNames)) && words.some((w) => hasTerm(normalized, w.playful))) fields.headlineFont = "other";
  if ((aboutHeadline || !aboutSubject) && !fields.shorterHeadline) {
    if (any(lexicons, normalized, (lexicon) => lexicon.bigger)) fields.headlineScale = 1.3;
    else if (any(lexicons, normalized, (lexicon) => lexicon.smaller)) fields.headlineScale = 0.75;
  }
  if (moving) {
    const headlineFirst = aboutHeadline && !aboutSubject;
    if (any(lexicons, normalized, (lexicon) => lexicon.verticals.top) && (aboutHeadline || !aboutSubject)) fields.headlinePosition = "top";
    else if (any(lexicons, normalized, (lexicon) => lexicon.verticals.bottom) && (aboutHeadline || !aboutSubject)) fields.headlinePosition = "bottom";
    else if (headlineFirst && any(lexicons, normalized, (lexicon) => lexicon.sides.center)) fields.headlinePosition = "center";
    // "Move the text to the right" moves the headline; "move me to the right" the subject.
    const side = any(lexicons, normalized, (lexicon) => lexicon.sides.left) ? "left" : any(lexicons, normalized, (lexicon) => lexicon.sides.right) ? "right" : undefined;
    if (side && headlineFirst) fields.headlineSide = side;
    else if (side) fields.subjectPosition = side;
    else if (!headlineFirst && any(lexicons, normalized, (lexicon) => lexicon.sides.center)) fields.subjectPosition = "center";
  }
  return compact(fields);
}

const latinLanguages: readonly Language[] = ["en", "es", "fr", "de"];

/**
 * The edit fields and drawn-object edits a message names, read in its guessed language first. A short Latin-script
 * follow-up ("sin emojis", "ajoute un trophée") often gives too few words to guess its language from, so when that
 * reading finds nothing, the other Latin-script languages are tried in turn.
 */
function readEdits(plain: string, normalized: string, language: Language): { fields: EditFields; art: ArtEdit } {
  const candidates = containsCjk(normalized) ? [language] : [language, ...latinLanguages.filter((other) => other !== language)];
  for (const candidate of candidates) {
    const fields = readEditFields(normalized, lexiconsFor(candidate), candidate);
    const art = readArtEdit(plain, candidate);
    if (Object.keys(fields).length > 0 || Object.keys(art).length > 0) return { fields, art };
  }
  return { fields: {}, art: {} };
}

/**
 * A move to an image that already exists, when the words change nothing in it: "undo that", "the original was
 * better", "let's use the second one" (a batch's image by its place). Free, so it is read before any edit or remake.
 */
function readPick(normalized: string, context: IntentContext, edits: boolean): PickImageInput | undefined {
  if (edits || context.imageIds.length === 0) return undefined;
  const ordinal = extractOrdinal(normalized, context.language);
  // A place in a batch of one is no choice: "the first one" there is the first version.
  const chosen = context.latestBatch.length > 1 && ordinal !== undefined ? context.latestBatch[ordinal] : undefined;
  if (chosen && choosesImage(normalized, context.language)) return { imageId: chosen };
  const move = readPickMove(normalized);
  return move ? { move } : undefined;
}

function namedImage(text: string, normalized: string, context: IntentContext): string | undefined {
  const known = new Set(context.imageIds);
  const byId = extractUuids(text).find((id) => known.has(id));
  if (byId) return byId;
  const ordinal = extractOrdinal(normalized, context.language);
  return ordinal === undefined ? undefined : context.latestBatch[ordinal];
}

/**
 * What a user's message asks for, read from its words alone. Pure: the same message and context give the same
 * intent. Only the chat's image tools can come out of it, and only with what the user wrote (handles, ids of images
 * this conversation made or this message attached); anything else becomes a question or a refusal.
 */
export function readIntent(message: string, context: IntentContext): Intent {
  const normalized = normalizeText(withoutQuotes(message));
  if (context.pendingTopic && !looksLikeManipulation(normalized) && wordCount(normalized) <= 3 && hasTerm(normalized, affirmatives)) {
    return readMessage(context.pendingTopic, context, true);
  }
  return readMessage(message, context, false);
}

function readMessage(message: string, context: IntentContext, confirmed: boolean): Intent {
  const text = message.trim().slice(0, MAX_CHAT_MESSAGE_LENGTH);
  if (!text) return { kind: "clarify", reason: "what-to-make" };
  const headline = extractHeadline(text);
  const plain = withoutQuotes(text);
  const normalized = normalizeText(plain);
  const lexicons = lexiconsFor(context.language);
  if (looksLikeManipulation(normalized)) return { kind: "refuse" };
  // The video's title ("title: …") is the current image's, free; before any image there is nothing to give it to, and
  // the words are read as a request as before.
  const title = readTitle(text);
  if (title !== undefined && context.imageIds.length > 0) return { kind: "title", input: { title } };
  // "From the best moment of my video", "the frame at 1:05": the frame comes first, whatever is made from it.
  const spoken = readSpokenRequest(text);
  if (spoken) return { kind: "spoken", input: spoken };
  const video = readVideoRequest(text, context.language);
  if (video) return { kind: "video", request: video };
  // "Try this on every model", "compare models": said alone, the current image (or the one named, or the last prompt);
  // with a topic, that topic on every model.
  if (asksForCompare(normalized, context.language)) {
    if (!isBareCompare(normalized, context.language)) return { kind: "compare", input: { prompt: compareTopic(text, context.language) } };
    const named = namedImage(text, normalized, context);
    if (named !== undefined || context.imageIds.length > 0) return { kind: "compare", input: compact({ imageId: named }) };
    if (context.lastGeneration) return { kind: "compare", input: { prompt: context.lastGeneration.prompt } };
    return { kind: "clarify", reason: "what-to-make" };
  }

  const handles = extractHandles(plain);
  const style = extractStyle(normalized, context.language);
  const aspect = extractAspect(normalized);
  const model = extractModel(normalized);
  const count = extractCount(normalized, context.language);
  const creates = any(lexicons, normalized, (lexicon) => lexicon.create);
  const modelText = asksModelText(normalized) || undefined;
  const myStyle = asksMyStyle(normalized) || undefined;
  // The prompt a new thumbnail is made from: "in my style" picks the kit and is no part of the topic or headline.
  const topicText = myStyle ? withoutMyStyle(text) : text;
  const imageNoun = any(lexicons, normalized, (lexicon) => lexicon.imageNouns);
  const fresh = any(lexicons, normalized, (lexicon) => lexicon.fresh);
  const details =
    handles.length > 0 || style !== undefined || aspect !== undefined || model !== undefined || headline !== undefined || count !== undefined || myStyle !== undefined;
  const asksToMake = creates || (imageNoun && (details || wordCount(normalized) >= 4));

  if (isCapabilityQuestion(normalized)) return { kind: "help" };
  if (!asksToMake && !details) {
    if (any(lexicons, normalized, (lexicon) => lexicon.help)) return { kind: "help" };
    if (any(lexicons, normalized, (lexicon) => lexicon.credits)) return { kind: "credits" };
    // "人物放右边" names the person in the picture, not the personas: a place or a look makes it an edit.
    if (any(lexicons, normalized, (lexicon) => lexicon.personas) && Object.keys(readEdits(plain, normalized, context.language).fields).length === 0) return { kind: "listPersonas" };
  }

  const { lastGeneration } = context;
  const attachment = context.attachmentIds[0];
  const target = namedImage(text, normalized, context);
  const hasImage = target !== undefined || context.imageIds.length > 0;
  // Objects drawn in the picture ("no emoji", "swap the controller for a trophy") and the other layers' edits: only an
  // existing image has them.
  const { fields, art } = readEdits(plain, normalized, context.language);
  // "Une autre typo", "another font": the headline's face or length is an edit of this image, never a new one.
  const editsOnly = fields.headlineFont !== undefined || fields.shorterHeadline !== undefined;
  const changesArt = Object.keys(art).length > 0;
  const instead = any(lexicons, normalized, (lexicon) => lexicon.instead);
  // "A new thumbnail with a yellow headline" is a new image even when one exists.
  const asksNew = imageNoun && (creates || fresh || count !== undefined);
  /** The current image (or the one named) laid out anew `variants` times, with this message's changes in each. */
  const vary = (variants: number): Intent => ({
    kind: "vary",
    input: compact({ imageId: target, instruction: text, count: Math.min(MAX_VARIANTS, Math.max(1, variants)), headline, style, aspect, ...fields, ...art }),
  });

  // Asking for a picture ("a thumbnail about the latest iPhone") is never a move back; nor is a change named with it.
  const asksForPicture = creates && (imageNoun || wordCount(normalized) >= 5);
  // A count is left out: "第二张" reads as two images, but beside a move or a place it names an image, not a number.
  const named = handles.length > 0 || style !== undefined || aspect !== undefined || model !== undefined || headline !== undefined;
  const edits = named || asksForPicture || Object.keys(fields).length > 0 || changesArt;
  const picked = attachment === undefined ? readPick(normalized, context, edits) : undefined;
  if (picked) return { kind: "pick", input: picked };

  // "Check it", "will this read on mobile?": the feed check changes nothing and costs nothing, so it comes before any
  // edit; a message that names a change ("check it and make the headline bigger") is that edit.
  if (hasImage && !edits && attachment === undefined && asksForCheck(normalized)) return { kind: "check", input: compact({ imageId: target }) };
  // "Fix it" after a check: the check's own fix, on the image it looked at, through the same edit as any other.
  const fix = context.lastCheck && !edits && asksForFix(normalized) ? firstFix(context.lastCheck) : undefined;
  if (fix && context.lastCheck) return { kind: "edit", input: { ...fix.fix.changes, imageId: context.lastCheck.imageId, instruction: text } };

  // "Give me three versions", "A/B pack", "3パターン作って": three variants for Test & Compare. Said alone, after a
  // thumbnail, it means three variants of the current image, with every edit made to it; said alone first, there is
  // nothing to make three of yet.
  const asksWhatItIs = normalized.endsWith("?") && !creates && count === undefined;
  if (asksForPackNormalized(normalized, context.language) && !asksWhatItIs) {
    // "Three versions with a blue headline" names no topic either: it asks for three of the current one.
    const bare = headline === undefined && (wordCount(normalized) <= 4 || topicHeadline(plain) === undefined || Object.keys(fields).length > 0 || aspect !== undefined);
    if (bare && hasImage && !attachment) return vary(count ?? MAX_VARIANTS);
    if (bare && lastGeneration) {
      const { count: _count, aspect: _aspect, ...previous } = lastGeneration;
      return { kind: "pack", input: compact({ ...previous, style: style ?? previous.style, model: model ?? previous.model, myStyle: myStyle ?? previous.myStyle }) };
    }
    if (bare && !attachment) return { kind: "clarify", reason: "what-to-make" };
    return {
      kind: "pack",
      input: compact({ prompt: topicText, headline, style, model, personaHandles: handles.length > 0 ? handles : undefined, baseImageId: attachment, modelText, myStyle }),
    };
  }

  const again = any(lexicons, normalized, (lexicon) => lexicon.again);
  const more = any(lexicons, normalized, (lexicon) => lexicon.more);
  const changes = any(lexicons, normalized, (lexicon) => lexicon.change);
  const short = wordCount(normalized) <= 9 && headline === undefined && handles.length === 0 && !attachment && model === undefined;
  // "Square for Instagram", "for Shorts", "make it vertical": the same picture laid out for another frame. A picture
  // with a topic of its own ("square poster of a jazz trumpet") is a new one.
  const newTopic = imageNoun && topicHeadline(plain) !== undefined;
  if (hasImage && short && aspect !== undefined && !asksNew && !newTopic && !again && !more) {
    return { kind: "edit", input: compact({ imageId: target, instruction: text, style, aspect, ...fields, ...art }) };
  }
  // "Try again", "another one", "give me 2 more options": variants of the current image, which keep its edits.
  if (hasImage && short && (again || more) && !editsOnly) return vary(count ?? (more ? MAX_VARIANTS : 1));
  const makeAgain = (previousInput: GenerateThumbnailInput): Intent => {
    const { count: _previousCount, ...previous } = previousInput;
    return {
      kind: "generate",
      input: compact({
        ...previous,
        headline: headline ?? previous.headline,
        style: style ?? previous.style,
        aspect: aspect ?? previous.aspect,
        model: model ?? previous.model,
        personaHandles: handles.length > 0 ? handles : previous.personaHandles,
        count: count !== undefined && count > 1 ? count : undefined,
        myStyle: myStyle ?? previous.myStyle,
      }),
    };
  };
  // "Now in my style" names no new topic: the last thumbnail made again in the creator's style kit.
  if (myStyle && lastGeneration && headline === undefined && topicHeadline(plain) === undefined && !editsOnly) return makeAgain(lastGeneration);
  if (lastGeneration && wordCount(normalized) <= 5 && again && !editsOnly) return makeAgain(lastGeneration);

  const retouch =
    changes ||
    ((instead || target !== undefined) && (style !== undefined || headline !== undefined)) ||
    // A quoted headline alone retitles the last image, unless a size is named: an edit keeps the size, so "square
    // 'MIND = BLOWN'" asks for a new picture.
    (headline !== undefined && !imageNoun && handles.length === 0 && aspect === undefined);
  const wantsEdit = !asksNew && (Object.keys(fields).length > 0 || changesArt || (!creates && !fresh && retouch));

  // One persona and a swap word, with a photo to put it in: "put @astro into this photo".
  // "Put @me on the left" moves the subject instead: any edit field makes it an edit.
  const placesSubject = any(lexicons, normalized, (lexicon) => [...lexicon.sides.left, ...lexicon.sides.right, ...lexicon.sides.center]);
  const swaps = handles.length === 1 && Object.keys(fields).length === 0 && !placesSubject && !asksNew && any(lexicons, normalized, (lexicon) => lexicon.swap);
  if (swaps && (attachment !== undefined || hasImage)) {
    return { kind: "swap", input: compact({ personaHandle: handles[0] as string, baseImageId: attachment ?? target, model }) };
  }

  // "Fix it", "改一下": an edit verb and nothing the Studio can change. A question that offers edits beats an image
  // that changes nothing; a provider model's image takes the words as they are, so it is edited from them.
  const namesNothing = Object.keys(fields).length === 0 && !changesArt && headline === undefined && style === undefined;
  const studioImage = (lastGeneration?.model ?? "studio") === "studio";
  if (wantsEdit && hasImage && namesNothing && studioImage && target === undefined) return { kind: "clarify", reason: "which-edit" };
  if (wantsEdit && hasImage) {
    return { kind: "edit", input: compact({ imageId: target, instruction: text, headline, style, ...fields, ...art }) };
  }
  if (wantsEdit && !attachment) return { kind: "clarify", reason: "which-image" };

  // A follow-up that names no topic ("same thing but for shorts", "now in cartoon style") is an instruction about the
  // last generation, never the words of a new headline.
  if (headline === undefined && !attachment && handles.length === 0 && (asksToMake || details) && topicHeadline(plain) === undefined) {
    if (lastGeneration && (details || again || fresh)) return makeAgain(lastGeneration);
    if (!confirmed) return { kind: "clarify", reason: "what-to-make" };
  }
  if (asksToMake || details || attachment || confirmed) {
    return {
      kind: "generate",
      input: compact({
        prompt: topicText,
        headline,
        style,
        aspect,
        model,
        personaHandles: handles.length > 0 ? handles : undefined,
        baseImageId: attachment,
        count: count !== undefined && count > 1 ? count : undefined,
        modelText,
        myStyle,
      }),
    };
  }
  if (any(lexicons, normalized, (lexicon) => lexicon.thanks) && wordCount(normalized) <= 5) return { kind: "thanks" };
  if (any(lexicons, normalized, (lexicon) => lexicon.greetings) && wordCount(normalized) <= 4) return { kind: "greeting" };
  if (wordCount(normalized) >= 3 && !normalized.endsWith("?")) return { kind: "clarify", reason: "confirm-topic", topic: text.slice(0, 80) };
  return { kind: "clarify", reason: "what-to-make" };
}
