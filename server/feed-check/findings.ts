import { type FeedSizeId, type FeedSizeResult, type FeedTheme, feedSizes, type Finding, type FixChanges, type ReadMethod } from "../../contract/feed-check.ts";
import { promptLanguage, topicHeadline } from "../../contract/headline-hook.ts";
import type { Language } from "../../contract/languages.ts";
import { CAP_FAIR, CAP_GOOD, CJK_FAIR, CJK_GOOD, CONTRAST_FAIR, CONTRAST_GOOD } from "../../contract/legibility.ts";
import { type Rect, type RenderedSlot, toSlot } from "./feed-slot.ts";
import type { OcrReading } from "./engine.ts";
import { darker, glanceDifference, luminance, overlapShare } from "./pixels.ts";
import type { SceneFacts } from "./scene-facts.ts";
import { misreadWords, normaliseText, repeatsTitle, words } from "./text-match.ts";

/** A share of the badge covered by the headline (or of a subject's face) from which it hides something that matters. */
export const UNDER_BADGE_SHARE = 0.2;
/** The subject's box under this share of the frame is lost at feed size. */
export const SMALL_SUBJECT_SHARE = 0.12;
/** Slots narrower than this (the up-next list and the phone's search list) are where a small subject is lost. */
export const SMALL_SLOT_WIDTH = 200;
/** Two pack images whose 32×18 glances differ by less than this look the same side by side in a feed. */
export const NEAR_IDENTICAL_DIFFERENCE = 0.03;
/** The top of a subject's box where the face is: what a badge must not cover. */
const FACE_SHARE = 0.35;

/** A short curiosity hook in the image's language, for a title that already says what the headline says. */
const curiosityHooks: Record<Language, string> = {
  en: "NOBODY EXPECTED THIS",
  es: "NADIE LO ESPERABA",
  fr: "PERSONNE NE S'Y ATTENDAIT",
  de: "DAMIT RECHNET KEINER",
  zh: "没人想到",
  ja: "誰も予想しなかった",
};

/** One size and theme of the check: its render, the words read there and the boxes taken for the headline. */
export interface SlotReading {
  size: FeedSizeId;
  theme: FeedTheme;
  slot: RenderedSlot;
  reading: OcrReading | undefined;
  /** The boxes the check treats as the headline in this slot: the scene's text box, else the words read. */
  headlineBoxes: Rect[];
}

export interface FindingInput {
  sizes: FeedSizeResult[];
  slots: SlotReading[];
  facts: SceneFacts | undefined;
  sceneScale: number;
  headline: string | null;
  title: string | null;
  prompt: string | null;
  method: ReadMethod;
  /** The mean colour behind the scene's headline at the largest size. */
  backdrop: [number, number, number] | undefined;
  siblings: { id: string; glance: Buffer }[];
  glance: Buffer;
}

const unique = (sizes: FeedSizeId[]): FeedSizeId[] => [...new Set(sizes)];
const round2 = (n: number) => Math.round(n * 100) / 100;
const fix = (id: NonNullable<Finding["fix"]>["id"], changes: FixChanges): Finding["fix"] => ({ id, changes });

/** What to mend, most serious first, each with the scene edit that mends it where there is one. */
export function buildFindings(input: FindingInput): Finding[] {
  const found = [smallHeadline, misread, lowContrast, underBadge, smallSubject, nearIdentical, repeatedTitle]
    .map((rule) => rule(input))
    .filter((f): f is Finding => f !== undefined);
  const unexplained = unreadable(input, found);
  const findings = unexplained ? [...found, unexplained] : found;
  return findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "fail" ? -1 : 1));
}

function smallHeadline({ sizes, facts, method }: FindingInput): Finding | undefined {
  const layer = facts?.headline;
  const [good, fair] = layer?.cjk ? [CJK_GOOD, CJK_FAIR] : [CAP_GOOD, CAP_FAIR];
  // Unread where the letters are small: a size finding. Unread though large is the contrast's or the spelling's.
  const unread = sizes.filter((s) => !s.reads && (s.capHeight === null ? method === "ocr" && s.width < 200 : s.capHeight < good));
  const small = sizes.filter((s) => s.capHeight !== null && s.capHeight < good);
  if (unread.length === 0 && small.length === 0) return undefined;
  const severity = unread.length > 0 || small.some((s) => (s.capHeight ?? 0) < fair) ? "fail" : "warn";
  const caps = [...unread, ...small].map((s) => s.capHeight).filter((c): c is number => c !== null);
  const smallest = caps.length > 0 ? Math.min(...caps) : undefined;
  const details: Finding["details"] = smallest === undefined ? {} : { capHeight: smallest, target: good };
  if (!layer) return { id: "small-headline", severity, sizes: unique([...unread, ...small].map((s) => s.size)), details, fix: null };
  // headlineScale is a factor on the current size, at most 2 per edit. A headline unread on a phone is doubled: OCR
  // and eyes alike need well past the least cap height once highlight colours and outlines blur together. One that
  // reads but is small grows to the good cap height. When the scale is spent, fewer words grow the letters.
  const unreadOnPhone = unread.some((s) => feedSizes[s.size].phone);
  const wanted = unreadOnPhone || smallest === undefined ? 2 : Math.ceil((good / smallest) * 10) / 10;
  const changes: FixChanges = layer.scale >= 4 ? { shorterHeadline: true } : { headlineScale: Math.min(2, Math.max(1.2, wanted)) };
  return { id: "small-headline", severity, sizes: unique([...unread, ...small].map((s) => s.size)), details, fix: fix("bigger-headline", changes) };
}

/**
 * Sizes that fail with no other finding saying why: OCR read nothing like the headline there, though the letters are
 * not known to be small, faint, misspelt or hidden. A size that fails is always explained, so the check never says
 * "does not read" without a reason. Bigger letters are the one edit that helps when there is a text layer to grow.
 */
function unreadable({ sizes, facts }: FindingInput, found: Finding[]): Finding | undefined {
  const covered = new Set(found.flatMap((f) => f.sizes));
  const failing = unique(sizes.filter((s) => s.verdict === "fail" && !covered.has(s.size)).map((s) => s.size));
  if (failing.length === 0) return undefined;
  const layer = facts?.headline;
  const mend = layer ? fix("bigger-headline", layer.scale >= 4 ? { shorterHeadline: true } : { headlineScale: 2 }) : null;
  return { id: "unreadable", severity: "fail", sizes: failing, details: {}, fix: mend };
}

/**
 * A picture without a scene whose words read back, at the sizes where they are large, as a near miss of the headline
 * it was asked for: the model drew it wrong. Only where the same wrong word is read at two slot sizes (two renders),
 * so OCR's own slips at one size are not blamed on the picture.
 */
function misread({ slots, facts, headline, method }: FindingInput): Finding | undefined {
  if (facts || method !== "ocr" || headline === null) return undefined;
  const large = slots.filter((s) => s.theme === "dark" && s.slot.width >= 300 && s.reading);
  const seen = new Map<string, { expected: string; sizes: FeedSizeId[]; renders: Set<string> }>();
  for (const s of large) {
    for (const miss of misreadWords(headline, s.reading!.text)) {
      const entry = seen.get(miss.read) ?? { expected: miss.expected, sizes: [], renders: new Set<string>() };
      entry.sizes.push(s.size);
      // Sizes of the same pixels (desktop home and search) share one render and one reading: they are one witness.
      entry.renders.add(`${s.slot.width}x${s.slot.height}`);
      seen.set(miss.read, entry);
    }
  }
  const consistent = [...seen].filter(([, e]) => e.renders.size >= 2);
  if (consistent.length === 0) return undefined;
  return {
    id: "misread",
    severity: "fail",
    sizes: unique(consistent.flatMap(([, e]) => e.sizes)),
    details: { misread: consistent.map(([read]) => read).join(" "), expected: consistent.map(([, e]) => e.expected).join(" ") },
    fix: fix("text-layer", { headline }),
  };
}

function lowContrast({ sizes, facts, backdrop }: FindingInput): Finding | undefined {
  const weak = sizes.filter((s) => s.contrast !== null && s.contrast < CONTRAST_GOOD);
  if (weak.length === 0) return undefined;
  const lowest = Math.min(...weak.map((s) => s.contrast!));
  const severity = lowest < CONTRAST_FAIR ? "fail" : "warn";
  const layer = facts?.headline;
  const details = { contrast: lowest, target: CONTRAST_GOOD };
  if (!layer) return { id: "low-contrast", severity, sizes: unique(weak.map((s) => s.size)), details, fix: null };
  const fill = layer.fill ? hexLuminance(layer.fill) : 1;
  // Light letters on a backdrop that is not dark: a darker backdrop helps them most; otherwise a heavier outline
  // in the colour opposite the letters.
  const backdropLuminance = backdrop ? luminance(...backdrop) : 0;
  const mend =
    fill >= 0.5 && backdrop && backdropLuminance > 0.1
      ? fix("darker-backdrop", { backgroundColor: darker(backdrop) })
      : fix("stronger-outline", { headlineOutlineColor: fill >= 0.5 ? "#000000" : "#ffffff", boost: true });
  return { id: "low-contrast", severity, sizes: unique(weak.map((s) => s.size)), details, fix: mend };
}

function hexLuminance(hex: string): number {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return Number.isNaN(value) ? 1 : luminance((value >> 16) & 255, (value >> 8) & 255, value & 255);
}

/** How much of the badge a box covers. */
const badgeCovered = (box: Rect, badge: Rect) => overlapShare(badge, box);

function underBadge({ slots, facts, sceneScale }: FindingInput): Finding | undefined {
  const hidden: { size: FeedSizeId; share: number; what: "headline" | "subject" }[] = [];
  for (const s of slots.filter((slot) => slot.theme === "dark")) {
    for (const box of s.headlineBoxes) {
      const share = badgeCovered(box, s.slot.badge);
      if (share >= UNDER_BADGE_SHARE) hidden.push({ size: s.size, share, what: "headline" });
    }
    for (const subject of facts?.subjects ?? []) {
      const face = toSlot({ x: subject.x * sceneScale, y: subject.y * sceneScale, w: subject.w * sceneScale, h: subject.h * FACE_SHARE * sceneScale }, s.slot.place);
      const share = badgeCovered(face, s.slot.badge);
      if (share >= UNDER_BADGE_SHARE) hidden.push({ size: s.size, share, what: "subject" });
    }
  }
  if (hidden.length === 0) return undefined;
  const headline = hidden.some((h) => h.what === "headline");
  const details = { overlap: round2(Math.max(...hidden.map((h) => h.share))), what: headline ? "headline" : "subject" };
  const sizes = unique(hidden.map((h) => h.size));
  const severity = headline && sizes.some((size) => feedSizes[size].phone) ? "fail" : "warn";
  if (!facts) return { id: "under-badge", severity, sizes, details, fix: null };
  const mend = headline ? fix("move-text", moveHeadline(facts)) : fix("move-text", { subjectPosition: "left" });
  return { id: "under-badge", severity, sizes, details, fix: mend };
}

/** Up when it sits low, else across to the left: the badge is always bottom right. */
function moveHeadline(facts: SceneFacts): FixChanges {
  const box = facts.headline?.box;
  if (!box) return { headlinePosition: "top" };
  return box.y + box.h / 2 > facts.height / 2 ? { headlinePosition: "top" } : { headlineSide: "left" };
}

function smallSubject({ facts, sizes }: FindingInput): Finding | undefined {
  if (!facts || facts.subjects.length === 0) return undefined;
  const share = Math.max(...facts.subjects.map((s) => (s.w * s.h) / (facts.width * facts.height)));
  if (share >= SMALL_SUBJECT_SHARE) return undefined;
  // Its share of the frame is the same at every size, but it is lost where the slot itself is small: the 168×94 ones.
  const lost = unique(sizes.filter((s) => s.width < SMALL_SLOT_WIDTH).map((s) => s.size));
  // No edit field makes a subject larger: the advice is to crop closer or frame it again.
  return { id: "small-subject", severity: "warn", sizes: lost, details: { share: round2(share) }, fix: null };
}

function nearIdentical({ siblings, glance }: FindingInput): Finding | undefined {
  const closest = siblings
    .map((s) => ({ id: s.id, difference: glanceDifference(glance, s.glance) }))
    .sort((a, b) => a.difference - b.difference || a.id.localeCompare(b.id))[0];
  if (!closest || closest.difference >= NEAR_IDENTICAL_DIFFERENCE) return undefined;
  return { id: "near-identical", severity: "warn", sizes: [], details: { sibling: closest.id, difference: round2(closest.difference) }, fix: null };
}

function repeatedTitle({ headline, title, prompt }: FindingInput): Finding | undefined {
  if (!headline || !title || !repeatsTitle(headline, title)) return undefined;
  const hook = complementaryHook(prompt, title, headline);
  return { id: "repeats-title", severity: "warn", sizes: [], details: { hook }, fix: fix("new-hook", { headline: hook }) };
}

/**
 * A headline that adds to the title rather than repeating it: the prompt's own hook without the title's words when
 * one is left, else a short curiosity hook in the headline's language. The same inputs give the same hook.
 */
export function complementaryHook(prompt: string | null, title: string, headline: string): string {
  if (prompt) {
    const titleWords = new Set(words(title));
    const rest = prompt
      .split(/\s+/u)
      .filter((word) => !titleWords.has(normaliseText(word)))
      .join(" ");
    const hook = topicHeadline(rest);
    if (hook && !repeatsTitle(hook, title) && normaliseText(hook) !== normaliseText(headline)) return hook;
  }
  return curiosityHooks[promptLanguage(headline)];
}
