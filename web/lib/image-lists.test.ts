import { describe, expect, it } from "vitest";
import type { ImageRecord } from "../../contract/images.ts";
import { readImage, storeImage } from "./image-cache.ts";
import { imageRecord } from "../testing/image-fixture.ts";
import { failedLast, forgetImage, type ImageListPages, imageListKey, matchesFilters, noFilters, receiveImage, withImage, withoutImage } from "./image-lists.ts";
import { createQueryClient } from "./query-client.ts";

const records = new Map<string, ImageRecord>();
const lookup = (id: string) => records.get(id);

const pages = (ids: string[][]): ImageListPages => {
  ids.forEach((page, i) => page.forEach((id) => records.set(id, imageRecord(id, { createdAt: `2026-11-2${5 - i}T10:00:00.000Z`, status: "ready" }))));
  return {
    pages: ids.map((page, i) => ({
      ids: page,
      nextCursor: null,
      ...(i === 0 ? { counts: { all: 10, generated: 7, "subject-replaced": 3, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } } : {}),
    })),
    pageParams: ids.map((_, i) => (i === 0 ? null : `c${i}`)),
  };
};

describe("the image lists", () => {
  it("puts a new matching image first and counts it; one that does not match is counted only when only its kind differs", () => {
    const data = pages([["a", "b"], ["c"]]);
    const fresh = imageRecord("n", { createdAt: "2026-11-26T10:00:00.000Z", kind: "subject-replaced", prompt: "A Chef" });
    const all = withImage(data, fresh, noFilters, lookup);
    expect(all?.pages[0]?.ids).toEqual(["n", "a", "b"]);
    expect(all?.pages[0]?.counts).toEqual({ all: 11, generated: 7, "subject-replaced": 4, "chat-edited": 0, "editor-edited": 0, "from-video": 0 });
    const generatedTab = withImage(data, fresh, { ...noFilters, kind: "generated" }, lookup);
    expect(generatedTab?.pages[0]?.ids).toEqual(["a", "b"]);
    expect(generatedTab?.pages[0]?.counts?.["subject-replaced"]).toBe(4);
    expect(withImage(data, fresh, { ...noFilters, q: "pizza" }, lookup)).toBe(data);
    expect(withImage(data, fresh, { ...noFilters, q: "chef" }, lookup)?.pages[0]?.ids[0]).toBe("n");
    expect(withImage(data, imageRecord("u", { kind: "upload" }), noFilters, lookup)).toBe(data);
  });

  it("counts a new chat edit under Chat Edits and an editor save under Editor Edits, and lists each only in its own tab", () => {
    const data = pages([["a", "b"]]);
    const chatEdit = imageRecord("ce", { createdAt: "2026-11-26T10:00:00.000Z", kind: "edited", conversationId: "c1" });
    const editorSave = imageRecord("es", { createdAt: "2026-11-26T10:00:00.000Z", kind: "edited", conversationId: null });
    expect(withImage(data, chatEdit, noFilters, lookup)?.pages[0]?.counts).toMatchObject({ all: 11, "chat-edited": 1, "editor-edited": 0 });
    expect(withImage(data, editorSave, noFilters, lookup)?.pages[0]?.counts).toMatchObject({ all: 11, "chat-edited": 0, "editor-edited": 1 });
    expect(withImage(data, chatEdit, { ...noFilters, kind: "chat-edited" }, lookup)?.pages[0]?.ids[0]).toBe("ce");
    expect(withImage(data, editorSave, { ...noFilters, kind: "chat-edited" }, lookup)?.pages[0]?.ids).toEqual(["a", "b"]);
  });

  it("files an older image by its date, and leaves a listed one where it is", () => {
    const data = pages([["a", "b"]]);
    const older = imageRecord("o", { createdAt: "2026-11-24T10:00:00.000Z" });
    expect(withImage(data, older, noFilters, lookup)?.pages[0]?.ids).toEqual(["a", "b", "o"]);
    expect(withImage(data, imageRecord("b", { status: "failed" }), noFilters, lookup)).toBe(data);
  });

  it("drops a deleted image from whichever page holds it and from the counts", () => {
    const data = pages([["a", "b"], ["c"]]);
    const after = withoutImage(data, "c", records.get("c"));
    expect(after?.pages.map((p) => p.ids)).toEqual([["a", "b"], []]);
    expect(after?.pages[0]?.counts).toEqual({ all: 9, generated: 6, "subject-replaced": 3, "chat-edited": 0, "editor-edited": 0, "from-video": 0 });
    expect(withoutImage(data, "zzz", undefined)).toBe(data);
  });

  it("matches persona, model and words like the server", () => {
    const image = imageRecord("p", { personaIds: ["per-1"], model: "studio", prompt: "Neon KITCHEN" });
    expect(matchesFilters(image, { ...noFilters, persona: "per-1", model: "studio", q: " kitchen " })).toBe(true);
    expect(matchesFilters(image, { ...noFilters, persona: "per-2" })).toBe(false);
    expect(matchesFilters(image, { ...noFilters, model: "gpt-image" })).toBe(false);
  });

  it("a received image goes once into the cache and into every loaded list it matches; a forgotten one leaves them all", () => {
    const client = createQueryClient();
    const empty: ImageListPages = { pages: [{ ids: [], nextCursor: null }], pageParams: [null] };
    client.setQueryData(imageListKey("u1", noFilters, 12), empty);
    client.setQueryData(imageListKey("u1", { ...noFilters, kind: "subject-replaced" }, 60), empty);
    receiveImage(client, imageRecord("n", { status: "running" }));
    expect(client.getQueryData<ImageListPages>(imageListKey("u1", noFilters, 12))?.pages[0]?.ids).toEqual(["n"]);
    expect(client.getQueryData<ImageListPages>(imageListKey("u1", { ...noFilters, kind: "subject-replaced" }, 60))?.pages[0]?.ids).toEqual([]);
    storeImage(client, imageRecord("n", { status: "ready" }));
    expect(readImage(client, "n")?.status).toBe("ready");
    forgetImage(client, "n");
    expect(client.getQueryData<ImageListPages>(imageListKey("u1", noFilters, 12))?.pages[0]?.ids).toEqual([]);
    expect(readImage(client, "n")).toBeUndefined();
  });

  it("keeps records while a list holds them, and lets them go with the last list that did", () => {
    const client = createQueryClient();
    const listed: ImageListPages = { pages: [{ ids: ["a"], nextCursor: null }], pageParams: [null] };
    storeImage(client, imageRecord("a"));
    storeImage(client, imageRecord("loose"));
    client.setQueryData(imageListKey("u1", noFilters, 12), listed);
    client.setQueryData(imageListKey("u1", noFilters, 60), listed);
    client.removeQueries({ queryKey: imageListKey("u1", noFilters, 60), exact: true });
    expect(readImage(client, "a")).toBeDefined();
    expect(readImage(client, "loose")).toBeUndefined();
    client.removeQueries({ queryKey: imageListKey("u1", noFilters, 12), exact: true });
    expect(readImage(client, "a")).toBeUndefined();
  });
});

describe("failedLast", () => {
  const image = (id: string, status: ImageRecord["status"], day: string) => imageRecord(id, { status, createdAt: `2026-11-${day}T10:00:00.000Z` });

  it("puts failed images after the others of their group, keeping each side's order", () => {
    const list = [image("f1", "failed", "26"), image("a", "ready", "26"), image("f2", "failed", "26"), image("p", "pending", "26"), image("b", "ready", "25"), image("f3", "failed", "25"), image("c", "ready", "25")];
    const day = (i: ImageRecord) => i.createdAt.slice(0, 10);
    expect(failedLast(list, day).map((i) => i.id)).toEqual(["a", "p", "f1", "f2", "b", "c", "f3"]);
    expect(failedLast(list).map((i) => i.id)).toEqual(["a", "p", "b", "c", "f1", "f2", "f3"]);
    expect(failedLast([])).toEqual([]);
  });
});
