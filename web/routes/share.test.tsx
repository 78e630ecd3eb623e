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
    // The chosen button keeps its letter in its accessible name, and says it is pressed.
    expect(screen.getByRole("button", { name: "Your vote: B" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Vote A" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("lets every vote button wait while a vote is on its way, so one browser never sends two at once", async () => {
    let answer: (res: Response) => void = () => undefined;
    const posts: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => {
        if (init.method !== "POST") return Promise.resolve(Response.json(pack));
        posts.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Vote A" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    for (const label of ["A", "B", "C"]) expect((screen.getByTestId(`share-vote-${label}`) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("share-vote-B"));
    expect(posts).toHaveLength(1);
    answer(Response.json({ myVote: "a" }));
    expect(await screen.findByText("Thanks! You voted A. You can change your vote.")).toBeTruthy();
    expect((screen.getByTestId("share-vote-B") as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the Gone card when the link was revoked while the page was open", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) =>
        init.method === "POST" ? Response.json({ error: "gone", code: "not_found:share" }, { status: 404 }) : Response.json(pack),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Vote C" }));
    expect(await screen.findByRole("heading", { name: "This link is no longer available" })).toBeTruthy();
    expect(screen.queryByText("Your vote did not go through. Please try again.")).toBeNull();
  });

  it("words a pack by the versions it shows: two ready are two, one ready is one image without votes", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ ...pack, images: [image("a", "A"), image("c", "C")] })));
    renderPage();
    expect(await screen.findByText("2 versions of one thumbnail. Pick the one you would click: one vote per browser, no account needed.")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Vote / }).map((b) => b.getAttribute("aria-label"))).toEqual(["Vote A", "Vote C"]);
    cleanup();

    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ ...pack, voting: false, images: [image("a", "A")] })));
    renderPage();
    expect(await screen.findByRole("heading", { name: "What do you think of this thumbnail?" })).toBeTruthy();
    expect(screen.queryByText(/one vote per browser/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Vote/ })).toBeNull();
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
