import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GalleryResponse, ImageRecord } from "../../../contract/images.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { recentImagesKey } from "./api.ts";
import { imageProgressAtom } from "../../lib/image-live.ts";
import { useStudioLive } from "./use-studio-live.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { fakeSocket } from "../../testing/socket-fixture.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});


const record = (id: string, patch: Partial<ImageRecord> = {}): ImageRecord =>
  imageRecord(id, { status: "running", prompt: "From the other tab", style: "abstract", aspect: "1:1", width: 1080, height: 1080, ...patch });

function Probe() {
  useStudioLive("u1");
  return null;
}

function setup() {
  const { socket, emit } = fakeSocket();
  const client = createQueryClient();
  client.setQueryData<GalleryResponse>(recentImagesKey("u1"), { images: [], nextCursor: null });
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
  const gallery = () => client.getQueryData<GalleryResponse>(recentImagesKey("u1"))?.images ?? [];
  return { emit, store, gallery, fetchMock, client };
}

describe("useStudioLive", () => {
  it("fetches an image it has never seen once, inserts it, and keeps its progress from going down", async () => {
    const { emit, store, gallery, fetchMock } = setup();
    await act(async () => {
      emit("image:progress", { imageId: "img-9", stage: "layout", percent: 30 });
      emit("image:progress", { imageId: "img-9", stage: "background", percent: 50 });
    });
    await vi.waitFor(() => expect(gallery().map((i) => i.id)).toEqual(["img-9"]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/images/img-9");
    act(() => emit("image:progress", { imageId: "img-9", stage: "layout", percent: 20 }));
    expect(store.get(imageProgressAtom)["img-9"]).toEqual({ stage: "background", percent: 50 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("takes status changes and new gallery images straight from the event, without a fetch", () => {
    const { emit, gallery, fetchMock } = setup();
    act(() => emit("image:update", { image: record("img-1") }));
    expect(gallery().map((i) => [i.id, i.status])).toEqual([["img-1", "running"]]);
    const urls = { original: "/o", preview: "/p", thumb: "/t", download: "/d" };
    act(() => emit("gallery:new", { image: record("img-1", { status: "ready", urls }) }));
    act(() => emit("image:update", { image: record("img-1", { status: "running" }) }));
    expect(gallery().map((i) => [i.id, i.status])).toEqual([["img-1", "ready"]]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads the recent images again when the server says this node missed events from the others", () => {
    const { emit, client } = setup();
    expect(client.getQueryState(recentImagesKey("u1"))?.isInvalidated).toBe(false);
    act(() => emit("realtime:resync", {}));
    expect(client.getQueryState(recentImagesKey("u1"))?.isInvalidated).toBe(true);
  });

  it("drops a tile another tab deleted", () => {
    const { emit, gallery } = setup();
    act(() => emit("image:update", { image: record("img-1") }));
    act(() => emit("image:update", { image: record("img-2") }));
    act(() => emit("image:deleted", { imageId: "img-1" }));
    expect(gallery().map((i) => i.id)).toEqual(["img-2"]);
  });
});
