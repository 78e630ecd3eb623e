import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "../../../contract/auth.ts";
import type { ModelEntry } from "../../../contract/images.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { imageKey } from "../../lib/images-api.ts";
import { CreatePanel } from "./create-panel.tsx";
import { imageProgressAtom } from "../../lib/image-live.ts";
import { imageRecord } from "../../lib/image-fixture.ts";

const english = JSON.parse(readFileSync(join(process.cwd(), "web/locales/en/app.json"), "utf8")) as { studio: { errors: Record<string, string> } };
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { app: english } },
    ns: ["app"],
    defaultNS: "app",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user: AuthUser = { id: "u1", email: "maker@example.com", credits: 10, plan: "free", earlyBird: false, hasPassword: false } as AuthUser;
const models: ModelEntry[] = [
  { id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate"], creditCost: 1, available: true },
  { id: "gpt-image", label: "GPT Image", provider: "openai", popular: true, capabilities: ["generate"], creditCost: 6, available: false },
];
const pending = imageRecord("img-1", { prompt: "A chef", style: "cartoon" });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function setup(options: { credits?: number; post?: () => Response } = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === "/api/models") return json(200, { models });
      if (url === "/api/generate-kontext-image") return options.post?.() ?? json(202, { image: pending });
      return json(404, { error: "Not found", code: "not_found:route" });
    }),
  );
  const client = createQueryClient();
  const toasts = new ToastStore();
  const store = createStore();
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <QueryClientProvider client={client}>
          <ToastStoreProvider store={toasts}>
            <CreatePanel user={{ ...user, credits: options.credits ?? user.credits }} />
          </ToastStoreProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
  return { calls, client, toasts, store };
}

const modelsLoaded = () => waitFor(() => expect(screen.getByTestId("model-picker").textContent).toContain("Thumbforge Studio"));
const prompt = () => screen.getByLabelText("Describe your thumbnail") as HTMLTextAreaElement;
const generateButton = () => screen.getByRole("button", { name: /^Generate · / }) as HTMLButtonElement;

describe("CreatePanel", () => {
  it("counts characters against the limit and keeps Generate off for an empty prompt", async () => {
    setup();
    await modelsLoaded();
    expect(prompt().maxLength).toBe(2000);
    expect(screen.getByTestId("prompt-counter").textContent).toContain("0 / 2000");
    expect(generateButton().disabled).toBe(true);
    fireEvent.change(prompt(), { target: { value: "   " } });
    expect(generateButton().disabled).toBe(true);
    fireEvent.change(prompt(), { target: { value: "A chef" } });
    expect(screen.getByTestId("prompt-counter").textContent).toContain("6 / 2000");
    expect(generateButton().disabled).toBe(false);
    expect(generateButton().textContent).toBe("Generate · 1 credit");
  });

  it("submits with Ctrl+Enter the prompt, style, aspect and model, then shows the pending image with its progress", async () => {
    const { calls, store } = setup();
    await modelsLoaded();
    fireEvent.click(screen.getByRole("radio", { name: /Cartoon/ }));
    fireEvent.click(screen.getByRole("radio", { name: /Portrait/ }));
    fireEvent.change(prompt(), { target: { value: "  A chef  " } });
    fireEvent.keyDown(prompt(), { key: "Enter", ctrlKey: true });
    await screen.findByText("Generating image...");
    const post = calls.find((c) => c.url === "/api/generate-kontext-image");
    expect(JSON.parse(String(post?.init?.body))).toEqual({ prompt: "A chef", style: "cartoon", aspect: "9:16", model: "studio" });
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
    act(() => store.set(imageProgressAtom, { "img-1": { stage: "background", percent: 45 } }));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("45");
    expect(screen.getByText("Painting the background")).toBeTruthy();
  });

  it("shows the finished image with a Download link once the socket says it is ready", async () => {
    const { client } = setup();
    await modelsLoaded();
    fireEvent.change(prompt(), { target: { value: "A chef" } });
    fireEvent.click(generateButton());
    await screen.findByText("Generating image...");
    const urls = { original: "/api/images/img-1/original", preview: "/api/images/img-1/preview", thumb: "/api/images/img-1/thumb", download: "/api/images/img-1/original?download=1" };
    act(() => client.setQueryData(imageKey("img-1"), { image: { ...pending, status: "ready", urls } }));
    await screen.findByText("Generated successfully");
    const img = screen.getByTestId("generated-image") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe(urls.preview);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1280", "720"]);
    expect(screen.getByRole("link", { name: "Download" }).getAttribute("href")).toBe(urls.download);
  });

  it("explains a failed image and offers Try again, which sends the same request", async () => {
    const { client, calls } = setup();
    await modelsLoaded();
    fireEvent.change(prompt(), { target: { value: "A chef" } });
    fireEvent.click(generateButton());
    await screen.findByText("Generating image...");
    act(() => client.setQueryData(imageKey("img-1"), { image: { ...pending, status: "failed", errorCode: "unavailable:provider", error: "x" } }));
    await screen.findByText(english.studio.errors.unavailable_provider ?? "?");
    expect(screen.getByText("Your 1 credit was refunded.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/generate-kontext-image")).toHaveLength(2));
  });

  it("turns a refused request into a destructive toast with the translated reason", async () => {
    const { toasts } = setup({ post: () => json(402, { error: "internal words", code: "insufficient_credits:generation" }) });
    await modelsLoaded();
    fireEvent.change(prompt(), { target: { value: "A chef" } });
    fireEvent.click(generateButton());
    await waitFor(() => expect(toasts.toasts).toHaveLength(1));
    expect(toasts.toasts[0]).toMatchObject({ variant: "destructive", title: "Could not start the generation", description: english.studio.errors.insufficient_credits });
  });

  it("keeps Generate off and says why when the credits do not cover the model", async () => {
    setup({ credits: 0 });
    await modelsLoaded();
    fireEvent.change(prompt(), { target: { value: "A chef" } });
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText("This model needs 1 credit and you have 0.")).toBeTruthy();
  });

  it("marks a model this server cannot run as not available, without naming server settings", async () => {
    setup();
    await modelsLoaded();
    fireEvent.keyDown(screen.getByTestId("model-picker"), { key: "Enter" });
    const unavailable = await screen.findByRole("option", { name: /GPT Image/ });
    expect(unavailable.getAttribute("aria-disabled")).toBe("true");
    expect(unavailable.textContent).toContain("Not available on this server");
    expect(document.body.textContent).not.toMatch(/API_KEY|on the server/);
  });

  it("moves focus from the busy Generate button to the result region, so keyboard users keep their place", async () => {
    setup();
    await modelsLoaded();
    fireEvent.change(prompt(), { target: { value: "A chef" } });
    generateButton().focus();
    fireEvent.click(generateButton());
    await screen.findByText("Generating image...");
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Result" }));
    expect(document.activeElement?.textContent).toContain("Generating image...");
  });
});
