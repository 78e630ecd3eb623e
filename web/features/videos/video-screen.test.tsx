import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import type { Video } from "../../../contract/videos.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { personasKey } from "../../lib/personas-api.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import type { StartVideoUpload } from "../../lib/use-video-upload.ts";
import { VideoUploadError, type VideoUploadHandlers } from "../../lib/video-upload.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { persona, personaDraft } from "../../testing/persona-fixture.ts";
import { fakeSocket } from "../../testing/socket-fixture.ts";
import { videoFrame, videoRecord } from "../../testing/video-fixture.ts";
import { VideoScreen } from "./video-screen.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const videoId = "5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f";
const frameId = "0b8a5f3e-6f7d-4c1e-9a51-2f0c7d1e4a10";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

/** A fake API: each "METHOD path" answers from its handler; every call is recorded with its JSON body. */
function stubApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const handler = handlers[`${call.method} ${url}`];
      return handler ? handler(call) : json({ error: "Not found", code: "not_found:route" }, 404);
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function setup({ path = `/app/video?v=${videoId}`, startUpload }: { path?: string; startUpload?: StartVideoUpload } = {}) {
  const client = createQueryClient();
  client.setQueryData(personasKey, { personas: [persona("p1", { id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Chef Marco", handle: "chef" })] });
  const { socket, emit } = fakeSocket();
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={createStore()}>
        <QueryClientProvider client={client}>
          <SocketProvider userId="u1" connect={() => socket}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/app/video" element={<VideoScreen {...(startUpload ? { startUpload } : {})} />} />
                <Route path="*" element={<Where />} />
              </Routes>
            </MemoryRouter>
          </SocketProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
  return { client, emit };
}

const filmstrip = { url: "/api/videos/v/filmstrip", columns: 10, rows: 2, tileWidth: 160, tileHeight: 90, count: 20, stepMs: 6000 };
const readyVideo = videoRecord(videoId, {
  frames: [videoFrame(0, 151_000, ["sharp", "clear-subject"]), videoFrame(1, 5_000, ["shot-change"])],
  filmstrip,
});
const pendingFrame = imageRecord(frameId, { kind: "upload", status: "pending", prompt: null, style: null, aspect: null, model: null });
const readyFrame: ImageRecord = { ...pendingFrame, status: "ready", urls: { original: "/o/f", preview: "/p/f", thumb: "/t/f", download: "/d/f" } };

function videoApi(video: Video, more: Record<string, Handler> = {}) {
  return stubApi({
    "GET /api/videos": () => json({ videos: [video] }),
    [`GET /api/videos/${videoId}`]: () => json({ video }),
    ...more,
  });
}

describe("From video: uploading", () => {
  it("shows the bytes sent of the whole and the time left at the speed so far", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T10:00:00Z"));
    stubApi({ "GET /api/videos": () => json({ videos: [] }) });
    let handlers: VideoUploadHandlers | undefined;
    const startUpload: StartVideoUpload = (_file, given) => {
      handlers = given;
      return { done: new Promise(() => {}), cancel: async () => {} };
    };
    setup({ path: "/app/video", startUpload });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    const file = new File([new Uint8Array(8)], "vlog.mp4", { type: "video/mp4" });
    Object.defineProperty(file, "size", { value: 1_200_000_000 });
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    act(() => handlers?.onProgress(0, 1_200_000_000));
    expect(screen.getByTestId("upload-progress-text").textContent).toBe("0 byte of 1.2 GB · working out the time left…");
    // 412 MB in 41.2 s is 10 MB/s: the 788 MB left take 79 s, about a minute.
    vi.setSystemTime(new Date("2026-11-27T10:00:41.200Z"));
    act(() => handlers?.onProgress(412_000_000, 1_200_000_000));
    expect(screen.getByTestId("upload-progress-text").textContent).toBe("412 MB of 1.2 GB · 1 min left");
    expect(screen.getByRole("progressbar", { name: "Upload progress" }).getAttribute("aria-valuenow")).toBe("34");
  });

  it("keeps a half-sent upload when the screen is left (to resume), and drops it on Cancel", async () => {
    stubApi({ "GET /api/videos": () => json({ videos: [] }) });
    const handles: { pause: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> }[] = [];
    const startUpload: StartVideoUpload = () => {
      const handle = { pause: vi.fn(async () => {}), cancel: vi.fn(async () => {}) };
      handles.push(handle);
      return { done: new Promise(() => {}), ...handle };
    };
    const choose = async () => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error("no file input");
      await act(async () => fireEvent.change(input, { target: { files: [new File(["x"], "vlog.webm", { type: "video/webm" })] } }));
    };
    setup({ path: "/app/video", startUpload });
    await choose();
    fireEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(handles[0]?.cancel).toHaveBeenCalledOnce();
    await choose();
    cleanup();
    expect(handles[1]?.pause).toHaveBeenCalledOnce();
    expect(handles[1]?.cancel).not.toHaveBeenCalled();
  });

  it("refuses a file that is not a video before sending a byte, and says why", async () => {
    stubApi({ "GET /api/videos": () => json({ videos: [] }) });
    const startUpload = vi.fn<StartVideoUpload>();
    setup({ path: "/app/video", startUpload });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await act(async () => fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } }));
    expect(screen.getByTestId("upload-refusal").textContent).toBe("notes.txt is not a video we can read. Use MP4, MOV, WebM or MKV.");
    expect(startUpload).not.toHaveBeenCalled();
  });

  it("translates the server's refusal of an upload", async () => {
    stubApi({ "GET /api/videos": () => json({ videos: [] }) });
    const startUpload: StartVideoUpload = () => ({ done: Promise.reject(new VideoUploadError("payload_too_large:video_quota", 413)), cancel: async () => {} });
    setup({ path: "/app/video", startUpload });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await act(async () => fireEvent.change(input, { target: { files: [new File(["x"], "vlog.mov", { type: "video/quicktime" })] } }));
    expect((await screen.findByTestId("upload-refusal")).textContent).toBe(
      "Your videos use all the space you have. Delete one, or wait until one expires, then try again.",
    );
  });

  it("drops a refused upload from Your videos (the server deleted it)", async () => {
    // Listed while it arrived (video:update), deleted by the server when its last byte was no video.
    let listed: Video[] = [videoRecord(videoId, { name: "notes.mp4", status: "uploading", probe: null })];
    stubApi({ "GET /api/videos": () => json({ videos: listed }) });
    let refuse: (err: Error) => void = () => {};
    const startUpload: StartVideoUpload = () => ({ done: new Promise<string>((_, reject) => (refuse = reject)), cancel: async () => {} });
    setup({ path: "/app/video", startUpload });
    await screen.findByTestId("previous-videos");
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await act(async () => fireEvent.change(input, { target: { files: [new File(["x"], "notes.mp4", { type: "video/mp4" })] } }));
    listed = [];
    await act(async () => refuse(new VideoUploadError("unsupported_media_type:video", 415)));
    expect((await screen.findByTestId("upload-refusal")).textContent).toBe("This file is not a video we can read. Use MP4, MOV, WebM or MKV.");
    await waitFor(() => expect(screen.queryByTestId("previous-videos")).toBeNull());
  });
});

describe("From video: finding frames", () => {
  it("moves the progress line with each video:progress event, numbers grouped", async () => {
    videoApi(videoRecord(videoId, { status: "analysing", progress: null }));
    const { emit } = setup();
    expect((await screen.findByTestId("finder-progress-text")).textContent).toBe("Starting…");
    act(() => emit("video:progress", { videoId, progress: { stage: "reading", done: 412, total: 1800 } }));
    await waitFor(() => expect(screen.getByTestId("finder-progress-text").textContent).toBe("Reading frames 412/1,800"));
    expect(screen.getByRole("progressbar", { name: "Finding the best frames…" }).getAttribute("aria-valuenow")).toBe("22");
    act(() => emit("video:progress", { videoId, progress: { stage: "scoring", done: 3, total: 8 } }));
    await waitFor(() => expect(screen.getByTestId("finder-progress-text").textContent).toBe("Scoring the best frames 3/8"));
  });

  it("announces the finder's stage as it changes, not its count", async () => {
    videoApi(videoRecord(videoId, { status: "analysing", progress: null }));
    const { emit } = setup();
    await screen.findByTestId("finder-progress-text");
    act(() => emit("video:progress", { videoId, progress: { stage: "reading", done: 412, total: 1800 } }));
    await waitFor(() => expect(screen.getByTestId("finder-progress-text").textContent).toBe("Reading frames 412/1,800"));
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain("Reading frames");
    expect(screen.getAllByRole("status").map((status) => status.textContent)).not.toContain("Reading frames 412/1,800");
    expect(screen.getByTestId("finder-progress-text").closest("[role=status], [aria-live]")).toBeNull();
  });

  it("says why a video failed and analyses it again on request", async () => {
    const failed = videoRecord(videoId, { status: "failed", errorCode: "unprocessable:video_unreadable", error: "unreadable" });
    const calls = videoApi(failed, { [`POST /api/videos/${videoId}/analyse`]: () => json({ video: { ...failed, status: "analysing", errorCode: null } }) });
    setup();
    const stopped = await screen.findByTestId("video-stopped");
    expect(stopped.textContent).toContain("We could not read this video. It may be damaged; export it again and upload that.");
    fireEvent.click(within(stopped).getByRole("button", { name: "Analyse again" }));
    await screen.findByTestId("finder-progress");
    expect(calls.some((call) => call.method === "POST" && call.url === `/api/videos/${videoId}/analyse`)).toBe(true);
  });
});

describe("From video: the best frames and the timeline", () => {
  it("lists the best frames with their timecodes and why each was chosen", async () => {
    videoApi(readyVideo);
    setup();
    const grid = await screen.findByTestId("best-frames");
    const buttons = within(grid).getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Use the frame at 2:31 (Sharp, Clear subject)", "Use the frame at 0:05 (New shot)"]);
    expect(within(buttons[0] as HTMLElement).getByText("2:31")).toBeTruthy();
    expect(within(buttons[0] as HTMLElement).getByText("Clear subject")).toBeTruthy();
  });

  it("previews the moment's filmstrip tile and picks that moment", async () => {
    const calls = videoApi(readyVideo, { [`POST /api/videos/${videoId}/frames`]: (call) => json({ image: readyFrame, timeMs: (call.body as { timeMs: number }).timeMs }) });
    setup();
    const slider = await screen.findByRole("slider", { name: "Moment in the video" });
    fireEvent.change(slider, { target: { value: "65000" } });
    // 65 s at one tile per 6 s is tile 11: column 1, row 1 of a 10 × 2 strip.
    const preview = screen.getByTestId("timeline-preview");
    expect(preview.dataset.tile).toBe("11");
    const [x, y] = preview.style.backgroundPosition.split(" ");
    expect(Number.parseFloat(x ?? "")).toBeCloseTo(100 / 9, 3);
    expect(y).toBe("100%");
    expect(preview.style.backgroundSize).toBe("1000% 200%");
    expect(slider.getAttribute("aria-valuetext")).toBe("1:05");
    fireEvent.click(screen.getByRole("button", { name: "Use this moment (1:05)" }));
    await screen.findByTestId("frame-actions");
    expect(calls.filter((call) => call.method === "POST")).toEqual([{ method: "POST", url: `/api/videos/${videoId}/frames`, body: { timeMs: 65_000 } }]);
  });

  it("goes to a time typed as 2:31, and refuses one that is not a time of the video", async () => {
    videoApi(readyVideo);
    setup();
    const field = await screen.findByRole("textbox", { name: "Go to time" });
    fireEvent.change(field, { target: { value: "2:31" } });
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    // The video is 2:00 long: 2:31 is past its end.
    expect(screen.getByRole("alert").textContent).toBe("Type a time like 2:31, up to 2:00.");
    fireEvent.change(field, { target: { value: "1:05" } });
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    expect((screen.getByRole("slider", { name: "Moment in the video" }) as HTMLInputElement).value).toBe("65000");
    expect(screen.getByRole("button", { name: "Use this moment (1:05)" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("moves ten seconds with Page Up and Page Down, goes to the ends with Home and End, and reaches the last moment exactly", async () => {
    videoApi({ ...readyVideo, probe: readyVideo.probe ? { ...readyVideo.probe, durationMs: 120_500 } : null });
    setup();
    const slider = (await screen.findByRole("slider", { name: "Moment in the video" })) as HTMLInputElement;
    fireEvent.keyDown(slider, { key: "PageUp" });
    fireEvent.keyDown(slider, { key: "PageUp" });
    expect(slider.value).toBe("20000");
    fireEvent.keyDown(slider, { key: "PageDown" });
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider.value).toBe("11000");
    fireEvent.keyDown(slider, { key: "End" });
    expect(slider.value).toBe("120500");
    fireEvent.keyDown(slider, { key: "PageUp" });
    expect(slider.value).toBe("120500");
    fireEvent.keyDown(slider, { key: "Home" });
    expect(slider.value).toBe("0");
    fireEvent.change(slider, { target: { value: "120500" } });
    expect(slider.value).toBe("120500");
    // iOS's number pad has no ":".
    expect(screen.getByRole("textbox", { name: "Go to time" }).getAttribute("inputmode")).toBe("text");
  });
});

/** Radix tabs select on the press of the mouse button, as a person's click begins. */
function chooseTab(name: string) {
  const tab = screen.getByRole("tab", { name });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
}

describe("From video: what a frame becomes", () => {
  // Chromium answers scrollIntoView with a promise: the panel that scrolls itself into view must still unmount cleanly.
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn(() => Promise.resolve()) as unknown as Element["scrollIntoView"];
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  async function pickBest(more: Record<string, Handler>) {
    const calls = videoApi(readyVideo, {
      [`POST /api/videos/${videoId}/frames`]: () => json({ image: pendingFrame, timeMs: 151_000 }),
      [`GET /api/images/${frameId}`]: () => json({ image: readyFrame }),
      ...more,
    });
    setup();
    fireEvent.click(await screen.findByRole("button", { name: "Use the frame at 2:31 (Sharp, Clear subject)" }));
    // Pending while a worker cuts it out; the image cache reads it until it is ready.
    await screen.findByText("Cutting out the frame at 2:31…");
    await screen.findByRole("img", { name: "The video's frame at 2:31" });
    return calls;
  }

  it("makes a thumbnail on the Studio from the frame and the headline", async () => {
    const made = imageRecord("9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f");
    const calls = await pickBest({ "POST /api/generate-kontext-image": () => json({ image: made }, 202), [`GET /api/images/${made.id}`]: () => json({ image: made }) });
    fireEvent.change(screen.getByRole("textbox", { name: "Headline" }), { target: { value: "I tried it for 30 days" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the thumbnail" }));
    await screen.findByText("Making it…");
    expect(calls.find((call) => call.url === "/api/generate-kontext-image")?.body).toEqual({ prompt: "I tried it for 30 days", style: "realistic", baseImageId: frameId, model: "studio" });
  });

  it("starts a persona from the frame and opens its draft on the Persona view", async () => {
    const draftId = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    const calls = await pickBest({
      "POST /api/personas/generate": () => json({ draft: personaDraft(draftId, { role: "photographer" }) }, 202),
    });
    chooseTab("Make a persona");
    fireEvent.click(screen.getByText("Photographer"));
    fireEvent.click(screen.getByRole("button", { name: "Make the persona" }));
    expect((await screen.findByTestId("location")).textContent).toBe(`/app/personas?draft=${draftId}`);
    expect(calls.find((call) => call.url === "/api/personas/generate")?.body).toEqual({ photoIds: [frameId], role: "photographer" });
  });

  it("swaps a chosen persona into the frame", async () => {
    const made = imageRecord("2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", { kind: "subject-replaced" });
    const calls = await pickBest({ "POST /api/replace-subject": () => json({ image: made }, 202), [`GET /api/images/${made.id}`]: () => json({ image: made }) });
    chooseTab("Swap a persona in");
    fireEvent.click(screen.getByRole("button", { name: /Chef Marco/ }));
    await screen.findByText("Making it…");
    expect(calls.find((call) => call.url === "/api/replace-subject")?.body).toEqual({ baseImageId: frameId, personaId: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" });
  });

  it("says the personas could not be loaded, not that there are none, and reads them again on request", async () => {
    let down = true;
    videoApi(readyVideo, {
      [`POST /api/videos/${videoId}/frames`]: () => json({ image: pendingFrame, timeMs: 151_000 }),
      [`GET /api/images/${frameId}`]: () => json({ image: readyFrame }),
      "GET /api/personas": () => (down ? json({ error: "Something went wrong on our side.", code: "internal:unexpected" }, 500) : json({ personas: [persona("p1", { id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Chef Marco", handle: "chef" })] })),
    });
    const { client } = setup();
    client.removeQueries({ queryKey: personasKey });
    fireEvent.click(await screen.findByRole("button", { name: "Use the frame at 2:31 (Sharp, Clear subject)" }));
    await screen.findByRole("img", { name: "The video's frame at 2:31" });
    chooseTab("Swap a persona in");
    expect((await screen.findByTestId("swap-personas-failed")).textContent).toContain("Your personas could not be loaded.");
    expect(screen.queryByText(/You have no personas yet/)).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: /Chef Marco/ });
  });
});

describe("From video: a video no longer kept", () => {
  it("says videos are kept 24 hours and offers another upload", async () => {
    stubApi({ "GET /api/videos": () => json({ videos: [] }), [`GET /api/videos/${videoId}`]: () => json({ error: "Not found", code: "not_found:video" }, 404) });
    setup();
    await screen.findByText("This video is no longer here");
    expect(screen.getByText(/Videos are kept for 24 hours after upload, or it was deleted/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Upload another" }));
    await waitFor(() => expect(screen.getByTestId("video-dropzone")).toBeTruthy());
  });

  it("says a video that could not be loaded is not gone, and loads it again on request", async () => {
    let down = true;
    stubApi({
      "GET /api/videos": () => json({ videos: [] }),
      [`GET /api/videos/${videoId}`]: () => (down ? json({ error: "Something went wrong on our side.", code: "internal:unexpected" }, 500) : json({ video: readyVideo })),
    });
    setup();
    expect((await screen.findByTestId("video-load-failed")).textContent).toContain("This video could not be loaded.");
    expect(screen.queryByText("This video is no longer here")).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("best-frames");
  });
});
