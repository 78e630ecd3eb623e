import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { KitList } from "./style-kits-screen.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <KitList />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

// The kit list's states (docs/product/style-kits.md): loading, and a failed load said as such, never an empty list.
describe("the style kit list", () => {
  it("says it is loading, then that the kits could not be loaded, with a retry", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ code: "unavailable:database", message: "x" }), { status: 503, headers: { "content-type": "application/json" } })));
    show();
    expect(screen.getByTestId("kit-list-loading").textContent).toBe("Loading your style kits…");
    const alert = await screen.findByTestId("kit-list-error", {}, { timeout: 10_000 });
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain("could not be loaded");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByText(/No style kits yet|Make/)).toBeNull();
  });
});
