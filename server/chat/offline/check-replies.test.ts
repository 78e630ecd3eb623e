import { describe, expect, it } from "vitest";
import type { FeedCheck, Finding } from "../../../contract/feed-check.ts";
import { languages } from "../../../contract/languages.ts";
import { checkResult } from "./check-replies.ts";

// The offline assistant's words for a feed check (docs/product/feed-check.md), in every language.
const base: FeedCheck = {
  imageId: "i",
  headline: "100 DAYS OF CODING",
  title: null,
  method: "scene",
  ocrLanguage: null,
  readsOnPhones: true,
  sizes: [{ size: "tv", theme: "dark", width: 427, height: 240, verdict: "pass", reads: true, readBack: null, distance: null, capHeight: 30, contrast: 8 }],
  findings: [],
  checkedAt: "2026-11-27T00:00:00.000Z",
};
const withFinding = (finding: Partial<Finding> & Pick<Finding, "id">): FeedCheck => ({ ...base, findings: [{ severity: "warn", sizes: [], details: {}, fix: null, ...finding }] });

describe("the check's reply", () => {
  it.each(languages)("never names an empty list of sizes (%s)", (language) => {
    const atTv = checkResult(withFinding({ id: "small-subject", sizes: ["tv"], details: { share: 0.05 } }), language);
    const nowhere = checkResult(withFinding({ id: "small-subject", sizes: [], details: { share: 0.05 } }), language);
    const [before, after] = atTv.split("427×240") as [string, string];
    // The same sentence with something, never nothing, where the sizes stood.
    expect(nowhere.startsWith(before) && nowhere.endsWith(after)).toBe(true);
    expect(nowhere.length).toBeGreaterThan(before.length + after.length);
  });

  it.each(languages)("says what the duration badge hides (%s)", (language) => {
    const headline = checkResult(withFinding({ id: "under-badge", sizes: ["tv"], details: { overlap: 0.5, what: "headline" } }), language);
    const subject = checkResult(withFinding({ id: "under-badge", sizes: ["tv"], details: { overlap: 0.5, what: "subject" } }), language);
    expect(subject).not.toBe(headline);
  });

  it.each(languages)("claims nothing read or unread when nothing was measured, and words 'unreadable' (%s)", (language) => {
    const unmeasured = { ...base, method: "none" as const, readsOnPhones: false, sizes: base.sizes.map((s) => ({ ...s, reads: false, verdict: "warn" as const })) };
    const measuredFailing = { ...unmeasured, method: "scene" as const };
    expect(checkResult(unmeasured, language)).not.toBe(checkResult(measuredFailing, language));
    const unreadable = checkResult(withFinding({ id: "unreadable", severity: "fail", sizes: ["tv"] }), language);
    expect(unreadable).toContain("427×240");
  });

  it("says so in English", () => {
    expect(checkResult(withFinding({ id: "small-subject", sizes: [], details: { share: 0.05 } }), "en")).toContain("Subject too small at every size.");
    expect(checkResult(withFinding({ id: "under-badge", sizes: ["tv"], details: { what: "subject" } }), "en")).toContain("The subject's face sits under the duration badge.");
    const none = checkResult({ ...base, method: "none", readsOnPhones: false, sizes: base.sizes.map((s) => ({ ...s, reads: false, verdict: "warn" })) }, "en");
    expect(none).toContain("The words were not checked");
    expect(none).not.toContain("does not read");
    const fixable = checkResult(withFinding({ id: "small-headline", severity: "fail", sizes: ["tv"], fix: { id: "bigger-headline", changes: { headlineScale: 2 } } }), "en");
    expect(fixable).toContain("free when only the headline changes");
  });
});
