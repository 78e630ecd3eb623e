import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "../../contract/auth.ts";
import type { Conversation } from "../../contract/chat.ts";
import { CURRENT_USER_KEY } from "../features/account/use-current-user.ts";
import { ChatScreen } from "../features/chat/chat-screen.tsx";
import { ToastStoreProvider } from "../components/ui/toaster.tsx";
import { ToastStore } from "../components/ui/toast-store.ts";
import { authAtom } from "../lib/auth-state.ts";
import { englishI18n } from "../testing/english-i18n.ts";
import { imageRecord } from "../testing/image-fixture.ts";
import { MODELS_KEY } from "../lib/models-api.ts";
import { personasKey } from "../lib/personas-api.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { fakeSocket } from "../testing/socket-fixture.ts";

// The shell opens its one socket through connectSocket: the test plays the server on a fake.
const server = vi.hoisted(() => ({ emit: (_event: string, _payload: unknown) => {} }));
vi.mock("../lib/socket.ts", () => ({
  connectSocket: () => {
    const fake = fakeSocket();
    server.emit = fake.emit;
    return fake.socket;
  },
}));
const { default: AppShell } = await import("./app-shell.tsx");

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user: AuthUser = { id: "u1", email: "maker@example.com", credits: 7, plan: "free", earlyBird: false, hasPassword: true, createdAt: "2026-11-01T00:00:00.000Z" };
const conversation: Conversation = { id: "conv-1", title: "Neon chef", createdAt: "2026-11-22T10:00:00.000Z", updatedAt: "2026-11-22T10:00:00.000Z" };
const pending = imageRecord("img-1", { status: "pending", prompt: "A chef in a neon kitchen" });
const urls = { original: "/i/img-1/original", preview: "/i/img-1/preview", thumb: "/i/img-1/thumb", download: "/i/img-1/download" };
const messages = [
  { id: "m1", role: "user", parts: [{ type: "text", text: "A chef in a neon kitchen" }] },
  {
    id: "m2",
    role: "assistant",
    parts: [
      {
        type: "tool-generateThumbnail",
        toolCallId: "call-1",
        state: "output-available",
        input: { prompt: "A chef in a neon kitchen" },
        output: { images: [pending], creditsSpent: 1, creditsLeft: 7 },
      },
    ],
  },
];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

describe("the signed-in shell with the chat alone", () => {
  it("shows a chat image going from pending to ready when the socket says so, with no other screen mounted", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.startsWith("/api/conversations?") || url === "/api/conversations") return json({ conversations: [conversation], nextCursor: null });
        if (url === "/api/conversations/conv-1/messages") return json({ messages });
        // The saved copy is still running, so the card asks once; the server has not finished yet either.
        if (url === "/api/images/img-1") return json({ image: pending });
        return new Response(null, { status: 204 });
      }),
    );
    const store = createStore();
    store.set(authAtom, { status: "authenticated", user: { id: user.id, email: user.email } });
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_KEY, user);
    client.setQueryData(MODELS_KEY, { models: [] });
    client.setQueryData(personasKey, { personas: [] });
    render(
      <I18nextProvider i18n={i18n}>
        <JotaiProvider store={store}>
          <QueryClientProvider client={client}>
            <ToastStoreProvider store={new ToastStore()}>
              <MemoryRouter initialEntries={["/app?c=conv-1"]}>
                <Routes>
                  <Route element={<AppShell />}>
                    <Route path="/app" element={<ChatScreen credits={user.credits} />} />
                  </Route>
                </Routes>
              </MemoryRouter>
            </ToastStoreProvider>
          </QueryClientProvider>
        </JotaiProvider>
      </I18nextProvider>,
    );
    const card = await screen.findByTestId("chat-image");
    expect(card.getAttribute("data-status")).toBe("pending");
    expect(screen.queryByTestId("recent-image")).toBeNull();

    act(() => server.emit("image:progress", { imageId: "img-1", stage: "background", percent: 40 }));
    await waitFor(() => expect(screen.getByTestId("chat-image").querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("40"));
    act(() => server.emit("image:update", { image: { ...pending, status: "ready", urls } }));
    await waitFor(() => expect(screen.getByTestId("chat-image").getAttribute("data-status")).toBe("ready"));
    expect(screen.getByTestId("chat-image").querySelector("img")?.getAttribute("src")).toBe(urls.preview);
  });
});
