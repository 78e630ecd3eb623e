import { MemoryRouter } from "react-router";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SceneChange } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { imageKey, imageProgressAtom } from "../../lib/image-cache.ts";
import type { ImageActions } from "./image-result.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import { ImageToolCard, PersonasToolCard } from "./tool-card.tsx";
import type { ImageToolPart, PersonasToolPart } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input = { prompt: "A chef in a neon kitchen", style: "cartoon" as const };
const urls = { original: "/i/img-1/original", preview: "/i/img-1/preview", thumb: "/i/img-1/thumb", download: "/i/img-1/download" };
const ready = imageRecord("img-1", { status: "ready", prompt: input.prompt, style: "cartoon", creditsSpent: 3, urls });

function actions() {
  return { onEdit: vi.fn<ImageActions["onEdit"]>(), onVariation: vi.fn<ImageActions["onVariation"]>(), canSend: true } satisfies ImageActions;
}

describe("ImageToolCard", () => {
  it("while the call runs: 'Generating image...' with the live progress", () => {
    const part = { type: "tool-generateThumbnail", toolCallId: "t1", state: "input-available", input } as ImageToolPart;
    const { store } = renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("tool-card").getAttribute("data-state")).toBe("input-available");
    expect(screen.getByRole("status").textContent).toContain("Generating image...");
    expect(screen.getByText(input.prompt)).toBeTruthy();
    act(() => store.set(imageProgressAtom, { "img-9": { stage: "background", percent: 40 } }));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
    expect(screen.getByRole("status").textContent).toContain("40%");
  });

  it("a returned image still rendering shows its own progress, then the image when the socket says ready", async () => {
    const pending = imageRecord("img-1", { status: "running", prompt: input.prompt });
    const part = { type: "tool-generateThumbnail", toolCallId: "t1", state: "output-available", input, output: { images: [pending], creditsSpent: 3, creditsLeft: 7 } } as ImageToolPart;
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ image: pending }), { status: 200 })));
    const { store, client } = renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    act(() => store.set(imageProgressAtom, { "img-1": { stage: "text", percent: 70 } }));
    expect(screen.getByTestId("chat-image").getAttribute("data-status")).toBe("running");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("70");
    expect(screen.getAllByText("Generating image...").length).toBeGreaterThan(0);
    act(() => client.setQueryData<ImageRecord>(imageKey("img-1"), ready));
    await waitFor(() => expect(screen.getByTestId("chat-image").getAttribute("data-status")).toBe("ready"));
    expect(screen.getByText("Generated successfully")).toBeTruthy();
  });

  it("an edit that changed nothing says so, with no image, no cost line and never 'Generated successfully'", () => {
    const part = { type: "tool-editImage", toolCallId: "t1", state: "output-available", input: { instruction: "make the headline yellow" }, output: { images: [], creditsSpent: 0, creditsLeft: 7, outcome: "no-change", changes: [] } } as ImageToolPart;
    renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("tool-no-change").textContent).toContain("Nothing to change");
    expect(screen.getByTestId("tool-no-change").textContent).toContain("no credits were spent");
    expect(screen.queryByText("Generated successfully")).toBeNull();
    expect(screen.queryByTestId("tool-credits")).toBeNull();
  });

  it("an edit of the headline alone says it was free, on the image and under it; a refunded one does not", () => {
    const free = { ...ready, creditsSpent: 0 };
    const changes: SceneChange[] = [{ layer: "headline", property: "color", from: "#ffffff", to: "#ffd60a" }];
    const part = { type: "tool-editImage", toolCallId: "t1", state: "output-available", input: { instruction: "make the headline yellow" }, output: { images: [free], creditsSpent: 0, creditsRefunded: 0, creditsLeft: 7, changes } } as ImageToolPart;
    const view = renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("chat-image-cost").textContent).toBe("Free");
    expect(screen.getByTestId("tool-credits").textContent).toBe("Free, only the headline changed · 7 credits left");
    view.unmount();

    const failed = { ...ready, status: "failed" as const, creditsSpent: 1, errorCode: "unavailable:provider" };
    const refunded = { ...part, output: { images: [failed], creditsSpent: 0, creditsRefunded: 1, creditsLeft: 8, changes: [{ layer: "background", property: "color", from: "#1d3557", to: "#e63946" }] } } as ImageToolPart;
    renderChat(<MemoryRouter><ImageToolCard part={refunded} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.getByTestId("tool-credits").textContent).toBe("0 credits spent · 8 left");
  });

  it("a finished call shows the image with its prompt, style, model and cost, and its actions", async () => {
    const part = { type: "tool-generateThumbnail", toolCallId: "t1", state: "output-available", input, output: { images: [ready], creditsSpent: 3, creditsLeft: 7 } } as ImageToolPart;
    const handlers = actions();
    renderChat(<MemoryRouter><ImageToolCard part={part} actions={handlers} /></MemoryRouter>, i18n);
    expect(screen.getByText("Generated successfully")).toBeTruthy();
    const image = screen.getByTestId("chat-image");
    expect((within(image).getByRole("img") as HTMLImageElement).getAttribute("src")).toBe(urls.preview);
    expect(image.textContent).toContain(input.prompt);
    expect(image.textContent).toContain("Cartoon");
    expect(image.textContent).toContain("Thumbforge Studio");
    expect(screen.getByTestId("chat-image-cost").textContent).toContain("3 credits");
    expect(screen.getByTestId("tool-credits").textContent).toBe("3 credits spent · 7 left");
    expect(within(image).getByRole("link", { name: /Download/ }).getAttribute("href")).toBe(urls.download);
    fireEvent.click(within(image).getByRole("button", { name: /Edit/ }));
    expect(handlers.onEdit).toHaveBeenCalledWith(ready);
    fireEvent.click(within(image).getByRole("button", { name: /Variation/ }));
    expect(handlers.onVariation).toHaveBeenCalledWith(ready);
    fireEvent.click(within(image).getByRole("button", { name: `Open full screen: ${input.prompt}` }));
    const dialog = await screen.findByRole("dialog", { name: "Thumbnail" });
    expect(within(dialog).getByRole("img").getAttribute("src")).toBe(urls.original);
  });

  it("a finished image opens the YouTube feed preview; one still rendering offers none", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ image: ready, scene: null })));
    const running = imageRecord("img-2", { status: "running", prompt: input.prompt });
    const part = { type: "tool-generateThumbnail", toolCallId: "t1", state: "output-available", input, output: { images: [ready, running], creditsSpent: 6, creditsLeft: 4 } } as ImageToolPart;
    renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    const [finished, rendering] = screen.getAllByTestId("chat-image");
    expect(within(rendering!).queryByRole("button", { name: "Preview in feed" })).toBeNull();
    fireEvent.click(within(finished!).getByRole("button", { name: "Preview in feed" }));
    const dialog = await screen.findByRole("dialog", { name: "Preview in feed" });
    expect(within(dialog).getByTestId("feed-title").textContent).toBe(input.prompt);
    expect(within(dialog).getByRole("img", { name: /168×94/ })).toBeTruthy();
  });

  it("a failed call says so and that no credits were spent (it charged nothing)", () => {
    const part = { type: "tool-generateThumbnail", toolCallId: "t1", state: "output-error", input, errorText: "provider down" } as ImageToolPart;
    renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Generation failed");
    expect(status.textContent).toContain("No credits were spent.");
    expect(status.textContent).not.toMatch(/refund/i);
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("a failed image inside a result names the refund", () => {
    const failed = imageRecord("img-2", { status: "failed", creditsSpent: 3, errorCode: "unavailable:provider" });
    const part = { type: "tool-editImage", toolCallId: "t2", state: "output-available", input: { instruction: "Bigger text" }, output: { images: [failed], creditsSpent: 3, creditsLeft: 7 } } as ImageToolPart;
    renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    expect(screen.getByRole("status").textContent).toContain("Generation failed");
    expect(screen.getByTestId("chat-image").textContent).toContain("Your 3 credits were refunded.");
    expect(screen.getByTestId("chat-image").textContent).toContain("The image service is unavailable right now.");
  });

  it("a swap that found no one clear person says so and what to try, not that something went wrong", () => {
    const failed = imageRecord("img-3", { kind: "subject-replaced", status: "failed", creditsSpent: 1, errorCode: "unprocessable:swap_subject" });
    const part = { type: "tool-replaceSubject", toolCallId: "t4", state: "output-available", input: { personaHandle: "leo" }, output: { images: [failed], creditsSpent: 1, creditsLeft: 9 } } as ImageToolPart;
    renderChat(<MemoryRouter><ImageToolCard part={part} actions={actions()} /></MemoryRouter>, i18n);
    const card = screen.getByTestId("chat-image").textContent;
    expect(card).toContain("There's no one clear person in that image to swap. Try a photo with one person in it, or pick one of your Studio thumbnails.");
    expect(card).not.toContain("Something went wrong");
  });
});

describe("PersonasToolCard", () => {
  it("lists the personas by handle", () => {
    const part = {
      type: "tool-listPersonas",
      toolCallId: "t3",
      state: "output-available",
      input: {},
      output: { personas: [{ id: "p1", handle: "chef", name: "Chef Marco", role: "host" }] },
    } as PersonasToolPart;
    renderChat(<MemoryRouter><PersonasToolCard part={part} /></MemoryRouter>, i18n);
    expect(screen.getByRole("listitem").textContent).toContain("@chef");
    expect(screen.getByRole("listitem").textContent).toContain("Chef Marco");
  });
});
