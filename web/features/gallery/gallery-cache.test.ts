import { describe, expect, it } from "vitest";
import { imageRecord } from "../../testing/image-fixture.ts";
import { type GalleryPages, noFilters } from "./api.ts";
import { matchesFilters, withImage, withoutImage } from "./gallery-cache.ts";

const pages = (ids: string[][]): GalleryPages => ({
  pages: ids.map((page, i) => ({
    images: page.map((id) => imageRecord(id, { createdAt: `2026-11-2${5 - i}T10:00:00.000Z`, status: "ready" })),
    nextCursor: null,
    ...(i === 0 ? { counts: { all: 10, generated: 7, "subject-replaced": 3 } } : {}),
  })),
  pageParams: ids.map((_, i) => (i === 0 ? null : `c${i}`)),
});

describe("the gallery's live cache", () => {
  it("puts a new matching image first and counts it; one that does not match is counted only when only its kind differs", () => {
    const data = pages([["a", "b"], ["c"]]);
    const fresh = imageRecord("n", { createdAt: "2026-11-26T10:00:00.000Z", kind: "subject-replaced", prompt: "A Chef" });
    const all = withImage(data, fresh, noFilters);
    expect(all?.pages[0]?.images.map((i) => i.id)).toEqual(["n", "a", "b"]);
    expect(all?.pages[0]?.counts).toEqual({ all: 11, generated: 7, "subject-replaced": 4 });
    const generatedTab = withImage(data, fresh, { ...noFilters, kind: "generated" });
    expect(generatedTab?.pages[0]?.images.map((i) => i.id)).toEqual(["a", "b"]);
    expect(generatedTab?.pages[0]?.counts?.["subject-replaced"]).toBe(4);
    expect(withImage(data, fresh, { ...noFilters, q: "pizza" })).toBe(data);
    expect(withImage(data, fresh, { ...noFilters, q: "chef" })?.pages[0]?.images[0]?.id).toBe("n");
    expect(withImage(data, imageRecord("u", { kind: "upload" }), noFilters)).toBe(data);
  });

  it("updates a listed image in place, never back to an older state", () => {
    const data = pages([["a"], ["c"]]);
    const failed = imageRecord("c", { status: "failed", errorCode: "unavailable:provider" });
    expect(withImage(data, failed, noFilters)?.pages[1]?.images[0]?.status).toBe("failed");
    expect(withImage(data, imageRecord("c", { status: "running" }), noFilters)).toBe(data);
  });

  it("drops a deleted image from whichever page holds it and from the counts", () => {
    const data = pages([["a", "b"], ["c"]]);
    const after = withoutImage(data, "c");
    expect(after?.pages.map((p) => p.images.map((i) => i.id))).toEqual([["a", "b"], []]);
    expect(after?.pages[0]?.counts).toEqual({ all: 9, generated: 6, "subject-replaced": 3 });
    expect(withoutImage(data, "zzz")).toBe(data);
  });

  it("matches persona, model and words like the server", () => {
    const image = imageRecord("p", { personaIds: ["per-1"], model: "studio", prompt: "Neon KITCHEN" });
    expect(matchesFilters(image, { ...noFilters, persona: "per-1", model: "studio", q: " kitchen " })).toBe(true);
    expect(matchesFilters(image, { ...noFilters, persona: "per-2" })).toBe(false);
    expect(matchesFilters(image, { ...noFilters, model: "gpt-image" })).toBe(false);
  });
});
