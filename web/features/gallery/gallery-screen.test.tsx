import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GalleryResponse, ImageRecord } from "../../../contract/images.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { MODELS_KEY } from "../../lib/models-api.ts";
import { personasKey } from "../../lib/personas-api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { fakeSocket } from "../../testing/socket-fixture.ts";
import { useImageLive } from "../../lib/use-image-live.ts";
import { GalleryScreen } from "./gallery-screen.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
beforeEach(() => {
  // jsdom lays nothing out: the grid needs a width, and the page a ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1000);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const urls = (id: string) => ({ original: `/api/images/${id}/original`, preview: `/p/${id}`, thumb: `/t/${id}`, download: `/d/${id}` });
const now = new Date();
// Never before midnight: a run just after it must still file both under "Today".
const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
const hoursAgo = (h: number) => new Date(Math.max(now.getTime() - h * 3600_000, startOfToday)).toISOString();
const ready = (id: string, patch: Partial<ImageRecord> = {}) => imageRecord(id, { status: "ready", urls: urls(id), prompt: `Prompt ${id}`, ...patch });

const images = [
  ready("a", { createdAt: hoursAgo(0) }),
  imageRecord("f", { status: "failed", errorCode: "unavailable:provider", creditsSpent: 4, createdAt: hoursAgo(0.1), aspect: "9:16", width: null, height: null }),
  ready("b", { kind: "subject-replaced", aspect: "9:16", width: 1080, height: 1920, createdAt: new Date(now.getFullYear(), now.getMonth() - 2, 10).toISOString() }),
];
const page: GalleryResponse = { images, nextCursor: null, counts: { all: 3, generated: 2, "subject-replaced": 1, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The app shell's live hook, which keeps the image cache the gallery reads. */
function ImageLive() {
  useImageLive();
  return null;
}

function renderGallery(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>, socket = fakeSocket().socket, toasts = new ToastStore()) {
  const seen: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      seen.push(url);
      return answer(url, init);
    }),
  );
  const client = createQueryClient();
  client.setQueryData(MODELS_KEY, { models: [{ id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: [], creditCost: 1, available: true }] });
  client.setQueryData(personasKey, { personas: [] });
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={createStore()}>
        <QueryClientProvider client={client}>
          <ToastStoreProvider store={toasts}>
            <SocketProvider userId="u1" connect={() => socket}>
              <ImageLive />
              <MemoryRouter initialEntries={["/app/gallery"]}>
                <GalleryScreen userId="u1" />
              </MemoryRouter>
            </SocketProvider>
          </ToastStoreProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
  return seen;
}

describe("GalleryScreen", () => {
  it("shows failed tiles after the day's finished images, each saying why it failed", async () => {
    const failedSwap = imageRecord("s", { kind: "subject-replaced", status: "failed", errorCode: "unprocessable:swap_subject", creditsSpent: 1, createdAt: hoursAgo(0), width: null, height: null });
    const older = ready("c", { createdAt: hoursAgo(0.2) });
    renderGallery(() => json({ images: [failedSwap, images[0], older], nextCursor: null, counts: { all: 3, generated: 2, "subject-replaced": 1, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } }));
    await screen.findByRole("button", { name: "Open image: Prompt a" });
    const order = [...document.querySelectorAll<HTMLElement>('[data-testid="gallery-tile"]')].map((tile) => tile.dataset.imageId);
    expect(order).toEqual(["a", "c", "s"]);
    expect(screen.getByTestId("tile-failed").textContent).toContain("There's no one clear person in that image to swap.");
  });

  it("loads, then fails with Retry, and shows the gallery after a retry", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    renderGallery(async () => {
      calls += 1;
      if (calls === 1) {
        await held;
        return json({ error: "down", code: "unavailable:database" }, 503);
      }
      return json(page);
    });
    expect(screen.getByRole("status", { name: "Loading gallery…" })).toBeTruthy();
    release();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load gallery");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByRole("button", { name: "Open image: Prompt a" });
    expect(calls).toBe(2);
  });

  it("groups by date, shows each tab's count, a failed tile with its reason and refund, and asks again for a tab", async () => {
    const seen = renderGallery((url) => (url.searchParams.get("kind") === "subject-replaced" ? json({ images: [images[2]], nextCursor: null, counts: page.counts }) : json(page)));
    await screen.findByRole("button", { name: "Open image: Prompt a" });
    expect(screen.getAllByTestId("date-heading").map((h) => h.textContent)).toEqual([
      "Today",
      new Intl.DateTimeFormat("en", { month: "long", year: "numeric" }).format(new Date(now.getFullYear(), now.getMonth() - 2, 10)),
    ]);
    const tabs = screen.getByTestId("kind-filters");
    expect([...tabs.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["All Images3", "Generated2", "Subject Replaced1", "Chat Edits0", "Editor Edits0", "From video0"]);
    const failed = screen.getByTestId("tile-failed");
    expect(failed.textContent).toContain("4 credits refunded");
    // Each tile in its own shape: the 9:16 image is taller than wide, the 16:9 one wider; the failed one room for words.
    const box = (id: string) => {
      const el = document.querySelector<HTMLElement>(`[data-testid="gallery-tile"][data-image-id="${id}"]`);
      return Number.parseFloat(el?.style.width ?? "0") / Number.parseFloat(el?.style.height ?? "1");
    };
    expect(box("b")).toBeCloseTo(9 / 16, 1);
    expect(box("a")).toBeCloseTo(16 / 9, 1);
    expect(box("f")).toBeCloseTo(1, 1);

    fireEvent.click(within(tabs).getByRole("button", { name: /Subject Replaced/ }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Open image: Prompt a" })).toBeNull());
    expect(seen.at(-1)?.searchParams.get("kind")).toBe("subject-replaced");
    expect(within(tabs).getByRole("button", { name: /Subject Replaced/ }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows chat edits under their own tab with its count, and asks for that tab", async () => {
    const chatEdit = ready("e", { kind: "edited", conversationId: "c1", prompt: "Headline yellow", createdAt: hoursAgo(0.2) });
    const counts = { all: 4, generated: 2, "subject-replaced": 1, "chat-edited": 1, "editor-edited": 0, "from-video": 0 };
    const seen = renderGallery((url) =>
      json(url.searchParams.get("kind") === "chat-edited" ? { images: [chatEdit], nextCursor: null, counts } : { ...page, images: [images[0], images[1], chatEdit, images[2]], counts }),
    );
    await screen.findByRole("button", { name: "Open image: Headline yellow" });
    const tabs = screen.getByTestId("kind-filters");
    const chatTab = within(tabs).getByRole("button", { name: /Chat Edits/ });
    expect(chatTab.textContent).toBe("Chat Edits1");
    fireEvent.click(chatTab);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Open image: Prompt a" })).toBeNull());
    expect(seen.at(-1)?.searchParams.get("kind")).toBe("chat-edited");
    expect(within(tabs).getByRole("button", { name: /Chat Edits/ }).getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByRole("button", { name: "Open image: Headline yellow" })).toBeTruthy();
  });

  it("lists frames saved from a video under From video, with the video's name and moment on the tile and in the viewer", async () => {
    const frame = ready("v", {
      kind: "upload",
      prompt: null,
      style: null,
      model: null,
      createdAt: hoursAgo(0.2),
      sourceVideo: { videoId: "5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f", name: "my-vlog.mp4", durationMs: 200_000, timeMs: 65_000 },
    });
    const counts = { all: 4, generated: 2, "subject-replaced": 1, "chat-edited": 0, "editor-edited": 0, "from-video": 1 };
    const seen = renderGallery((url) =>
      json(url.searchParams.get("kind") === "from-video" ? { images: [frame], nextCursor: null, counts } : { ...page, images: [images[0], frame, images[1], images[2]], counts }),
    );
    const tabs = screen.getByTestId("kind-filters");
    const fromVideoTab = await within(tabs).findByRole("button", { name: /From video/ });
    await waitFor(() => expect(fromVideoTab.textContent).toBe("From video1"));
    fireEvent.click(fromVideoTab);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Open image: Prompt a" })).toBeNull());
    expect(seen.at(-1)?.searchParams.get("kind")).toBe("from-video");
    const label = "From “my-vlog.mp4” at 1:05 of 3:20";
    const tile = await screen.findByRole("button", { name: `Open image: ${label}` });
    expect(screen.getByTestId("tile-from-video").textContent).toBe(label);
    fireEvent.click(tile);
    const viewer = await screen.findByRole("dialog");
    expect(within(viewer).getAllByText(label).length).toBeGreaterThan(0);
    expect(within(viewer).getByRole("link", { name: "Use in chat" })).toBeTruthy();
    expect(within(viewer).getByRole("link", { name: "Open in editor" })).toBeTruthy();
  });

  it("says when there is nothing yet, and when nothing matches the filters (with a way back)", async () => {
    renderGallery((url) => json(url.searchParams.get("q") ? { images: [], nextCursor: null, counts: { all: 0, generated: 0, "subject-replaced": 0, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } } : { ...page, images: [], counts: { all: 0, generated: 0, "subject-replaced": 0, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } }));
    await screen.findByTestId("gallery-empty");
    expect(screen.getByText("No images yet")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search prompts and chats" }), { target: { value: "pizza" } });
    fireEvent.keyDown(screen.getByRole("searchbox", { name: "Search prompts and chats" }), { key: "Enter" });
    await screen.findByTestId("gallery-filtered-empty");
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await screen.findByTestId("gallery-empty");
  });

  it("follows the socket: a running tile turns ready, a new image joins today and is counted, a deleted one leaves", async () => {
    const server = fakeSocket();
    const running = imageRecord("r", { status: "running", prompt: "Prompt r", createdAt: hoursAgo(0.05) });
    renderGallery(() => json({ ...page, images: [images[0], running, ...images.slice(1)], counts: { all: 4, generated: 3, "subject-replaced": 1, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } }), server.socket);
    await screen.findByRole("button", { name: "Open image: Prompt a" });
    const tile = (id: string) => document.querySelector<HTMLElement>(`[data-testid="gallery-tile"][data-image-id="${id}"]`);
    const allTab = () => within(screen.getByTestId("kind-filters")).getByRole("button", { name: /All Images/ }).textContent;
    expect(tile("r")?.getAttribute("data-status")).toBe("running");

    act(() => server.emit("image:update", { image: ready("r", { createdAt: running.createdAt }) }));
    await waitFor(() => expect(tile("r")?.getAttribute("data-status")).toBe("ready"));
    act(() => server.emit("gallery:new", { image: ready("n", { createdAt: new Date().toISOString() }) }));
    await screen.findByRole("button", { name: "Open image: Prompt n" });
    expect(allTab()).toBe("All Images5");
    act(() => server.emit("image:deleted", { imageId: "a" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Open image: Prompt a" })).toBeNull());
    expect(allTab()).toBe("All Images4");
  });

  it("opens the viewer; → and ← browse, Escape closes and focus returns to the tile", async () => {
    renderGallery(() => json(page));
    const tile = await screen.findByRole("button", { name: "Open image: Prompt a" });
    fireEvent.click(tile);
    const viewer = await screen.findByTestId("image-viewer");
    expect(viewer.getAttribute("data-image-id")).toBe("a");
    expect(within(viewer).getByTestId("viewer-prompt").textContent).toBe("Prompt a");
    expect(within(viewer).getByRole("link", { name: "Open in editor" }).getAttribute("href")).toBe("/app/editor/a");
    expect(within(viewer).getByRole("link", { name: "Use in chat" }).getAttribute("href")).toBe("/app?attach=a");
    expect(within(viewer).getByRole("link", { name: "Download as WebP" }).getAttribute("href")).toBe("/api/images/a/original?format=webp&download=1");
    fireEvent.keyDown(viewer, { key: "ArrowRight" });
    expect(screen.getByTestId("image-viewer").getAttribute("data-image-id")).toBe("f");
    expect(screen.getByTestId("image-viewer").textContent).toContain("This image failed");
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowRight" });
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowRight" });
    expect(screen.getByTestId("image-viewer").getAttribute("data-image-id")).toBe("b");
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowLeft" });
    expect(screen.getByTestId("image-viewer").getAttribute("data-image-id")).toBe("f");
    // Zoom keys on a ready image.
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowLeft" });
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "+" });
    expect(screen.getByTestId("viewer-image").style.transform).toContain("scale(1.5)");
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "0" });
    expect(screen.getByTestId("viewer-image").style.transform).toContain("scale(1)");
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowRight" });
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "Escape" });
    });
    await waitFor(() => expect(screen.queryByTestId("image-viewer")).toBeNull());
    // Focus goes back to the tile of the image last shown.
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Open image: a prompt"));
  });
  it("shows the video's title in the viewer's details and saves a new one with the image", async () => {
    const seen = renderGallery((url) => (url.pathname === "/api/images/a/title" ? json({ image: ready("a", { createdAt: images[0]!.createdAt, title: "I tried 100 days of coding" }) }) : json(page)));
    fireEvent.click(await screen.findByRole("button", { name: "Open image: Prompt a" }));
    const viewer = await screen.findByTestId("image-viewer");
    const field = within(viewer).getByLabelText("Video title") as HTMLInputElement;
    expect(field.value).toBe("");
    expect(within(viewer).getByTestId("video-title-state").textContent).toBe("No title saved yet: the preview suggests one from the thumbnail's words.");
    // Typing in the field is not a viewer shortcut: "+" zooms nothing, the arrows browse nothing.
    fireEvent.keyDown(field, { key: "ArrowRight" });
    expect(screen.getByTestId("image-viewer").getAttribute("data-image-id")).toBe("a");
    fireEvent.change(field, { target: { value: "I tried 100 days of coding" } });
    await act(async () => {
      fireEvent.click(within(viewer).getByTestId("video-title-save"));
    });
    await waitFor(() => expect(within(screen.getByTestId("image-viewer")).getByTestId("video-title-state").textContent).toBe("Saved with the image."));
    expect(seen.some((url) => url.pathname === "/api/images/a/title")).toBe(true);
  });

  it("runs the feed check from the viewer, and a fix opens the new image in the viewer", async () => {
    const check = {
      imageId: "a",
      headline: "PROMPT A",
      title: null,
      method: "scene",
      ocrLanguage: null,
      readsOnPhones: false,
      sizes: [{ size: "mobile-search", theme: "dark", width: 168, height: 94, verdict: "fail", reads: false, readBack: null, distance: null, capHeight: 5, contrast: 7 }],
      findings: [{ id: "small-headline", severity: "fail", sizes: ["mobile-search"], details: {}, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } }],
      checkedAt: new Date().toISOString(),
    };
    const made = imageRecord("n", { status: "pending", kind: "edited", parentId: "a", createdAt: new Date().toISOString() });
    const seen = renderGallery((url) => (url.pathname === "/api/images/a/check" ? json({ check }) : url.pathname === "/api/images/a/fix" ? json({ image: made }, 202) : json(page)));
    fireEvent.click(await screen.findByRole("button", { name: "Open image: Prompt a" }));
    const viewer = await screen.findByTestId("image-viewer");
    fireEvent.click(within(viewer).getByRole("button", { name: "Feed check" }));
    const dialog = await screen.findByRole("dialog", { name: "Feed check" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Bigger headline" }));
    await waitFor(() => expect(screen.getByTestId("image-viewer").getAttribute("data-image-id")).toBe("n"));
    expect(seen.map((url) => url.pathname)).toEqual(expect.arrayContaining(["/api/images/a/check", "/api/images/a/fix"]));
  });

  it("select mode: two or three finished images are put to the community's vote, with the hours chosen", async () => {
    const posts: { body: unknown; key: string | undefined }[] = [];
    const toasts = new ToastStore();
    renderGallery((url, init) => {
      if (url.pathname !== "/api/community-polls") return json(page);
      if (init?.method !== "POST") return json({ polls: [], canPost: true, cannotPostReason: null });
      posts.push({ body: JSON.parse(String(init.body)), key: (init.headers as Record<string, string>)["Idempotency-Key"] });
      const at = new Date().toISOString();
      return json(
        {
          poll: { id: "p1", kind: "images", targetId: null, imageIds: ["a", "b"], status: "posting", createdAt: at, closesAt: at, closedAt: null, messageUrl: null, tally: [], winnerImageId: null },
        },
        201,
      );
    }, fakeSocket().socket, toasts);
    fireEvent.click(await screen.findByRole("button", { name: "Select" }));
    const ask = (await screen.findByRole("button", { name: "Ask the community" })) as HTMLButtonElement;
    // Not yet: it says what it needs, as the button's description.
    expect(ask.disabled).toBe(true);
    expect(document.getElementById(ask.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Pick 2 or 3 images to ask the community.");
    fireEvent.click(screen.getByRole("button", { name: "Select image: Prompt a" }));
    expect(ask.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Select image: Prompt b" }));
    await waitFor(() => expect(ask.disabled).toBe(false));
    expect(ask.hasAttribute("aria-describedby")).toBe(false);

    fireEvent.click(ask);
    expect((await screen.findByRole("dialog", { name: "Ask the community" })).textContent).toContain("Post these 2 images");
    fireEvent.click(screen.getByRole("radio", { name: "1 hour" }));
    fireEvent.click(screen.getByRole("button", { name: "Post to Discord" }));
    await waitFor(() => expect(toasts.toasts.map((toast) => toast.title)).toEqual(["Posted to Discord. The votes show in each image's viewer, live."]));
    expect(posts).toEqual([{ body: { kind: "images", imageIds: ["a", "b"], hours: 1 }, key: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    // Done: the selection is gone.
    expect(screen.queryByTestId("selection-bar")).toBeNull();
  });

  it("the viewer shows the community vote an image is in, each choice with its picture, live", async () => {
    const at = new Date().toISOString();
    const votes = (a: number) => [
      { imageId: "a", label: "A", discord: a, web: 1, total: a + 1 },
      { imageId: "b", label: "B", discord: 2, web: 0, total: 2 },
    ];
    const open = { id: "p1", kind: "images", targetId: null, imageIds: ["a", "b"], status: "open", createdAt: at, closesAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), closedAt: null, messageUrl: "https://discord.com/channels/1/2/3", tally: votes(3), winnerImageId: null };
    const { socket, emit } = fakeSocket();
    const seen = renderGallery((url) => (url.pathname === "/api/community-polls" ? json({ polls: url.searchParams.get("imageId") === "a" ? [open] : [], canPost: true, cannotPostReason: null }) : json(page)), socket);
    fireEvent.click(await screen.findByRole("button", { name: "Open image: Prompt a" }));
    const panel = await within(screen.getByTestId("image-viewer")).findByTestId("poll-panel");
    expect(seen.some((url) => url.pathname === "/api/community-polls" && url.searchParams.get("imageId") === "a")).toBe(true);
    expect(within(panel).getByTestId("poll-status").textContent).toBe("Open · closes in 3 days");
    expect(within(within(panel).getByTestId("poll-row-A")).getByText("4 votes")).toBeTruthy();
    expect(within(panel).getByTestId("poll-row-B").querySelector("img")?.getAttribute("src")).toBe("/t/b");
    act(() => emit("community:poll", { poll: { ...open, tally: votes(6) } }));
    await waitFor(() => expect(within(screen.getByTestId("poll-row-A")).getByText("7 votes")).toBeTruthy());
    // An image in no poll shows none.
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowRight" });
    fireEvent.keyDown(screen.getByTestId("image-viewer"), { key: "ArrowRight" });
    await waitFor(() => expect(screen.getByTestId("image-viewer").getAttribute("data-image-id")).toBe("b"));
    await waitFor(() => expect(seen.some((url) => url.searchParams.get("imageId") === "b")).toBe(true));
    expect(screen.queryByTestId("poll-panel")).toBeNull();
  });
});
