import { describe, expect, it } from "vitest";
import type { ImageRecord } from "../../contract/images.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { awaitImages } from "./image-waiter.ts";
import { createRealtimeHub } from "./publisher.ts";

const logger = createLogger(loadConfig({ LOG_LEVEL: "silent" }, "test"));

const record = (id: string, status: ImageRecord["status"]): ImageRecord => ({
  id,
  kind: "generated",
  status,
  prompt: "p",
  style: null,
  aspect: null,
  model: "studio",
  width: null,
  height: null,
  creditsSpent: 1,
  error: null,
  errorCode: null,
  parentId: null,
  packId: null,
  createdAt: new Date(0).toISOString(),
  urls: null,
});

/** A hub and a database of records whose reads are counted; `stall` holds the next reads until released. */
function setup(rows: Record<string, ImageRecord>) {
  const hub = createRealtimeHub({ logger });
  const reads: string[] = [];
  let stalled: (() => void)[] | undefined;
  const read = async (id: string) => {
    reads.push(id);
    const row = rows[id];
    if (stalled) await new Promise<void>((resolve) => stalled?.push(resolve));
    if (!row) throw new Error("not found");
    return row;
  };
  return {
    hub,
    reads,
    deps: { hub, read },
    stall: () => void (stalled = []),
    release: () => {
      const waiting = stalled ?? [];
      stalled = undefined;
      for (const resolve of waiting) resolve();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const never = new AbortController().signal;

describe("waiting for images through the hub", () => {
  it("finishes on each image's event, after one read as it begins, whatever else the hub carries", async () => {
    const rows = { a: record("a", "running"), b: record("b", "pending") };
    const { hub, reads, deps } = setup(rows);
    let done: ImageRecord[] | undefined;
    void awaitImages(deps, "u1", [rows.a, rows.b], { signal: never, timeoutMs: 60_000 }).then((records) => void (done = records));
    await settle();
    expect(reads).toEqual(["a", "b"]);
    hub.toUser("u1", "image:update", { image: record("a", "ready") });
    // Another user's image of the same id, progress, a running update: none of them finishes the wait.
    hub.toUser("u2", "image:update", { image: record("b", "ready") });
    hub.toUser("u1", "image:progress", { imageId: "b", stage: "layout", percent: 50 });
    hub.toUser("u1", "image:update", { image: record("b", "running") });
    await settle();
    expect(done).toBeUndefined();
    // From another node, through the hub's check.
    hub.heard({ type: "event", userId: "u1", event: "image:update", payload: { image: record("b", "failed") } });
    await settle();
    expect(done?.map((image) => [image.id, image.status])).toEqual([
      ["a", "ready"],
      ["b", "failed"],
    ]);
    expect(reads).toEqual(["a", "b"]);
  });

  it("answers at once an image that finished before the wait began, from that one read", async () => {
    const { reads, deps } = setup({ a: record("a", "ready") });
    const done = await awaitImages(deps, "u1", [record("a", "pending")], { signal: never, timeoutMs: 60_000 });
    expect(done.map((image) => image.status)).toEqual(["ready"]);
    expect(reads).toEqual(["a"]);
  });

  it("takes images given by id from their read, and keeps a finished event over a read that began before it", async () => {
    const { hub, reads, deps, stall, release } = setup({ a: record("a", "running"), b: record("b", "running") });
    stall();
    let done: ImageRecord[] | undefined;
    void awaitImages(deps, "u1", ["a", "b"], { signal: never, timeoutMs: 60_000 }).then((records) => void (done = records));
    await settle();
    hub.toUser("u1", "image:update", { image: record("a", "ready") });
    // The reads answer "running" after a's ready event: they must not undo it.
    release();
    await settle();
    expect(done).toBeUndefined();
    hub.toUser("u1", "image:update", { image: record("b", "ready") });
    await settle();
    expect(done?.map((image) => [image.id, image.status])).toEqual([
      ["a", "ready"],
      ["b", "ready"],
    ]);
    expect(reads).toEqual(["a", "b"]);
  });

  it("reads again once when the channel comes back, and finds what finished while it was away", async () => {
    const rows = { a: record("a", "running") };
    const { hub, reads, deps } = setup(rows);
    let done: ImageRecord[] | undefined;
    void awaitImages(deps, "u1", [rows.a], { signal: never, timeoutMs: 60_000 }).then((records) => void (done = records));
    await settle();
    // The ready event went out while this node's channel was down: only the read after the resume can tell.
    rows.a = record("a", "ready");
    await settle();
    expect(done).toBeUndefined();
    hub.resumed();
    await settle();
    expect(done?.map((image) => image.status)).toEqual(["ready"]);
    expect(reads).toEqual(["a", "a"]);
  });

  it("answers the records as they stand when stopped or past its time, and stops listening", async () => {
    const { hub, reads, deps } = setup({ a: record("a", "running") });
    const stop = new AbortController();
    const stopped = awaitImages(deps, "u1", [record("a", "pending")], { signal: stop.signal, timeoutMs: 60_000 });
    await settle();
    stop.abort();
    expect((await stopped).map((image) => image.status)).toEqual(["running"]);
    const late = await awaitImages(deps, "u1", [record("a", "pending")], { signal: never, timeoutMs: 50 });
    expect(late.map((image) => image.status)).toEqual(["running"]);
    expect(reads).toEqual(["a", "a"]);
    // Neither wait still listens: a later resume reads nothing.
    hub.resumed();
    await settle();
    expect(reads).toEqual(["a", "a"]);
  });

  it("fails as the read does when an awaited image is deleted", async () => {
    const rows: Record<string, ImageRecord> = { a: record("a", "running") };
    const { hub, deps } = setup(rows);
    const waiting = awaitImages(deps, "u1", [rows.a as ImageRecord], { signal: never, timeoutMs: 60_000 });
    await settle();
    delete rows.a;
    hub.toUser("u1", "image:deleted", { imageId: "a" });
    await expect(waiting).rejects.toThrow("not found");
  });
});
