import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { CheckToolCard } from "./check-card.tsx";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { CheckToolPart } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const actions: ImageActions = { onEdit: vi.fn(), onVariation: vi.fn(), canSend: true };
const urlsOf = (id: string) => ({ original: `/i/${id}/original`, preview: `/i/${id}/preview`, thumb: `/i/${id}/thumb`, download: `/i/${id}/download` });
const made = imageRecord("img-1", { status: "ready", prompt: "100 days of coding", urls: urlsOf("img-1") });
const fixed = imageRecord("img-2", { status: "pending", prompt: "100 days of coding", parentId: "img-1", kind: "edited" });

const check: FeedCheck = {
  imageId: "img-1",
  headline: "100 DAYS OF CODING",
  title: null,
  method: "scene",
  ocrLanguage: null,
  readsOnPhones: false,
  sizes: [
    { size: "mobile-home", theme: "dark", width: 343, height: 193, verdict: "pass", reads: true, readBack: null, distance: null, capHeight: 10.6, contrast: 7 },
    { size: "mobile-search", theme: "dark", width: 168, height: 94, verdict: "fail", reads: false, readBack: null, distance: null, capHeight: 5.2, contrast: 7 },
  ],
  findings: [{ id: "small-headline", severity: "fail", sizes: ["mobile-search"], details: { capHeight: 5.2 }, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } }],
  checkedAt: "2026-11-27T08:00:00.000Z",
};

/** The API at the wire: the versions of a card, the image, the check and the fix. */
function serve() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (path.endsWith("/versions")) return answer({ versions: [made] });
    if (init?.method === "POST" && path === "/api/images/img-1/check") return answer({ check });
    if (init?.method === "POST" && path === "/api/images/img-1/fix") return answer({ image: fixed }, 202);
    if (path === "/api/images/img-1") return answer({ image: made });
    return answer({ error: "Not found", code: "not_found:route" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the feed check in the chat", () => {
  it("puts the compact verdict on every new image's card, asked for once the image is ready", async () => {
    const fetch = serve();
    renderChat(<MemoryRouter><ImageResult initial={made} actions={actions} /></MemoryRouter>, i18n);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Headline too small at 168×94");
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith("/check"))).toHaveLength(1);
  });

  it("shows a fix's new image in the chat the way an edit appears", async () => {
    serve();
    renderChat(<MemoryRouter><ImageResult initial={made} actions={actions} /></MemoryRouter>, i18n);
    fireEvent.click(await screen.findByRole("button", { name: "See the full check" }));
    const dialog = await screen.findByRole("dialog", { name: "Feed check" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Bigger headline" }));
    await waitFor(() => expect(screen.getAllByTestId("chat-image").map((card) => card.getAttribute("data-image-id"))).toEqual(["img-1", "img-2"]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a checkImage answer's verdict from the answer itself, without asking for the check again", async () => {
    const fetch = serve();
    const part = { type: "tool-checkImage", toolCallId: "c1", state: "output-available", input: {}, output: { check } } as CheckToolPart;
    renderChat(<MemoryRouter><CheckToolCard part={part} actions={actions} /></MemoryRouter>, i18n);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Headline too small at 168×94");
    expect(screen.getByText("The feed check is free.")).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith("/check"))).toHaveLength(0);
  });

  it("says a checkImage answer's words were not checked when nothing could read them, and each size says so in the full check", async () => {
    serve();
    const unread: FeedCheck = { ...check, headline: null, method: "none", findings: [], sizes: check.sizes.map((size) => ({ ...size, verdict: "fail", reads: false, capHeight: null, contrast: null })) };
    const part = { type: "tool-checkImage", toolCallId: "c1", state: "output-available", input: {}, output: { check: unread } } as CheckToolPart;
    renderChat(<MemoryRouter><CheckToolCard part={part} actions={actions} /></MemoryRouter>, i18n);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Words not checked");
    fireEvent.click(screen.getByRole("button", { name: "See the full check" }));
    const dialog = await screen.findByRole("dialog", { name: "Feed check" });
    expect(within(dialog).getByTestId("feed-check-unchecked").textContent).toBe("No headline to read back.");
    expect(within(dialog).getAllByTestId("feed-check-cell").map((cell) => cell.querySelector("p")?.textContent)).toEqual(["Not checked· Dark", "Not checked· Dark"]);
  });

  it("says a failed check failed, charging nothing", () => {
    serve();
    const part = { type: "tool-checkImage", toolCallId: "c1", state: "output-error", input: {}, errorText: "boom" } as CheckToolPart;
    renderChat(<MemoryRouter><CheckToolCard part={part} actions={actions} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("tool-card").getAttribute("data-state")).toBe("output-error");
    expect(screen.queryByText("boom")).toBeNull();
  });
});

