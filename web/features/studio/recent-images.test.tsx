import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { GalleryResponse, ImageRecord } from "../../../contract/images.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { fakeSocket } from "../../testing/socket-fixture.ts";
import { RecentImages } from "./recent-images.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const urls = (id: string) => ({ original: `/o/${id}`, preview: `/p/${id}`, thumb: `/t/${id}`, download: `/d/${id}` });
const ready = (id: string) => imageRecord(id, { status: "ready", urls: urls(id), prompt: `Prompt ${id}` });
const failed = (id: string, errorCode: string) => imageRecord(id, { kind: "subject-replaced", status: "failed", errorCode, creditsSpent: 1, prompt: `Prompt ${id}` });

function renderRecent(images: ImageRecord[]) {
  const page: GalleryResponse = { images, nextCursor: null, counts: { all: images.length, generated: images.length, "subject-replaced": 0, "chat-edited": 0, "editor-edited": 0, "from-video": 0 } };
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } })));
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={createStore()}>
        <QueryClientProvider client={createQueryClient()}>
          <ToastStoreProvider store={new ToastStore()}>
            <SocketProvider userId="u1" connect={() => fakeSocket().socket}>
              <RecentImages userId="u1" />
            </SocketProvider>
          </ToastStoreProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
}

const tiles = () => screen.queryAllByTestId("recent-image").map((tile) => tile.dataset.imageId);

describe("RecentImages", () => {
  it("gathers failed images into one card after the thumbnails, opened on request with each reason", async () => {
    renderRecent([failed("f1", "unprocessable:swap_subject"), failed("f2", "unavailable:provider"), ready("a"), imageRecord("p", { status: "pending", prompt: "Prompt p" }), ready("b")]);
    const group = await screen.findByTestId("recent-failed-group");
    expect(tiles()).toEqual(["a", "p", "b"]);
    expect(group.textContent).toContain("2 images failed");
    expect(group.textContent).toContain("Their credits were refunded.");
    // The card comes after the thumbnails, not on top of them.
    const list = group.closest("ul");
    expect([...(list?.children ?? [])].indexOf(group)).toBe(3);

    const toggle = within(group).getByRole("button", { name: "Show why" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(tiles()).toEqual(["a", "p", "b", "f1", "f2"]);
    expect(screen.getAllByTestId("recent-image")[3]?.textContent).toContain("There's no one clear person in that image to swap.");
    fireEvent.click(within(group).getByRole("button", { name: "Hide" }));
    expect(tiles()).toEqual(["a", "p", "b"]);
  });

  it("shows no failed card when nothing failed", async () => {
    renderRecent([ready("a")]);
    await screen.findByTestId("recent-image");
    expect(screen.queryByTestId("recent-failed-group")).toBeNull();
  });
});
