import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PublicShareResponse } from "../../contract/shares.ts";
import { englishI18n } from "../testing/english-i18n.ts";
import SharePage from "./share.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = "k".repeat(43);
const image = (id: string, label: string) => ({ id, label, title: null, width: 1280, height: 720, urls: { preview: `/s/${TOKEN}/images/${id}/preview`, original: `/s/${TOKEN}/images/${id}/original` } });
const pack: PublicShareResponse = { kind: "pack", expiresAt: null, voting: true, myVote: null, images: [image("a", "A"), image("b", "B"), image("c", "C")] };

function renderPage() {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/s/${TOKEN}`]}>
        <Routes>
          <Route path="/s/:token" element={<SharePage />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("the share page", () => {
  it("shows a pack's three images large and in the feed, and votes for one", async () => {
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        if (init.method === "POST") {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return Response.json({ myVote: "b" });
        }
        return Response.json(pack);
      }),
    );
    renderPage();
    expect(await screen.findByRole("heading", { name: "Which thumbnail would you click?" })).toBeTruthy();
    expect(screen.getAllByTestId("share-image").map((img) => img.getAttribute("src"))).toEqual(pack.images.map((i) => i.urls.preview));
    expect(screen.getByTestId("share-feed").querySelectorAll("img")).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Vote B" }));
    expect(await screen.findByText("Thanks! You voted B. You can change your vote.")).toBeTruthy();
    expect(posts).toEqual([{ url: `/api/s/${TOKEN}/vote`, body: { imageId: "b" } }]);
    expect(screen.getByRole("button", { name: "Your vote" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says plainly when the link no longer works", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "gone", code: "not_found:share" }, { status: 404 })));
    renderPage();
    expect(await screen.findByRole("heading", { name: "This link is no longer available" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Vote/ })).toBeNull();
  });

  it("shows one image without votes", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ ...pack, kind: "image", voting: false, images: [{ ...image("a", "A"), label: null, title: "My title" }] })));
    renderPage();
    expect(await screen.findByRole("heading", { name: "What do you think of this thumbnail?" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText("My title").length).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: /Vote/ })).toBeNull();
  });
});
