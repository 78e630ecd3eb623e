import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { personasKey } from "../../lib/personas-api.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { fakeSocket } from "../../testing/socket-fixture.ts";
import { videoRecord } from "../../testing/video-fixture.ts";
import { VideoScreen } from "./video-screen.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const videoId = "5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const savedFrame = (id: string, timeMs: number): ImageRecord =>
  imageRecord(id, {
    kind: "upload",
    status: "ready",
    prompt: null,
    style: null,
    aspect: null,
    model: null,
    sourceVideo: { videoId, name: "vlog.mp4", durationMs: 200_000, timeMs },
    urls: { original: `/o/${id}`, preview: `/p/${id}`, thumb: `/t/${id}`, download: `/d/${id}` },
  });

/** The From video screen on an expired video, its saved frames answered by the gallery's From video filter. */
function setup() {
  const video = videoRecord(videoId, { status: "expired", frames: [], filmstrip: null, expiresAt: new Date(Date.now() - 3600_000).toISOString() });
  const galleryUrls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname === "/api/videos") return json({ videos: [video] });
      if (url.pathname === `/api/videos/${videoId}`) return json({ video });
      if (url.pathname === "/api/users/u1/gallery") {
        galleryUrls.push(url);
        return json({ images: [savedFrame("f1", 65_000), savedFrame("f2", 3_000)], nextCursor: null });
      }
      return json({ error: "Not found", code: "not_found:route" }, 404);
    }),
  );
  const client = createQueryClient();
  client.setQueryData(personasKey, { personas: [] });
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={createStore()}>
        <QueryClientProvider client={client}>
          <SocketProvider userId="u1" connect={() => fakeSocket().socket}>
            <MemoryRouter initialEntries={[`/app/video?v=${videoId}`]}>
              <Routes>
                <Route path="/app/video" element={<VideoScreen userId="u1" />} />
              </Routes>
            </MemoryRouter>
          </SocketProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
  return { galleryUrls };
}

describe("From video: saved frames", () => {
  it("shows an expired video with the frames saved from it, each opening the frame's actions", async () => {
    const { galleryUrls } = setup();
    expect(await screen.findByText("The video itself was deleted after 24 hours")).toBeTruthy();
    const strip = await screen.findByTestId("saved-frames");
    expect(galleryUrls[0]?.searchParams.get("kind")).toBe("from-video");
    expect(galleryUrls[0]?.searchParams.get("video")).toBe(videoId);
    expect(within(strip).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Open the frame at 1:05", "Open the frame at 0:03"]);
    // Nothing of the video itself can be picked any more.
    expect(screen.queryByTestId("best-frames")).toBeNull();

    fireEvent.click(within(strip).getByRole("button", { name: "Open the frame at 1:05" }));
    const actions = await screen.findByTestId("frame-actions");
    expect(within(actions).getByText("The frame at 1:05")).toBeTruthy();
  });
});
