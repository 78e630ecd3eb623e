import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Comparison } from "../../../contract/comparisons.ts";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { COMPARISONS_KEY } from "../../lib/comparisons-api.ts";
import { imageKey } from "../../lib/image-cache.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { MODELS_KEY } from "../../lib/models-api.ts";
import { CompareToolCard } from "./compare-card.tsx";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import { englishI18n, renderChat, testModels } from "./testing.tsx";
import type { CompareToolPart } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "c0ffee00-0000-4000-8000-000000000001";
const urlsOf = (id: string) => ({ original: `/i/${id}/original`, preview: `/i/${id}/preview`, thumb: `/i/${id}/thumb`, download: `/i/${id}/download` });
const studio = imageRecord("cmp-studio", { status: "ready", model: "studio", creditsSpent: 3, durationMs: 1500, comparisonId: ID, urls: urlsOf("cmp-studio") });
const gpt = imageRecord("cmp-gpt", { status: "running", model: "gpt-image", creditsSpent: 6, comparisonId: ID });
const failed = imageRecord("cmp-failed", { status: "failed", model: "gpt-image", creditsSpent: 6, comparisonId: ID, errorCode: "unavailable:provider", error: "down" });
const comparison: Comparison = { id: ID, prompt: "a rocket 'TO THE MOON'", sourceImageId: null, winnerImageId: null, conversationId: "conv-1", creditsSpent: 15, createdAt: "2026-11-27T10:00:00.000Z", images: [studio, gpt, failed] };
const reads = (imageId: string): FeedCheck => ({ imageId, headline: "TO THE MOON", title: null, method: "scene", ocrLanguage: null, readsOnPhones: true, sizes: [], findings: [], checkedAt: "2026-11-27T10:00:00.000Z" });

const part: CompareToolPart = { type: "tool-compareModels", toolCallId: "k1", state: "output-available", input: {}, output: { comparison, creditsSpent: 15, creditsLeft: 85 } };

function setUp(onWinner = vi.fn(), options: { actions?: Partial<ImageActions>; pickRefused?: string; list?: boolean } = {}) {
  const actions: ImageActions = { onEdit: vi.fn(), onVariation: vi.fn(), canSend: true, onComparisonWinner: onWinner, ...options.actions };
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/winner")) {
        const body = JSON.parse(String(init?.body)) as { imageId: string };
        posted.push({ url, body });
        if (options.pickRefused) return new Response(JSON.stringify({ code: options.pickRefused, message: "refused" }), { status: 409, headers: { "content-type": "application/json" } });
        return new Response(JSON.stringify({ comparison: { ...comparison, winnerImageId: body.imageId } }), { status: 200 });
      }
      if (url.endsWith("/check")) return new Response(JSON.stringify({ check: reads(studio.id) }), { status: 200 });
      if (url.includes("/api/comparisons/")) return new Response(JSON.stringify({ comparison }), { status: 200 });
      const image = [studio, gpt, failed].find((each) => url.includes(each.id)) ?? studio;
      return new Response(JSON.stringify({ image }), { status: 200 });
    }),
  );
  const view = renderChat(<MemoryRouter><CompareToolCard part={part} actions={actions} /></MemoryRouter>, i18n);
  return { ...view, posted, onWinner };
}

const pickButtonOf = (index: number) => within(screen.getAllByTestId("comparison-tile")[index] as HTMLElement).getByRole("button", { name: "Pick as winner" });

const tileOf = (imageId: string) => screen.getAllByTestId("comparison-tile").find((tile) => within(tile).queryByRole("img")?.getAttribute("src")?.includes(imageId) ?? false);

describe("CompareToolCard", () => {
  it("shows one tile per model with its model, price, time and feed-check verdict; a failed model says it was refunded", async () => {
    setUp();
    const tiles = screen.getAllByTestId("comparison-tile");
    expect(tiles.map((tile) => within(tile).getByTestId("comparison-model").textContent)).toEqual(["Thumbforge Studio", "GPT Image", "GPT Image"]);
    expect(tiles.map((tile) => within(tile).getByTestId("comparison-cost").textContent)).toEqual(["3 credits", "6 credits", "6 credits refunded"]);
    expect(within(tiles[0] as HTMLElement).getByTestId("comparison-time").textContent).toBe("1.5 s");
    await waitFor(() => expect(within(tiles[0] as HTMLElement).getByTestId("feed-check-verdict").getAttribute("data-reads-on-phones")).toBe("true"));
    expect(within(tiles[1] as HTMLElement).queryByTestId("comparison-time")).toBeNull();
    expect(within(tiles[2] as HTMLElement).getByText("This model failed")).toBeTruthy();
    // Only a finished image can win.
    expect(tiles.map((tile) => within(tile).queryByTestId("comparison-pick") !== null)).toEqual([true, false, false]);
    expect(screen.getByTestId("tool-credits").textContent).toBe("15 credits for 3 models · 85 left · a model that fails is refunded");
  });

  it("fills a tile in as its model finishes", async () => {
    const { client } = setUp();
    expect(screen.getAllByTestId("comparison-tile")[1]?.getAttribute("data-status")).toBe("running");
    act(() => client.setQueryData<ImageRecord>(imageKey(gpt.id), { ...gpt, status: "ready", durationMs: 64_000, urls: urlsOf(gpt.id) }));
    await waitFor(() => expect(screen.getAllByTestId("comparison-tile")[1]?.getAttribute("data-status")).toBe("ready"));
    expect(within(tileOf(gpt.id) as HTMLElement).getByTestId("comparison-time").textContent).toBe("1 min 4 s");
  });

  it("picks a winner: says so on its tile and lets the thread read the note", async () => {
    const { posted, onWinner } = setUp();
    fireEvent.click(within(screen.getAllByTestId("comparison-tile")[0] as HTMLElement).getByRole("button", { name: "Pick as winner" }));
    await waitFor(() => expect(screen.getAllByTestId("comparison-tile")[0]?.getAttribute("data-winner")).toBe("true"));
    expect(within(screen.getAllByTestId("comparison-tile")[0] as HTMLElement).getByTestId("comparison-winner").textContent).toBe("Winner");
    expect(posted).toEqual([{ url: `/api/comparisons/${ID}/winner`, body: { imageId: studio.id, language: "en" } }]);
    expect(onWinner).toHaveBeenCalledWith(expect.objectContaining({ winnerImageId: studio.id }));
  });

  it("offers no pick while the chat is answering or waits on an Approve / Deny", () => {
    setUp(vi.fn(), { actions: { canSend: false } });
    expect((pickButtonOf(0) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    setUp(vi.fn(), { actions: { canSend: true, canPick: false } });
    expect((pickButtonOf(0) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ["conflict:chat_busy", "Wait for the chat's answer to finish, then pick the winner."],
    ["conflict:chat_approval_waiting", "Answer the chat's Approve or Deny first, then pick the winner."],
    ["unavailable:database", "The winner could not be picked. Try again."],
  ])("says why a pick was refused (%s) and shows no winner", async (code, said) => {
    const { onWinner } = setUp(vi.fn(), { pickRefused: code });
    fireEvent.click(pickButtonOf(0));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(said));
    expect(screen.getAllByTestId("comparison-tile")[0]?.getAttribute("data-winner")).toBe("false");
    expect(onWinner).not.toHaveBeenCalled();
  });

  it("announces finished and failed models in one live region, and moves focus to the winner once picked", async () => {
    setUp();
    // A working tile is no live region of its own (it would be read out at every percent): the grid's one says it.
    const working = screen.getAllByTestId("comparison-tile").filter((tile) => tile.getAttribute("data-status") === "running");
    expect(working.length).toBe(1);
    expect(working[0]?.querySelector("[aria-live], [role=status]")).toBeNull();
    expect(screen.getByTestId("comparison-progress").getAttribute("aria-live")).toBe("polite");
    expect(screen.getByTestId("comparison-progress").textContent).toBe("1 of 3 finished, 1 failed");
    fireEvent.click(pickButtonOf(0));
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getAllByTestId("comparison-tile")[0] as HTMLElement).getByTestId("comparison-winner")));
  });

  it("stores the pick in the gallery's list of comparisons too", async () => {
    const { client } = setUp();
    client.setQueryData(COMPARISONS_KEY, { pages: [{ comparisons: [comparison], nextCursor: null }], pageParams: [undefined] });
    fireEvent.click(pickButtonOf(0));
    await waitFor(() => expect(client.getQueryData<{ pages: { comparisons: Comparison[] }[] }>(COMPARISONS_KEY)?.pages[0]?.comparisons[0]?.winnerImageId).toBe(studio.id));
  });

  it("offers Compare on an image card only when at least two models are configured, as the gallery does", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ image: studio, versions: [] }), { status: 200 })));
    const actions: ImageActions = { onEdit: vi.fn(), onVariation: vi.fn(), canSend: true, onCompare: vi.fn() };
    const one = renderChat(<MemoryRouter><ImageResult initial={studio} actions={actions} /></MemoryRouter>, i18n);
    expect(screen.queryByTestId("compare-image")).toBeNull();
    act(() => one.client.setQueryData(MODELS_KEY, { models: testModels.map((model) => ({ ...model, available: true })) }));
    await waitFor(() => expect(screen.getByTestId("compare-image")).toBeTruthy());
  });
});
