import { describe, expect, it } from "vitest";
import { applyProgress, imageKey, newerImage, readImage, storeImage, withoutProgress } from "./image-cache.ts";
import { imageRecord } from "../testing/image-fixture.ts";
import { createQueryClient } from "./query-client.ts";

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

describe("storeImage", () => {
  it("keeps one record per image, the copy further along winning", () => {
    const client = createQueryClient();
    const ready = image("a", { status: "ready" });
    expect(storeImage(client, image("a", { status: "running" })).status).toBe("running");
    expect(storeImage(client, ready)).toBe(ready);
    expect(storeImage(client, image("a", { status: "running" })).status).toBe("ready");
    expect(client.getQueryData(imageKey("a"))).toEqual(ready);
  });

  it("takes a trusted (socket) copy as it is, so a job handed back shows as pending again", () => {
    const client = createQueryClient();
    storeImage(client, image("job", { status: "running" }));
    storeImage(client, image("job", { status: "pending" }), true);
    expect(readImage(client, "job")?.status).toBe("pending");
  });
});

describe("withoutProgress", () => {
  it("drops one image's bar and leaves the others", () => {
    const map = applyProgress(applyProgress({}, { imageId: "a", stage: "text", percent: 70 }), { imageId: "b", stage: "layout", percent: 5 });
    expect(withoutProgress(map, "a")).toEqual({ b: { stage: "layout", percent: 5 } });
    expect(withoutProgress(map, "missing")).toBe(map);
  });
});
