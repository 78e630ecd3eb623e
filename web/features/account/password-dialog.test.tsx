import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "../../../contract/auth.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { PasswordDialog } from "./password-dialog.tsx";
import { CURRENT_USER_KEY } from "./use-current-user.ts";

const auth = JSON.parse(readFileSync(join(process.cwd(), "web/locales/en/auth.json"), "utf8")) as Record<string, unknown>;
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { auth } },
    ns: ["auth"],
    defaultNS: "auth",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user: AuthUser = { id: "u1", email: "maker@example.com", credits: 10, plan: "free", earlyBird: false, hasPassword: false, createdAt: "2026-01-01T00:00:00.000Z" };

function setup(options: { hasPassword?: boolean; answer?: () => Response } = {}) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => options.answer?.() ?? new Response(JSON.stringify({ user: { ...user, hasPassword: true }, otherSessionsEnded: 0 }), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  const client = createQueryClient();
  const toasts = new ToastStore();
  const onOpenChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ToastStoreProvider store={toasts}>
          <PasswordDialog user={{ ...user, hasPassword: options.hasPassword ?? false }} open onOpenChange={onOpenChange} />
        </ToastStoreProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { fetchMock, client, toasts, onOpenChange };
}

const newPassword = () => screen.getByLabelText("New password");

describe("PasswordDialog", () => {
  it("is a dialog named for setting a first password, its new field described by the rules", () => {
    setup();
    const dialog = screen.getByRole("dialog", { name: "Set a password" });
    expect(dialog).toBeTruthy();
    expect(screen.queryByLabelText("Current password")).toBeNull();
    const describedBy = (newPassword().getAttribute("aria-describedby") ?? "").split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([expect.stringMatching(/^At least 8 characters/)]);
    expect(newPassword().hasAttribute("aria-invalid")).toBe(false);
  });

  it("asks for the current password when changing it", () => {
    setup({ hasPassword: true });
    expect(screen.getByRole("dialog", { name: "Change your password" })).toBeTruthy();
    expect(screen.getByLabelText("Current password").getAttribute("type")).toBe("password");
  });

  it("shows and hides both fields with one toggle", () => {
    setup({ hasPassword: true });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(newPassword().getAttribute("type")).toBe("text");
    expect(screen.getByLabelText("Current password").getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Hide" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("refuses a short password without calling the server, marking the field invalid", async () => {
    const { fetchMock } = setup();
    fireEvent.change(newPassword(), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Use 8 to 256 characters.");
    expect(newPassword().getAttribute("aria-invalid")).toBe("true");
    const described = (newPassword().getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain("Use 8 to 256 characters.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("explains a server refusal by its code, in its own words", async () => {
    setup({ answer: () => new Response(JSON.stringify({ error: "common (internal detail)", code: "invalid:password_common" }), { status: 400 }) });
    fireEvent.change(newPassword(), { target: { value: "password123" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("That password is too common. Please choose another."));
    expect(screen.queryByText(/internal detail/)).toBeNull();
    expect(screen.getByRole("button", { name: "Save password" })).toHaveProperty("disabled", false);
  });

  it("saves, stores the new user, says so in a toast, and closes", async () => {
    const { fetchMock, client, toasts, onOpenChange } = setup();
    fireEvent.change(newPassword(), { target: { value: "a lantern by the sea" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/password");
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ newPassword: "a lantern by the sea" });
    expect(client.getQueryData<AuthUser>(CURRENT_USER_KEY)?.hasPassword).toBe(true);
    expect(toasts.toasts[0]).toMatchObject({ title: "Password saved", description: "You can now sign in with your password." });
  });

  it("closes on Escape and from Cancel", () => {
    const { onOpenChange } = setup();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
