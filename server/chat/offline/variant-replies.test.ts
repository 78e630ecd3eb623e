import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages.ts";
import { closingReply } from "./closing.ts";
import { renderReply } from "./replies.ts";

const ready = (id: string) => ({
  id,
  kind: "edited",
  status: "ready",
  prompt: "three versions",
  style: "cartoon",
  aspect: "1:1",
  model: "studio",
  width: 1080,
  height: 1080,
  creditsSpent: 1,
  error: null,
  errorCode: null,
  parentId: "00000000-0000-4000-8000-0000000000aa",
  packId: null,
  createdAt: "2026-11-27T00:00:00.000Z",
  urls: null,
});

const json = (value: unknown) => ({ type: "json" as const, value: value as never });

describe("what the assistant says about the current image laid out anew", () => {
  it("tells variants apart from new images of the prompt, and a re-lay by its frame, in every language", () => {
    const images = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"].map(ready);
    const variants = closingReply({ toolName: "varyImage", output: json({ images, creditsSpent: 2, creditsLeft: 8, changes: [] }) });
    const fromPrompt = closingReply({ toolName: "varyImage", output: json({ images, creditsSpent: 2, creditsLeft: 8, outcome: "from-prompt" }) });
    const relaid = closingReply({
      toolName: "editImage",
      output: json({ images: images.slice(0, 1), creditsSpent: 1, creditsLeft: 8, changes: [{ layer: "frame", property: "aspect", from: "16:9", to: "1:1" }, { layer: "headline", property: "x", from: 60, to: 300 }] }),
    });
    expect(variants).toMatchObject({ kind: "images", summary: { variants: "scene" } });
    expect(fromPrompt).toMatchObject({ kind: "images", summary: { variants: "from-prompt" } });
    expect(renderReply(variants, "en", 0)).toContain("2 new versions");
    expect(renderReply(fromPrompt, "en", 0)).toMatch(/from its prompt/);
    // The frame is what was asked; the moves it brings are not listed one by one.
    expect(renderReply(relaid, "en", 0)).toContain("Laid it out as a square.");
    expect(renderReply(relaid, "en", 0)).not.toMatch(/moved the headline/i);
    const said = languages.map((language) => [variants, fromPrompt, relaid].map((reply) => renderReply(reply, language, 0)).join(" "));
    expect(new Set(said).size).toBe(languages.length);
  });

  it("says plainly that a provider's picture cannot be laid out in another shape, and that nothing was charged", () => {
    const reply = closingReply({ toolName: "editImage", output: { type: "error-text", value: "unprocessable:relay: This image has no Studio scene to lay out again." } });
    expect(reply).toMatchObject({ kind: "tool-error", problem: "relay", credits: "not-spent" });
    expect(renderReply(reply, "en", 0)).toMatch(/^That picture wasn't drawn by the Studio.*No credits were spent\.$/);
    for (const language of languages) expect(renderReply(reply, language, 0).length).toBeGreaterThan(20);
  });
});
