import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { storeImage } from "../../lib/image-cache.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { FixedImage } from "./fixed-image.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const made = imageRecord("fixed-1", { status: "pending", kind: "edited", parentId: "img-1" });

function renderFixed() {
  // The image asked for once more when shown: still being made.
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ image: made }))));
  const client = createQueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/app/editor/img-1"]}>
          <Routes>
            <Route path="/app/editor/img-1" element={<FixedImage made={made} />} />
            <Route path="/app/editor/fixed-1" element={<p>editing the fixed image</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

describe("the image a feed check's fix makes, in the editor", () => {
  it("says it is being made, then opens it in the editor once it is ready", async () => {
    const client = renderFixed();
    expect(screen.getByTestId("editor-fixing").textContent).toBe("Making the fixed image… it opens here when it's ready.");
    act(() => void storeImage(client, { ...made, status: "ready" }, true));
    expect(await screen.findByText("editing the fixed image")).toBeTruthy();
  });

  it("says so when it could not be made, and stays", async () => {
    const client = renderFixed();
    act(() => void storeImage(client, { ...made, status: "failed", errorCode: "unavailable:provider" }, true));
    expect(await screen.findByText("The fixed image could not be made. Your credits for it were refunded.")).toBeTruthy();
  });
});
