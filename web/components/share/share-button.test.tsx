import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Share } from "../../../contract/shares.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { englishI18n } from "../../testing/english-i18n.ts";
import { fakeSocket } from "../../testing/socket-fixture.ts";
import { ShareButton } from "./share-button.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const PACK = "11111111-1111-4111-8111-111111111111";
const TOKEN = "t".repeat(43);
const tally = (a: number, b: number, c: number): Share["tally"] => [
  { imageId: "a", label: "A", web: a, discord: 0, total: a },
  { imageId: "b", label: "B", web: b, discord: 0, total: b },
  { imageId: "c", label: "C", web: 0, discord: c, total: c },
];
const share = (over: Partial<Share> = {}): Share => ({
  id: "s1",
  kind: "pack",
  targetId: PACK,
  status: "active",
  createdAt: "2026-11-27T10:00:00.000Z",
  expiresAt: null,
  revokedAt: null,
  tally: tally(0, 0, 0),
  ...over,
});

function renderButton() {
  const { socket, emit } = fakeSocket();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <SocketProvider userId="u1" connect={() => socket}>
          <ShareButton kind="pack" targetId={PACK} />
        </SocketProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { emit };
}

describe("ShareButton", () => {
  it("makes a link for the pack with the chosen expiry, shows it once to copy, and lists it", async () => {
    const requests: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        requests.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (init.method === "POST") return Response.json({ share: share({ expiresAt: "2026-12-27T10:00:00.000Z" }), path: `/s/${TOKEN}` }, { status: 201 });
        return Response.json({ shares: [] });
      }),
    );
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Share for feedback" }));
    await settle();
    expect(await screen.findByText("No links yet.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Link works"), { target: { value: "30d" } });
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    await settle();
    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({ url: "/api/shares", body: { kind: "pack", targetId: PACK, expiry: "30d" } });
    const field = (await screen.findByLabelText("Your link")) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/s/${TOKEN}`);
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/${TOKEN}`);
    expect(await screen.findByRole("button", { name: "Copied" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("share-link")).toHaveLength(1));
  });

  it("shows the tally per source and follows new votes live; revoking marks the link revoked", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        if (init.method === "POST") return Response.json({ share: share({ status: "revoked", revokedAt: "2026-11-27T11:00:00.000Z", tally: tally(1, 2, 1) }) });
        return Response.json({ shares: [share({ tally: tally(1, 1, 0) })] });
      }),
    );
    const { emit } = renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Share for feedback" }));
    await settle();
    expect(await screen.findByText("2 votes")).toBeTruthy();
    act(() => emit("share:votes", { shareId: "s1", targetId: PACK, tally: tally(1, 2, 1) }));
    expect(await screen.findByText("4 votes")).toBeTruthy();
    const b = screen.getByTestId("share-tally-B");
    expect(within(b).getByText("2")).toBeTruthy();
    expect(within(screen.getByTestId("share-tally-C")).getByText("(page 0 · Discord 1)")).toBeTruthy();
    // Another target's votes change nothing here.
    act(() => emit("share:votes", { shareId: "s1", targetId: "other", tally: tally(9, 9, 9) }));
    await settle();
    expect(screen.getByText("4 votes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.getByTestId("share-link").dataset.status).toBe("revoked"));
    expect(screen.queryByRole("button", { name: "Revoke" })).toBeNull();
  });
});
