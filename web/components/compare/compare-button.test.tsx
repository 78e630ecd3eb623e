import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ModelEntry } from "../../../contract/images.ts";
import { renderChat, englishI18n, testModels } from "../../features/chat/testing.tsx";
import { MODELS_KEY } from "../../lib/models-api.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { CompareButton } from "./compare-button.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const offered: ModelEntry[] = [
  { id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate"], creditCost: 1, available: true },
  { id: "flux-kontext-pro", label: "FLUX.1 Kontext [pro]", provider: "bfl", popular: true, capabilities: ["generate", "edit"], creditCost: 4, available: true },
];
const image = imageRecord("cmp-source", { status: "ready", prompt: "a castle 'NIGHT RAID'" });

function setUp(models: ModelEntry[], answer: () => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/comparisons" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return answer();
      }
      return new Response(JSON.stringify({ models }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  const onStarted = vi.fn();
  const view = renderChat(<CompareButton image={image} onStarted={onStarted} />, i18n);
  view.client.setQueryData(MODELS_KEY, { models });
  return { ...view, posted, onStarted };
}

describe("CompareButton", () => {
  it("is not offered with fewer than two models to compare", () => {
    setUp(testModels, () => new Response("{}", { status: 500 }));
    expect(screen.queryByTestId("compare-image")).toBeNull();
  });

  it("sends the models it priced, and says so in words when the server's set changed, starting nothing", async () => {
    const { posted, onStarted } = setUp(offered, () => new Response(JSON.stringify({ code: "conflict:comparison_models_changed", message: "changed" }), { status: 409, headers: { "content-type": "application/json" } }));
    fireEvent.click(await screen.findByTestId("compare-image"));
    fireEvent.click(await screen.findByRole("button", { name: "Compare for 5 credits" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The models on offer changed since the price was shown. Check the new price and try again."));
    expect(posted).toEqual([{ imageId: image.id, expectedModels: ["studio", "flux-kontext-pro"] }]);
    expect(onStarted).not.toHaveBeenCalled();
  });
});
