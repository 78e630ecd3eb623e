import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authAtom } from "../lib/auth-state.ts";
import { englishI18n } from "../testing/english-i18n.ts";
import { createQueryClient } from "../lib/query-client.ts";
import AppShell from "./app-shell.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AppShell", () => {
  it("paints the header's sections while the server has not yet said who the user is, and no balance", () => {
    // The user's record is still on its way.
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal("fetch", fetchMock);
    const store = createStore();
    store.set(authAtom, { status: "authenticated", user: { id: "u1", email: "maker@example.com" } });
    render(
      <I18nextProvider i18n={i18n}>
        <JotaiProvider store={store}>
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter initialEntries={["/app"]}>
              <Routes>
                <Route element={<AppShell />}>
                  <Route path="/app" element={<p>page</p>} />
                </Route>
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </JotaiProvider>
      </I18nextProvider>,
    );
    expect(fetchMock).toHaveBeenCalled();
    const nav = screen.getByRole("navigation", { name: "App sections" });
    expect([...nav.querySelectorAll("a")].map((link) => link.textContent)).toEqual(["Chat", "Personas", "Gallery", "From video"]);
    expect(screen.getByTestId("shell-pending").getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByTestId("credits-badge")).toBeNull();
    expect(screen.queryByText("page")).toBeNull();
    expect(screen.getByRole("main")).toBeTruthy();
  });
});
