import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchResponse } from "../../../contract/search.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { SearchButton } from "./search-button.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = "2026-11-27T10:00:00.000Z";
const answer: SearchResponse = {
  query: "pasta",
  language: "en",
  terms: ["pasta"],
  conversations: [{ conversationId: "c1", title: "Cooking ideas", messageId: "m2", snippet: "Make my pasta pop", at }],
  images: [{ imageId: "i1", title: "NONNA'S PASTA", snippet: "Bowl of pasta", conversationId: null, messageId: null, thumbUrl: "/t1", at }],
  packs: [],
  personas: [{ personaId: "p1", name: "Chef", handle: "chef", snippet: "Pasta maker", thumbUrl: "/p1" }],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderButton() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/app/gallery"]}>
          <SearchButton />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return fetchMock;
}

describe("SearchButton", () => {
  it("opens on Ctrl+K, groups the results by kind, moves with the arrows and opens the conversation at the message", async () => {
    const fetchMock = renderButton();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    const field = await screen.findByRole("combobox", { name: "Search everything" });
    fireEvent.change(field, { target: { value: "pasta" } });

    const options = await screen.findAllByRole("option");
    expect(String(fetchMock.mock.calls[0]?.at(0))).toBe("/api/search?q=pasta&lang=en");
    expect(screen.getAllByRole("group").map((group) => group.getAttribute("aria-labelledby") && document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent)).toEqual([
      "Conversations",
      "Images",
      "Personas",
    ]);
    expect(options.map((option) => option.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    expect(screen.getAllByText("pasta", { selector: "mark" }).length).toBeGreaterThan(0);

    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(screen.getAllByRole("option").map((option) => option.getAttribute("aria-selected"))).toEqual(["false", "false", "true"]);
    expect(field.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[2]?.id);
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/app?c=c1&m=m2"));
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("opens on '/' outside a text field, not while typing in one", async () => {
    renderButton();
    const other = document.createElement("textarea");
    document.body.append(other);
    fireEvent.keyDown(other, { key: "/" });
    expect(screen.queryByRole("combobox")).toBeNull();
    other.remove();
    fireEvent.keyDown(document.body, { key: "/" });
    expect(await screen.findByRole("combobox", { name: "Search everything" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Find any conversation, image, A/B pack or persona by its words.");
  });
});
