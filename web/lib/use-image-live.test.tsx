import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../contract/images.ts";
import { imageKey, imageProgressAtom, readImage } from "./image-cache.ts";
import { imageRecord } from "../testing/image-fixture.ts";
import { type ImageListPages, imageListKey, noFilters } from "./image-lists.ts";
import { createQueryClient } from "./query-client.ts";
import { SocketProvider } from "./socket-context.tsx";
import { fakeSocket } from "../testing/socket-fixture.ts";
import { useImageLive } from "./use-image-live.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const record = (id: string, patch: Partial<ImageRecord> = {}): ImageRecord =>
  imageRecord(id, { status: "running", prompt: "From the other tab", style: "abstract", aspect: "1:1", width: 1080, height: 1080, ...patch });

const recentKey = imageListKey("u1", noFilters, 12);

function Probe() {
  useImageLive();
  return null;
}

function setup() {
  const { socket, emit } = fakeSocket();
  const client = createQueryClient();
  client.setQueryData<ImageListPages>(recentKey, { pages: [{ ids: [], nextCursor: null }], pageParams: [null] });
  const store = createStore();
  const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ image: record(url.split("/").at(-1) ?? "") }), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <SocketProvider userId="u1" connect={() => socket}>
          <Probe />
        </SocketProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  );
  const recent = () => (client.getQueryData<ImageListPages>(recentKey)?.pages[0]?.ids ?? []).map((id) => readImage(client, id));
  return { emit, store, recent, fetchMock, client };
}

describe("useImageLive", () => {
  it("fetches an image it has never seen once, lists it, and keeps its progress from going down", async () => {
    const { emit, store, recent, fetchMock } = setup();
    await act(async () => {
      emit("image:progress", { imageId: "img-9", stage: "layout", percent: 30 });
      emit("image:progress", { imageId: "img-9", stage: "background", percent: 50 });
    });
    await vi.waitFor(() => expect(recent().map((i) => i?.id)).toEqual(["img-9"]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/images/img-9");
    act(() => emit("image:progress", { imageId: "img-9", stage: "layout", percent: 20 }));
    expect(store.get(imageProgressAtom)["img-9"]).toEqual({ stage: "background", percent: 50 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("takes status changes and new gallery images straight from the event, without a fetch", () => {
    const { emit, recent, fetchMock } = setup();
    act(() => emit("image:update", { image: record("img-1") }));
    expect(recent().map((i) => [i?.id, i?.status])).toEqual([["img-1", "running"]]);
    const urls = { original: "/o", preview: "/p", thumb: "/t", download: "/d" };
    act(() => emit("gallery:new", { image: record("img-1", { status: "ready", urls }) }));
    act(() => emit("image:update", { image: record("img-1", { status: "running" }) }));
    expect(recent().map((i) => [i?.id, i?.status])).toEqual([["img-1", "ready"]]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a job handed back as pending again, its bar started over", () => {
    const { emit, recent, store } = setup();
    act(() => emit("image:update", { image: record("img-1") }));
    act(() => emit("image:progress", { imageId: "img-1", stage: "text", percent: 70 }));
    act(() => emit("image:update", { image: record("img-1", { status: "pending" }) }));
    expect(recent().map((i) => i?.status)).toEqual(["pending"]);
    expect(store.get(imageProgressAtom)["img-1"]).toBeUndefined();
  });

  it("reads the lists and the images shown again when the server says this node missed events from the others", async () => {
    const { emit, client } = setup();
    client.setQueryData(imageKey("img-1"), record("img-1"));
    expect(client.getQueryState(recentKey)?.isInvalidated).toBe(false);
    act(() => emit("realtime:resync", {}));
    await vi.waitFor(() => expect(client.getQueryState(recentKey)?.isInvalidated).toBe(true));
    expect(client.getQueryState(imageKey("img-1"))?.isInvalidated).toBe(true);
  });

  it("drops an image another tab deleted, from the lists and the cache", () => {
    const { emit, recent, client } = setup();
    act(() => emit("image:update", { image: record("img-1") }));
    act(() => emit("image:update", { image: record("img-2") }));
    act(() => emit("image:deleted", { imageId: "img-1" }));
    expect(recent().map((i) => i?.id)).toEqual(["img-2"]);
    expect(readImage(client, "img-1")).toBeUndefined();
  });
});
