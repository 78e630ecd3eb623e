import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages.ts";
import { renderReply, type Reply, type ToolProblem } from "./replies.ts";

const problems: ToolProblem[] = ["credits", "persona", "image", "refused", "model", "busy", "unavailable", "invalid", "unknown"];

const headlineYellow = { layer: "headline", property: "color", from: "#ffffff", to: "#ffd60a" } as const;
const replies: Reply[] = [
  { kind: "lead-generate", count: 1 },
  { kind: "lead-generate", count: 1, style: "vintage" },
  { kind: "lead-generate", count: 3, style: "cartoon" },
  { kind: "lead-generate", count: 1, headline: "PAID OFF $50,000" },
  { kind: "lead-pack", headline: "30 TAGE OHNE ZUCKER" },
  { kind: "lead-edit" },
  ...(["headline-color", "headline-size", "headline-place", "headline-text", "subject-place", "style"] as const).map((focus): Reply => ({ kind: "lead-edit", focus })),
  { kind: "lead-edit", art: { artAdd: "fire" } },
  { kind: "lead-edit", art: { artRemove: "trophée" } },
  { kind: "lead-edit", art: { artRemove: "手柄", artAdd: "奖杯" } },
  { kind: "lead-edit", art: { artRemove: "all" } },
  { kind: "lead-edit", art: { artRemove: "all", artAdd: "ロケット" } },
  { kind: "lead-personas" },
  { kind: "help" },
  { kind: "credits", credits: 7 },
  { kind: "credits" },
  { kind: "greeting" },
  { kind: "thanks" },
  { kind: "refuse" },
  { kind: "clarify", reason: "what-to-make" },
  { kind: "clarify", reason: "which-image" },
  { kind: "clarify", reason: "which-edit" },
  { kind: "clarify", reason: "confirm-topic", topic: "🐱🚀" },
  { kind: "tool-missing" },
  { kind: "images", summary: { ready: 1, pending: 0, failed: 0, spent: 1, left: 9 } },
  { kind: "images", summary: { ready: 2, pending: 1, failed: 1, spent: 12, left: 0 } },
  { kind: "images", summary: { ready: 0, pending: 0, failed: 0, spent: 0, left: 3 } },
  { kind: "images", summary: { ready: 1, pending: 0, failed: 0, spent: 0, left: 3, changes: [headlineYellow] } },
  ...(["unknown-word", "not-shown", "full", "no-subject"] as const).map((artProblem): Reply => ({ kind: "images", summary: { ready: 0, pending: 0, failed: 1, spent: 0, left: 3, artProblem } })),
  { kind: "personas", personas: [{ handle: "alex", name: "Alex" }] },
  { kind: "personas", personas: [] },
  ...problems.map((problem): Reply => ({ kind: "tool-error", problem, credits: "refunded" })),
  { kind: "tool-error", problem: "credits", credits: "not-spent" },
  { kind: "tool-error", problem: "busy", credits: "none" },
  { kind: "denied" },
];

const englishOnly = /\b(the|your|you|done|ready|sorry|please|left|here|want|with|made|spent|failed|refunded|couldn't|can't|shall|should)\b/i;
const seeds = [0, 1, 2, 3, 17, 4242, 99991, 123456789];

describe("renderReply", () => {
  it.each(languages)("says every reply in %s, with no English outside English", (language) => {
    for (const reply of replies) {
      for (const seed of seeds) {
        const text = renderReply(reply, language, seed);
        expect(text.trim().length, `${reply.kind} ${seed}`).toBeGreaterThan(0);
        expect(text, `${reply.kind} ${seed}`).not.toMatch(/undefined|NaN|\{|\}/);
        if (language !== "en") expect(text, `${reply.kind} ${seed}`).not.toMatch(englishOnly);
      }
    }
  });

  it.each(languages)("varies its phrasing in %s", (language) => {
    for (const reply of replies.filter((candidate) => ["lead-generate", "lead-edit", "greeting", "refuse", "clarify"].includes(candidate.kind))) {
      const texts = new Set(Array.from({ length: 40 }, (_, seed) => renderReply(reply, language, seed * 7919)));
      expect(texts.size, `${reply.kind}`).toBeGreaterThan(1);
    }
  });

  it.each(languages)("names the drawn objects of an art edit as the user wrote them in %s", (language) => {
    for (const seed of seeds) {
      expect(renderReply({ kind: "lead-edit", art: { artAdd: "Feuer" } }, language, seed)).toContain("Feuer");
      expect(renderReply({ kind: "lead-edit", art: { artRemove: "mando" } }, language, seed)).toContain("mando");
      const swap = renderReply({ kind: "lead-edit", art: { artRemove: "controller", artAdd: "トロフィー" } }, language, seed);
      expect(swap).toContain("controller");
      expect(swap).toContain("トロフィー");
      expect(renderReply({ kind: "lead-edit", art: { artRemove: "all" } }, language, seed)).not.toMatch(/\ball\b/);
    }
  });

  // How each language says it will try something: an edit's lead-in goes out before the edit runs.
  const attempt = { en: /\btry\b/, es: /intent|prob|prueb/, fr: /essa[iy]/, de: /versuch|probier/, zh: /试/, ja: /てみ/ } as const;
  const editLeads = replies.filter((reply) => reply.kind === "lead-edit");

  it.each(languages)("says an edit's lead-in as an attempt in %s, so an edit that changes nothing is never claimed", (language) => {
    for (const lead of editLeads) {
      for (let seed = 0; seed < 40; seed++) {
        expect(renderReply(lead, language, seed * 7919), `${JSON.stringify(lead)} ${seed}`).toMatch(attempt[language]);
      }
    }
  });

  it("names the chosen headline and the words to change it, in each language", () => {
    const howToChange = { en: "headline: your text", es: "titular: tu texto", fr: "titre : votre texte", de: "Überschrift: dein Text", zh: "标题：你的文字", ja: "見出し：好きな言葉" };
    for (const language of languages) {
      for (let seed = 0; seed < 6; seed++) {
        const text = renderReply({ kind: "lead-generate", count: 1, headline: "PAID OFF $50,000" }, language, seed);
        expect(text, `${language} ${seed}`).toContain("PAID OFF $50,000");
        expect(text, `${language} ${seed}`).toContain(howToChange[language]);
      }
    }
    expect(renderReply({ kind: "lead-generate", count: 1 }, "en", 1)).not.toContain("headline");
  });

  it("answers an edit it cannot place with a question that offers edits it can make, in each language", () => {
    const edits = { en: /headline|background|text|font/g, es: /titular|fondo|texto|fuente/g, fr: /titre|fond|texte|police/g, de: /Überschrift|Hintergrund|Text|Schrift/g, zh: /标题|背景|文字|字体/g, ja: /見出し|背景|文字|フォント/g };
    for (const language of languages) {
      for (const seed of seeds) {
        const text = renderReply({ kind: "clarify", reason: "which-edit" }, language, seed);
        expect(text, `${language} ${seed}`).toMatch(/[?？]/);
        expect(new Set(text.match(edits[language])).size, `${language} ${seed}: ${text}`).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it.each(languages)("says an edit of the headline alone was free in %s, and never an edit of the picture or a refunded one", (language) => {
    const free = { en: /free|no credits/i, es: /gratis|no costó/, fr: /gratuit|aucun crédit/i, de: /kostenlos|keine Credits/, zh: /免费|没有消耗/, ja: /無料|使っていません/ } as const;
    for (const seed of seeds) {
      expect(renderReply({ kind: "images", summary: { ready: 1, pending: 0, failed: 0, spent: 0, left: 3, changes: [headlineYellow] } }, language, seed)).toMatch(free[language]);
      const background = { layer: "background", property: "color", from: "#1d3557", to: "#e63946" } as const;
      expect(renderReply({ kind: "images", summary: { ready: 1, pending: 0, failed: 0, spent: 1, left: 2, changes: [background] } }, language, seed)).not.toMatch(free[language]);
      expect(renderReply({ kind: "images", summary: { ready: 0, pending: 0, failed: 1, spent: 0, refunded: 1, left: 3, changes: [headlineYellow] } }, language, seed)).not.toMatch(free[language]);
    }
  });

  it("puts the numbers into the closing answer", () => {
    expect(renderReply({ kind: "images", summary: { ready: 1, pending: 0, failed: 0, spent: 1, left: 9 } }, "en", 5)).toMatch(/1 credit\b.*9 credits/);
    expect(renderReply({ kind: "images", summary: { ready: 1, pending: 0, failed: 0, spent: 4, left: 6 } }, "de", 5)).toMatch(/4 Credits.*6 Credits/);
    expect(renderReply({ kind: "credits", credits: 7 }, "zh", 1)).toContain("7 积分");
    expect(renderReply({ kind: "tool-error", problem: "refused", credits: "refunded" }, "fr", 1)).toContain("Vos crédits vous ont été rendus.");
  });
});
