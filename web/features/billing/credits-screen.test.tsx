import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "../../../contract/auth.ts";
import type { CreditsResponse } from "../../../contract/credits.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { CreditsScreen } from "./credits-screen.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <CreditsScreen user={user} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const user = { id: "u1", email: "me@example.com", credits: 2, plan: "free", earlyBird: false, hasPassword: false, language: "en" } as unknown as AuthUser;
const row = (id: string, delta: number, reason: string, at: string, image: CreditsResponse["transactions"][number]["image"] = null) => ({
  id,
  delta,
  reason,
  ref: id,
  createdAt: at,
  image,
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("CreditsScreen", () => {
  it("shows every ledger row newest first with its image and reason, and claims the daily allowance once", async () => {
    let claimed = false;
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${input}`);
        if (init?.method === "POST") {
          claimed = true;
          return json({ credits: 5, granted: 3, dailyAllowance: { credits: 5, claimable: false, nextRefillAt: "2026-11-25T00:00:00.000Z" } });
        }
        const rows = [
          row("g1", -1, "generation", "2026-11-24T09:00:00.000Z", { id: "img1", thumb: "/api/images/img1/thumb", prompt: "A neon chef" }),
          row("s1", 3, "signup", "2026-11-23T09:00:00.000Z"),
        ];
        if (claimed) rows.unshift(row("d1", 3, "daily-allowance", "2026-11-24T10:00:00.000Z"));
        const body: CreditsResponse = {
          credits: claimed ? 5 : 2,
          transactions: rows,
          nextCursor: null,
          dailyAllowance: { credits: 5, claimable: !claimed, nextRefillAt: claimed ? "2026-11-25T00:00:00.000Z" : "2026-11-24T10:00:00.000Z" },
        };
        return json(body);
      }),
    );
    renderScreen();
    const list = await screen.findByRole("list", { name: "History" });
    await waitFor(() => expect(within(list).getAllByTestId("ledger-row")).toHaveLength(2));
    expect(within(list).getAllByTestId("ledger-row").map((r) => r.dataset.reason)).toEqual(["generation", "signup"]);
    expect(within(list).getByRole("img", { name: "A neon chef" }).getAttribute("src")).toBe("/api/images/img1/thumb");
    expect(within(list).getByText("Credits spent on an image")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Top up to 5 credits" }));
    await waitFor(() => expect(within(list).getAllByTestId("ledger-row")).toHaveLength(3));
    expect(within(list).getAllByTestId("ledger-row")[0]?.dataset.reason).toBe("daily-allowance");
    expect(screen.getByTestId("next-refill").textContent).toMatch(/3 credits added\. Next top-up: /);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual(["POST /api/users/u1/credits/daily-allowance"]);
  });
});

describe("refund requests on the credits page", () => {
  it("offers a refund on a recent purchase, shows the server's refusal in plain words, and lists requests with their status", async () => {
    const recent = new Date(Date.now() - 3600_000).toISOString();
    const old = new Date(Date.now() - 72 * 3600_000).toISOString();
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input === "/api/refund-requests" && init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return json({ error: "All the credits of this purchase have been used.", code: "unprocessable:refund_used" }, 422);
        }
        if (input === "/api/refund-requests") {
          return json({
            refundRequests: [
              { id: "r1", transactionId: "old-purchase", credits: 70, amount: 349, currency: "usd", reason: "wrong pack", status: "rejected", decisionNote: "Used by a teammate", createdAt: old, decidedAt: old },
            ],
          });
        }
        const body: CreditsResponse = {
          credits: 100,
          transactions: [row("new-purchase", 100, "purchase", recent), row("old-purchase", 100, "purchase", old), row("bonus", 100, "early-bird", recent)],
          nextCursor: null,
          dailyAllowance: { credits: 5, claimable: false, nextRefillAt: recent },
        };
        return json(body);
      }),
    );
    renderScreen();
    const request = await screen.findByTestId("refund-request");
    expect(request.dataset.status).toBe("rejected");
    expect(request.textContent).toContain("70 credits · $3.49");
    expect(request.textContent).toContain("Support's note: Used by a teammate");
    // Only the recent purchase without a request gets the button: not the old one, not the bonus.
    await waitFor(() => expect(screen.getAllByTestId("request-refund")).toHaveLength(1));
    fireEvent.click(screen.getByTestId("request-refund"));
    const dialog = await screen.findByRole("dialog", { name: "Request a refund" });
    fireEvent.change(within(dialog).getByLabelText("Why do you want a refund?"), { target: { value: "Bought the wrong pack" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    await within(dialog).findByText("All the credits of this purchase have been used, so there is nothing left to refund.");
    expect(posted).toEqual([{ transactionId: "new-purchase", reason: "Bought the wrong pack" }]);
  });
});
