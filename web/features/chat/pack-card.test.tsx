import { MemoryRouter } from "react-router";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { imageKey, imageProgressAtom } from "../../lib/image-cache.ts";
import type { ImageActions } from "./image-result.tsx";
import { PackToolCard } from "./pack-card.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { PackToolPart } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PACK = "9f3c2b1a-0000-4000-8000-000000000001";
const input = { prompt: "I tried 100 days of coding" };
const ids = ["pack-a", "pack-b", "pack-c"];
const urlsOf = (id: string) => ({ original: `/i/${id}/original`, preview: `/i/${id}/preview`, thumb: `/i/${id}/thumb`, download: `/i/${id}/download` });
const ready = (id: string): ImageRecord => imageRecord(id, { status: "ready", prompt: input.prompt, packId: PACK, urls: urlsOf(id) });
const running = (id: string): ImageRecord => imageRecord(id, { status: "running", prompt: input.prompt, packId: PACK });

function actions() {
  return { onEdit: vi.fn<ImageActions["onEdit"]>(), onVariation: vi.fn<ImageActions["onVariation"]>(), canSend: true } satisfies ImageActions;
}

function partWith(images: ImageRecord[]): PackToolPart {
  return { type: "tool-generatePack", toolCallId: "p1", state: "output-available", input, output: { images, creditsSpent: 3, creditsLeft: 7 } } as PackToolPart;
}

describe("PackToolCard", () => {
  it("while the call runs: the pack's title and the live progress", () => {
    const part = { type: "tool-generatePack", toolCallId: "p1", state: "input-available", input } as PackToolPart;
    const { store } = renderChat(<MemoryRouter><PackToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.getByRole("heading", { name: "A/B pack for YouTube's Test & Compare" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Generating image...");
    act(() => store.set(imageProgressAtom, { "img-9": { stage: "background", percent: 40 } }));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
  });

  it("shows the three variants side by side with their own progress, and the zip only once all three are ready", async () => {
    const images = ids.map(running);
    vi.stubGlobal("fetch", vi.fn(async (url: string) => new Response(JSON.stringify({ image: images.find((i) => url.endsWith(i.id)) ?? images[0] }), { status: 200 })));
    const { store, client } = renderChat(<MemoryRouter><PackToolCard part={partWith(images)} actions={actions()} /></MemoryRouter>, i18n);
    const variants = screen.getAllByTestId("pack-variant");
    expect(variants.map((v) => within(v).getByText(/^Variant [ABC]$/).textContent)).toEqual(["Variant A", "Variant B", "Variant C"]);
    // Side by side from the small breakpoint up, stacked below it (375 px phones).
    expect(screen.getByTestId("pack-variants").className).toMatch(/(^|\s)grid(\s|$)/);
    expect(screen.getByTestId("pack-variants").className).toContain("sm:grid-cols-3");
    expect(screen.getByTestId("pack-variants").className).not.toMatch(/(^|\s)grid-cols-/);

    act(() => store.set(imageProgressAtom, { "pack-a": { stage: "text", percent: 70 }, "pack-b": { stage: "layout", percent: 10 } }));
    expect(within(variants[0] as HTMLElement).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("70");
    expect(within(variants[1] as HTMLElement).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("10");
    expect(screen.queryByTestId("pack-download")).toBeNull();

    act(() => {
      client.setQueryData<ImageRecord>(imageKey("pack-a"), ready("pack-a"));
      client.setQueryData<ImageRecord>(imageKey("pack-b"), ready("pack-b"));
    });
    await waitFor(() => expect(screen.getAllByTestId("chat-image").filter((i) => i.getAttribute("data-status") === "ready")).toHaveLength(2));
    expect(screen.queryByTestId("pack-download")).toBeNull();

    act(() => client.setQueryData<ImageRecord>(imageKey("pack-c"), ready("pack-c")));
    const download = await screen.findByTestId("pack-download");
    expect(download.textContent).toBe("Download all (.zip)");
    expect(download.getAttribute("href")).toBe(`/api/packs/${PACK}/zip`);
    expect(download.hasAttribute("download")).toBe(true);
    expect(screen.getByText("Generated successfully")).toBeTruthy();
    // Each variant keeps the usual actions.
    for (const variant of screen.getAllByTestId("pack-variant")) {
      expect(within(variant).getByRole("link", { name: "Download" })).toBeTruthy();
      expect(within(variant).getByRole("button", { name: "Edit" })).toBeTruthy();
      expect(within(variant).getByRole("button", { name: "Variation" })).toBeTruthy();
    }
    expect(screen.getByTestId("tool-credits").textContent).toBe("3 credits spent · 7 left");
  });

  it("offers no zip when a variant failed, and says to take the others one by one", () => {
    const failed = imageRecord("pack-b", { status: "failed", packId: PACK, errorCode: "unavailable:provider", error: "down" });
    renderChat(<MemoryRouter><PackToolCard part={partWith([ready("pack-a"), failed, ready("pack-c")])} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.queryByTestId("pack-download")).toBeNull();
    expect(screen.getByText("One variant failed; download the others one by one.")).toBeTruthy();
  });

  it("a finished pack can be put to the community's vote; its poll shows under the variants, while the pack is not finished neither does", async () => {
    const at = new Date().toISOString();
    const open = { id: "p1", kind: "pack", targetId: PACK, imageIds: ids, status: "open", createdAt: at, closesAt: new Date(Date.now() + 3_600_000).toISOString(), closedAt: null, messageUrl: "https://discord.com/channels/1/2/3", tally: ids.map((id, i) => ({ imageId: id, label: "ABC"[i], discord: i, web: 0, total: i })), winnerImageId: null };
    let polls: unknown[] = [];
    let finished = false;
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.startsWith("/api/community-polls")) return Response.json({ polls, canPost: true, cannotPostReason: null });
        const id = ids.find((each) => url.endsWith(each)) ?? "pack-a";
        return Response.json({ image: finished ? ready(id) : running(id) });
      }),
    );
    const first = renderChat(<MemoryRouter><PackToolCard part={partWith(ids.map(running))} actions={actions()} /></MemoryRouter>, i18n);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(urls.some((url) => url.startsWith("/api/community-polls"))).toBe(false);
    first.unmount();
    finished = true;
    renderChat(<MemoryRouter><PackToolCard part={partWith(ids.map(ready))} actions={actions()} /></MemoryRouter>, i18n);
    expect(await screen.findByRole("button", { name: "Ask the community" })).toBeTruthy();
    expect(urls).toContain(`/api/community-polls?kind=pack&targetId=${PACK}`);
    cleanup();
    polls = [open];
    renderChat(<MemoryRouter><PackToolCard part={partWith(ids.map(ready))} actions={actions()} /></MemoryRouter>, i18n);
    const panel = await screen.findByTestId("poll-panel");
    expect(within(panel).getByTestId("poll-row-C").textContent).toContain("2 votes");
    expect(screen.queryByRole("button", { name: "Ask the community" })).toBeNull();
  });

  it("in Japanese: every string of the card is translated", async () => {
    for (const namespace of ["chat", "app"]) {
      i18n.addResourceBundle("ja", namespace, JSON.parse(readFileSync(join(process.cwd(), `web/locales/ja/${namespace}.json`), "utf8")));
    }
    await i18n.changeLanguage("ja");
    try {
      renderChat(<MemoryRouter><PackToolCard part={partWith(ids.map(ready))} actions={actions()} /></MemoryRouter>, i18n);
      expect(screen.getByTestId("pack-download").textContent).toBe("すべてダウンロード（.zip）");
      expect(screen.getAllByText(/^パターン [ABC]$/)).toHaveLength(3);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
