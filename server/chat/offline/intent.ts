import {
  type EditImageInput,
  type GeneratePackInput,
  type GenerateThumbnailInput,
  MAX_CHAT_MESSAGE_LENGTH,
  type PickImageInput,
  type ReplaceSubjectInput,
} from "../../../contract/chat.ts";
import { asksForPackNormalized } from "../../../contract/pack-request.ts";
import type { Language } from "../../../contract/languages.ts";
import { topicHeadline } from "../../../contract/headline-hook.ts";
import { readArtEdit } from "./art-words.ts";
import { editWordsFor } from "./edit-words.ts";
import type { Lexicon } from "./lexicon.ts";
import { looksLikeManipulation } from "./manipulation.ts";
import { choosesImage, readPickMove } from "./pick-words.ts";
import {
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
import { containsCjk, hasTerm, normalizeText } from "./text-match.ts";

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
}

export type ClarifyReason = "what-to-make" | "which-image" | "confirm-topic";

export type Intent =
  | { kind: "generate"; input: GenerateThumbnailInput }
  | { kind: "pack"; input: GeneratePackInput }
  | { kind: "edit"; input: EditImageInput }
  | { kind: "swap"; input: ReplaceSubjectInput }
  | { kind: "listPersonas" }
  | { kind: "pick"; input: PickImageInput }
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

type EditFields = Pick<EditImageInput, "headlineColor" | "headlineScale" | "headlinePosition" | "subjectPosition" | "headlineSide" | "backgroundColor" | "boost">;

/**
 * Changes only an existing image can take: colour, size and place of the headline, place of the subject, colour of the
 * background, and the make-it-pop recipe for vague asks.
 */
function readEditFields(normalized: string, lexicons: readonly Lexicon[], language: Language): EditFields {
  const aboutHeadline = any(lexicons, normalized, (lexicon) => lexicon.headline);
  const aboutSubject = any(lexicons, normalized, (lexicon) => lexicon.subject);
  const moving = any(lexicons, normalized, (lexicon) => lexicon.change);
  const words = editWordsFor(language);
  const aboutBackground = words.some((w) => hasTerm(normalized, w.background));
  const fields: EditFields = {};
  if (aboutHeadline) fields.headlineColor = extractColor(normalized, language);
  // "Make the background red": the colour is the background's unless the headline is named too.
  else if (aboutBackground) fields.backgroundColor = extractColor(normalized, language);
  if (words.some((w) => hasTerm(normalized, w.pop))) fields.boost = true;
  if (aboutHeadline || !aboutSubject) {
    if (any(lexicons, normalized, (lexicon) => lexicon.bigger)) fields.headlineScale = 1.3;
    else if (any(lexicons, normalized, (lexicon) => lexicon.smaller)) fields.headlineScale = 0.75;
  }
  // Places need a verb ("move", "put"): "credits left" or "that's right" move nothing.
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

  const handles = extractHandles(plain);
  const style = extractStyle(normalized, context.language);
  const aspect = extractAspect(normalized);
  const model = extractModel(normalized);
  const count = extractCount(normalized, context.language);
  const creates = any(lexicons, normalized, (lexicon) => lexicon.create);
  const imageNoun = any(lexicons, normalized, (lexicon) => lexicon.imageNouns);
  const fresh = any(lexicons, normalized, (lexicon) => lexicon.fresh);
  const details =
    handles.length > 0 || style !== undefined || aspect !== undefined || model !== undefined || headline !== undefined || count !== undefined;
  const asksToMake = creates || (imageNoun && (details || wordCount(normalized) >= 4));

  if (isCapabilityQuestion(normalized)) return { kind: "help" };
  if (!asksToMake && !details) {
    if (any(lexicons, normalized, (lexicon) => lexicon.help)) return { kind: "help" };
    if (any(lexicons, normalized, (lexicon) => lexicon.credits)) return { kind: "credits" };
    if (any(lexicons, normalized, (lexicon) => lexicon.personas)) return { kind: "listPersonas" };
  }

  const { lastGeneration } = context;
  const attachment = context.attachmentIds[0];
  // Asking for a picture ("a thumbnail about the latest iPhone") is never a move back; nor is a change named with it.
  const asksForPicture = creates && (imageNoun || wordCount(normalized) >= 5);
  // A count is left out: "第二张" reads as two images, but beside a move or a place it names an image, not a number.
  const named = handles.length > 0 || style !== undefined || aspect !== undefined || model !== undefined || headline !== undefined;
  const edits = named || asksForPicture || Object.keys(readEditFields(normalized, lexicons, context.language)).length > 0 || Object.keys(readArtEdit(plain, context.language)).length > 0;
  const picked = attachment === undefined ? readPick(normalized, context, edits) : undefined;
  if (picked) return { kind: "pick", input: picked };
  // "Give me three versions", "A/B pack", "3パターン作って": three variants for Test & Compare. Said alone, after a
  // thumbnail, it means three of that one; said alone first, there is nothing to make three of yet.
  const asksWhatItIs = normalized.endsWith("?") && !creates && count === undefined;
  if (asksForPackNormalized(normalized, context.language) && !asksWhatItIs) {
    // "Three versions with a blue headline" names no topic either: it asks for three of the last one.
    const bare = headline === undefined && (wordCount(normalized) <= 4 || topicHeadline(plain) === undefined);
    if (bare && lastGeneration) {
      const { count: _count, aspect: _aspect, ...previous } = lastGeneration;
      return { kind: "pack", input: compact({ ...previous, style: style ?? previous.style, model: model ?? previous.model }) };
    }
    if (bare && !attachment) return { kind: "clarify", reason: "what-to-make" };
    return {
      kind: "pack",
      input: compact({ prompt: text, headline, style, model, personaHandles: handles.length > 0 ? handles : undefined, baseImageId: attachment }),
    };
  }

  const again = any(lexicons, normalized, (lexicon) => lexicon.again);
  const changes = any(lexicons, normalized, (lexicon) => lexicon.change);
  // The size of a picture is chosen when it is made: "make it square" makes the last one again, square.
  const reshapes = aspect !== undefined && changes && !creates && !imageNoun;
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
      }),
    };
  };
  if (lastGeneration && wordCount(normalized) <= 5 && (again || reshapes)) return makeAgain(lastGeneration);

  const target = namedImage(text, normalized, context);
  const hasImage = target !== undefined || context.imageIds.length > 0;
  const fields = readEditFields(normalized, lexicons, context.language);
  // Objects drawn in the picture: "no emoji", "swap the controller for a trophy". Only an existing image has them.
  const art = readArtEdit(plain, context.language);
  const changesArt = Object.keys(art).length > 0;
  const instead = any(lexicons, normalized, (lexicon) => lexicon.instead);
  // "A new thumbnail with a yellow headline" is a new image even when one exists.
  const asksNew = imageNoun && (creates || fresh || count !== undefined);
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
        prompt: text,
        headline,
        style,
        aspect,
        model,
        personaHandles: handles.length > 0 ? handles : undefined,
        baseImageId: attachment,
        count: count !== undefined && count > 1 ? count : undefined,
      }),
    };
  }
  if (any(lexicons, normalized, (lexicon) => lexicon.thanks) && wordCount(normalized) <= 5) return { kind: "thanks" };
  if (any(lexicons, normalized, (lexicon) => lexicon.greetings) && wordCount(normalized) <= 4) return { kind: "greeting" };
  if (wordCount(normalized) >= 3 && !normalized.endsWith("?")) return { kind: "clarify", reason: "confirm-topic", topic: text.slice(0, 80) };
  return { kind: "clarify", reason: "what-to-make" };
}
