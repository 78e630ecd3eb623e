import { MemoryRouter } from "react-router";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import { receiveImage } from "../../lib/image-lists.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import { PickToolCard } from "./pick-card.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { PickToolPart } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
  // jsdom measures nothing; the slider's thumb asks for its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const urlsOf = (id: string) => ({ original: `/i/${id}/original`, preview: `/i/${id}/preview`, thumb: `/i/${id}/thumb`, download: `/i/${id}/download` });
const version = (id: string, parentId: string | null, at: string): ImageRecord =>
  imageRecord(id, { status: "ready", prompt: "100 days of coding", parentId, urls: urlsOf(id), width: 1280, height: 720, createdAt: at });
const chain = [version("v-1", null, "2026-11-27T10:00:00.000Z"), version("v-2", "v-1", "2026-11-27T10:01:00.000Z"), version("v-3", "v-2", "2026-11-27T10:02:00.000Z")];

/** The server's answer to GET /api/images/:id/versions (and nothing else). */
function serveVersions(versions: readonly ImageRecord[]) {
  const fetch = vi.fn(async (url: string) => (String(url).endsWith("/versions") ? new Response(JSON.stringify({ versions })) : new Response("{}", { status: 404 })));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const actions: ImageActions = { onEdit: () => undefined, onVariation: () => undefined, canSend: true };

describe("an image card's versions", () => {
  it("shows a strip of its versions, the shown one marked, and a click shows that version with its own links", async () => {
    const fetch = serveVersions(chain);
    renderChat(<MemoryRouter><ImageResult initial={chain[2] as ImageRecord} actions={actions} /></MemoryRouter>, i18n);
    const strip = await screen.findByTestId("version-strip");
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/images/v-3/versions");
    const thumbs = within(strip).getAllByRole("button");
    expect(thumbs.map((b) => b.textContent)).toEqual(["v1", "v2", "v3"]);
    expect(thumbs.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "false", "true"]);
    expect(screen.getByText("3 versions")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "v1, version 1 of 3" }));
    expect(screen.getByTestId("chat-image").getAttribute("data-shown-id")).toBe("v-1");
    expect(screen.getByRole("link", { name: "Download" }).getAttribute("href")).toBe("/i/v-1/download");
    expect(screen.getByTestId("open-in-editor").getAttribute("href")).toContain("v-1");
    expect(within(strip).getAllByRole("button").map((b) => b.getAttribute("aria-pressed"))).toEqual(["true", "false", "false"]);
  });

  it("reads the chain again when an edit of one of its versions finishes, so an older card's strip grows", async () => {
    const answers = [chain.slice(0, 2), chain];
    // Only the versions are answered: the card's feed check (asked for too) is not what this is about.
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith("/versions") ? new Response(JSON.stringify({ versions: answers.shift() ?? chain })) : new Response("{}", { status: 404 }),
    );
    vi.stubGlobal("fetch", fetch);
    const { client } = renderChat(<MemoryRouter><ImageResult initial={chain[1] as ImageRecord} actions={actions} /></MemoryRouter>, i18n);
    await waitFor(() => expect(screen.getAllByTestId("version-thumb")).toHaveLength(2));
    // As the socket hands over a finished edit of the chain.
    act(() => receiveImage(client, chain[2] as ImageRecord));
    await waitFor(() => expect(screen.getAllByTestId("version-thumb")).toHaveLength(3));
  });

  it("shows no strip for an image that has only itself", async () => {
    const only = version("solo", null, "2026-11-27T10:00:00.000Z");
    const fetch = serveVersions([only]);
    renderChat(<MemoryRouter><ImageResult initial={only} actions={actions} /></MemoryRouter>, i18n);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId("version-strip")).toBeNull();
    expect(screen.queryByTestId("compare-versions")).toBeNull();
  });

  it("compares two versions under a keyboard slider that wipes one over the other, either side picked from the chain", async () => {
    serveVersions(chain);
    renderChat(<MemoryRouter><ImageResult initial={chain[2] as ImageRecord} actions={actions} /></MemoryRouter>, i18n);
    fireEvent.click(await screen.findByTestId("compare-versions"));
    const dialog = await screen.findByRole("dialog", { name: "Compare versions" });
    // The version before the shown one, against the shown one.
    const before = within(dialog).getByTestId("compare-before");
    expect(before.getAttribute("src")).toBe("/i/v-2/preview");
    expect(within(dialog).getByTestId("compare-after").getAttribute("src")).toBe("/i/v-3/preview");
    expect(before.style.clipPath).toBe("inset(0px 50% 0px 0px)");

    const thumb = within(dialog).getByRole("slider", { name: "Wipe between v2 and v3" });
    thumb.focus();
    fireEvent.keyDown(thumb, { key: "ArrowRight" });
    fireEvent.keyDown(thumb, { key: "ArrowRight" });
    expect(thumb.getAttribute("aria-valuenow")).toBe("52");
    expect(before.style.clipPath).toBe("inset(0px 48% 0px 0px)");
    fireEvent.keyDown(thumb, { key: "Home" });
    expect(before.style.clipPath).toBe("inset(0px 100% 0px 0px)");

    const [left] = within(dialog).getAllByRole("group");
    fireEvent.click(within(left as HTMLElement).getByRole("button", { name: "v1" }));
    expect(within(dialog).getByTestId("compare-before").getAttribute("src")).toBe("/i/v-1/preview");
    expect(within(dialog).getByRole("slider", { name: "Wipe between v1 and v3" })).toBeTruthy();
  });
});

describe("PickToolCard", () => {
  it("names the version made current, free, with the image", async () => {
    serveVersions(chain);
    const part = { type: "tool-pickImage", toolCallId: "p1", state: "output-available", input: { move: "undo" }, output: { images: [chain[1]], creditsSpent: 0, creditsLeft: 7, outcome: "picked", version: { number: 2, of: 3 } } } as PickToolPart;
    renderChat(<MemoryRouter><PickToolCard part={part} actions={actions} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("pick-outcome").textContent).toBe("Back to version 2 of 3");
    expect(screen.getByTestId("tool-credits").textContent).toBe("Free · 7 credits left");
    expect(screen.getByTestId("chat-image").getAttribute("data-image-id")).toBe("v-2");
    expect(screen.queryByText("Generated successfully")).toBeNull();
  });

  it("says there was nothing to undo, with no image and no cost", () => {
    const part = { type: "tool-pickImage", toolCallId: "p1", state: "output-available", input: { move: "undo" }, output: { images: [], creditsSpent: 0, creditsLeft: 7, outcome: "nothing-to-undo" } } as PickToolPart;
    renderChat(<MemoryRouter><PickToolCard part={part} actions={actions} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("pick-nothing").textContent).toContain("Nothing to undo");
    expect(screen.getByTestId("pick-nothing").textContent).toContain("no credits were spent");
    expect(screen.queryByTestId("chat-image")).toBeNull();
    expect(screen.queryByTestId("tool-credits")).toBeNull();
  });
});
