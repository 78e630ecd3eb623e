import { describe, expect, it } from "vitest";
import type { GalleryResponse } from "../../contract/images.ts";
import { applyProgress, isUnknownImage, newerImage, upsertImage, withoutProgress } from "./image-live.ts";
import { imageRecord } from "../testing/image-fixture.ts";

const image = imageRecord;

describe("applyProgress", () => {
  it("records progress and moves it forward", () => {
    const a = applyProgress({}, { imageId: "x", stage: "layout", percent: 10 });
    const b = applyProgress(a, { imageId: "x", stage: "background", percent: 40 });
    expect(b.x).toEqual({ stage: "background", percent: 40 });
  });

  it("never lets the percent go down (late or reordered events are ignored)", () => {
    const a = applyProgress({}, { imageId: "x", stage: "text", percent: 70 });
    const b = applyProgress(a, { imageId: "x", stage: "background", percent: 40 });
    expect(b).toBe(a);
    expect(b.x).toEqual({ stage: "text", percent: 70 });
  });

  it("keeps other images apart, clamps to 0–100 and returns the same map for a repeat", () => {
    const a = applyProgress({}, { imageId: "x", stage: "encode", percent: 140 });
    expect(a.x?.percent).toBe(100);
    const b = applyProgress(a, { imageId: "y", stage: "queued", percent: -5 });
    expect(b.y?.percent).toBe(0);
    expect(b.x?.percent).toBe(100);
    expect(applyProgress(b, { imageId: "y", stage: "queued", percent: 0 })).toBe(b);
  });
});

describe("newerImage", () => {
  it("prefers the copy further along, so a slow GET cannot undo a socket update", () => {
    const ready = image("a", { status: "ready" });
    expect(newerImage(ready, image("a", { status: "running" }))).toBe(ready);
    const running = image("a", { status: "running" });
    expect(newerImage(image("a"), running)).toBe(running);
    expect(newerImage(undefined, running)).toBe(running);
  });
});

describe("upsertImage", () => {
  const gallery: GalleryResponse = { images: [image("old", { createdAt: "2026-11-21T10:00:00.000Z", status: "ready" })], nextCursor: null };

  it("inserts a new image newest first", () => {
    const next = upsertImage(gallery, image("new"));
    expect(next?.images.map((i) => i.id)).toEqual(["new", "old"]);
  });

  it("updates an image already listed in place", () => {
    const withNew = upsertImage(gallery, image("new"));
    const next = upsertImage(withNew, image("new", { status: "ready" }));
    expect(next?.images.map((i) => [i.id, i.status])).toEqual([
      ["new", "ready"],
      ["old", "ready"],
    ]);
  });

  it("keeps the list as it is for an older copy, uploads, or an unloaded gallery", () => {
    expect(upsertImage(gallery, image("old", { status: "pending" }))).toBe(gallery);
    expect(upsertImage(gallery, image("u", { kind: "upload" }))).toBe(gallery);
    expect(upsertImage(undefined, image("new"))).toBeUndefined();
  });

  it("takes a trusted (socket) copy as it is, so a job handed back shows as pending again", () => {
    const running = upsertImage(gallery, image("job", { status: "running" }));
    const next = upsertImage(running, image("job", { status: "pending" }), true);
    expect(next?.images.find((i) => i.id === "job")?.status).toBe("pending");
  });
});

describe("withoutProgress", () => {
  it("drops one image's bar and leaves the others", () => {
    const map = applyProgress(applyProgress({}, { imageId: "a", stage: "text", percent: 70 }), { imageId: "b", stage: "layout", percent: 5 });
    expect(withoutProgress(map, "a")).toEqual({ b: { stage: "layout", percent: 5 } });
    expect(withoutProgress(map, "missing")).toBe(map);
  });
});

describe("isUnknownImage", () => {
  it("asks for ids neither the grid nor the image cache know", () => {
    const gallery: GalleryResponse = { images: [image("listed")], nextCursor: null };
    expect(isUnknownImage(gallery, undefined, "other")).toBe(true);
    expect(isUnknownImage(undefined, undefined, "other")).toBe(true);
    expect(isUnknownImage(gallery, undefined, "listed")).toBe(false);
    expect(isUnknownImage(gallery, image("cached"), "cached")).toBe(false);
  });
});
