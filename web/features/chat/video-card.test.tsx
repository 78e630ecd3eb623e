import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { videoKey } from "../../lib/videos-api.ts";
import type { StartVideoUpload } from "../../lib/use-video-upload.ts";
import type { VideoUploadHandlers } from "../../lib/video-upload.ts";
import { videoFrame, videoRecord } from "../../testing/video-fixture.ts";
import { Composer, type ComposerProps } from "./composer.tsx";
import type { ImageActions } from "./image-result.tsx";
import { MessageList } from "./message-list.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { ChatMessage } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const videoId = "5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f";

function Harness(props: Partial<ComposerProps>) {
  const [draft, setDraft] = useState("");
  return <Composer draft={draft} onDraftChange={setDraft} onSend={vi.fn()} onStop={vi.fn()} streaming={false} credits={20} {...props} />;
}

describe("The composer with a video", () => {
  it("uploads a dropped video with its progress in the composer, then sends the message naming the video", async () => {
    let handlers: VideoUploadHandlers | undefined;
    let finish: (id: string) => void = () => {};
    const uploadVideo: StartVideoUpload = (_file, given) => {
      handlers = given;
      return { done: new Promise<string>((resolve) => (finish = resolve)), cancel: async () => {} };
    };
    const onSend = vi.fn();
    renderChat(
      <MemoryRouter>
        <Harness onSend={onSend} uploadVideo={uploadVideo} />
      </MemoryRouter>,
      i18n,
    );
    const video = new File([new Uint8Array(8)], "talk.mkv");
    Object.defineProperty(video, "size", { value: 412_000_000 });
    fireEvent.drop(screen.getByTestId("composer"), { dataTransfer: { files: [video], types: ["Files"] } });
    act(() => handlers?.onProgress(206_000_000, 412_000_000));
    expect(screen.getByTestId("upload-progress-text").textContent).toContain("206 MB of 412 MB");
    // Nothing goes while the video is still on its way.
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish(videoId));
    expect(screen.getByTestId("video-attachment").textContent).toContain("Video ready");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledWith("Find the best frames of my video talk.mkv", expect.objectContaining({ videoId }));
    expect(screen.queryByTestId("video-attachment")).toBeNull();
  });

  it("refuses a second video while one uploads, and sends only the id of the upload it shows", async () => {
    const uploads: { name: string; finish: (id: string) => void }[] = [];
    const uploadVideo: StartVideoUpload = (file) => {
      let finish: (id: string) => void = () => {};
      const done = new Promise<string>((resolve) => (finish = resolve));
      uploads.push({ name: file.name, finish });
      return { done, cancel: async () => {} };
    };
    const onSend = vi.fn();
    renderChat(
      <MemoryRouter>
        <Harness onSend={onSend} uploadVideo={uploadVideo} />
      </MemoryRouter>,
      i18n,
    );
    const drop = (name: string) => fireEvent.drop(screen.getByTestId("composer"), { dataTransfer: { files: [new File([new Uint8Array(8)], name)], types: ["Files"] } });
    drop("first.mp4");
    drop("second.mp4");
    expect(uploads.map((upload) => upload.name)).toEqual(["first.mp4"]);
    expect(screen.getByTestId("video-one-at-a-time").textContent).toBe("One video at a time: wait for this upload to finish, or cancel it first.");
    // Cancelled, then another started: the first one's late success is not the attachment.
    fireEvent.click(screen.getByRole("button", { name: /Cancel/ }));
    drop("third.mp4");
    expect(uploads.map((upload) => upload.name)).toEqual(["first.mp4", "third.mp4"]);
    await act(async () => uploads[0]?.finish("00000000-0000-4000-8000-00000000000a"));
    expect(screen.getByTestId("video-attachment").textContent).not.toContain("Video ready");
    await act(async () => uploads[1]?.finish(videoId));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledWith("Find the best frames of my video third.mp4", expect.objectContaining({ videoId }));
  });

  it("refuses a video above the limit in the composer, with the reason", () => {
    const uploadVideo = vi.fn<StartVideoUpload>();
    renderChat(
      <MemoryRouter>
        <Harness uploadVideo={uploadVideo} />
      </MemoryRouter>,
      i18n,
    );
    const video = new File([new Uint8Array(8)], "long.mp4", { type: "video/mp4" });
    Object.defineProperty(video, "size", { value: 3 * 1024 ** 3 });
    fireEvent.drop(screen.getByTestId("composer"), { dataTransfer: { files: [video], types: ["Files"] } });
    expect(screen.getByTestId("video-attachment").textContent).toContain("long.mp4 is larger than 2 GB.");
    expect(uploadVideo).not.toHaveBeenCalled();
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

describe("The video card in the thread", () => {
  const actions: ImageActions = { onEdit: vi.fn(), onVariation: vi.fn(), canSend: true };
  const message: ChatMessage = { id: "m1", role: "user", parts: [{ type: "text", text: "Find the best frames of my video vlog.mp4" }], metadata: { videoId } };

  function renderThread(video: ReturnType<typeof videoRecord>) {
    // GET /api/videos/:id answers the video; later states arrive as the cache's updates, as the socket brings them.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ video }), { status: 200, headers: { "content-type": "application/json" } })),
    );
    const view = renderChat(
      <MemoryRouter initialEntries={["/app"]}>
        <Routes>
          <Route path="/app" element={<MessageList messages={[message]} actions={actions} thinking={false} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
      i18n,
    );
    return view;
  }

  it("shows the finder's progress, then the best frames; a frame opens the From video screen at that moment", async () => {
    const { client } = renderThread(videoRecord(videoId, { status: "analysing", progress: { stage: "reading", done: 412, total: 1800 } }));
    expect((await screen.findByTestId("finder-progress-text")).textContent).toBe("Reading frames 412/1,800");
    act(() => client.setQueryData(videoKey(videoId), videoRecord(videoId, { frames: [videoFrame(0, 65_000, ["well-exposed"])] })));
    fireEvent.click(await screen.findByRole("button", { name: "Use the frame at 1:05 (Well lit)" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/app/video?v=${videoId}&t=65000`));
  });

  it("shows the card of a stored message, whose video comes back as its data-video part", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ video: videoRecord(videoId, { status: "analysing", progress: { stage: "reading", done: 3, total: 10 } }) }), { status: 200, headers: { "content-type": "application/json" } })));
    const stored = { id: "m2", role: "user", parts: [{ type: "text", text: "use my video" }, { type: "data-video", data: { videoId } }] } as unknown as ChatMessage;
    renderChat(
      <MemoryRouter>
        <MessageList messages={[stored]} actions={actions} thinking={false} />
      </MemoryRouter>,
      i18n,
    );
    expect(await screen.findByTestId("video-card")).toBeTruthy();
  });

  it("tells a video that is gone apart from one that could not be loaded, and loads the latter again on request", async () => {
    let answer = new Response(JSON.stringify({ error: "Something went wrong on our side.", code: "internal:unexpected" }), { status: 500, headers: { "content-type": "application/json" } });
    vi.stubGlobal("fetch", vi.fn(async () => answer));
    renderChat(
      <MemoryRouter>
        <MessageList messages={[message]} actions={actions} thinking={false} />
      </MemoryRouter>,
      i18n,
    );
    expect((await screen.findByTestId("video-card-failed")).textContent).toContain("This video could not be loaded.");
    expect(screen.queryByText(/no longer kept/)).toBeNull();
    answer = new Response(JSON.stringify({ error: "Not found", code: "not_found:video" }), { status: 404, headers: { "content-type": "application/json" } });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/This video is no longer kept/)).toBeTruthy();
  });

  it("has no card for a message without a video", () => {
    renderChat(
      <MemoryRouter>
        <MessageList messages={[{ ...message, metadata: undefined }]} actions={actions} thinking={false} />
      </MemoryRouter>,
      i18n,
    );
    expect(screen.queryByTestId("video-card")).toBeNull();
  });
});
