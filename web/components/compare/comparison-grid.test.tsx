import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Comparison } from "../../../contract/comparisons.ts";
import type { ModelEntry } from "../../../contract/images.ts";
import { MODELS_KEY } from "../../lib/models-api.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { listAnswer, poll, renderWithPolls, stubApi } from "../community-poll/testing.tsx";
import { ComparisonGrid } from "./comparison-grid.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "c0ffee00-0000-4000-8000-000000000001";
const models: ModelEntry[] = [
  { id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate"], creditCost: 1, available: true },
  { id: "gpt-image", label: "GPT Image", provider: "openai", popular: true, capabilities: ["generate"], creditCost: 6, available: true },
];
const urls = (id: string) => ({ original: `/i/${id}/original`, preview: `/i/${id}/preview`, thumb: `/i/${id}/thumb`, download: `/i/${id}/download` });
const tile = (id: string, model: string, status: "ready" | "failed" = "ready") => imageRecord(id, { status, model, comparisonId: ID, ...(status === "ready" ? { urls: urls(id) } : {}) });
const comparisonOf = (images: ReturnType<typeof tile>[]): Comparison => ({ id: ID, prompt: "a rocket", sourceImageId: null, winnerImageId: null, conversationId: null, creditsSpent: 7, createdAt: "2026-11-27T10:00:00.000Z", images });

function render(comparison: Comparison) {
  return renderWithPolls(<ComparisonGrid comparison={comparison} />, i18n, (client) => client.setQueryData(MODELS_KEY, { models }));
}

describe("ComparisonGrid and community polls", () => {
  it("two finished tries can be put to the community's vote; the poll names each choice by its model", async () => {
    const comparison = comparisonOf([tile("t-studio", "studio"), tile("t-gpt", "gpt-image")]);
    const tally = [
      { imageId: "t-studio", label: "A", discord: 3, web: 1, total: 4 },
      { imageId: "t-gpt", label: "B", discord: 1, web: 0, total: 1 },
    ];
    const open = poll({ kind: "comparison", targetId: ID, imageIds: ["t-studio", "t-gpt"], tally });
    const seen = stubApi(({ url, method }) => {
      if (url.startsWith("/api/community-polls") && method === "POST") return Response.json({ poll: open }, { status: 201 });
      if (url.startsWith("/api/community-polls")) return Response.json(listAnswer());
      return Response.json({ error: "none", code: "not_found:route" }, { status: 404 });
    });
    render(comparison);
    fireEvent.click(await screen.findByRole("button", { name: "Ask the community" }));
    expect((await screen.findByRole("dialog")).textContent).toContain("Members vote for the one they would click");
    fireEvent.click(screen.getByRole("button", { name: "Post to Discord" }));
    const panel = await screen.findByTestId("poll-panel");
    expect(seen.find((request) => request.method === "POST" && request.url === "/api/community-polls")?.body).toEqual({ kind: "comparison", targetId: ID, hours: 24 });
    expect(within(within(panel).getByTestId("poll-row-A")).getByText("Thumbforge Studio")).toBeTruthy();
    expect(within(within(panel).getByTestId("poll-row-B")).getByText("GPT Image")).toBeTruthy();
    // One poll at a time: no new one while it takes votes.
    expect(screen.queryByRole("button", { name: "Ask the community" })).toBeNull();
  });

  it("a comparison of more than three models, or with fewer than two finished, is not put to a vote", async () => {
    const seen = stubApi(({ url }) => (url.startsWith("/api/community-polls") ? Response.json(listAnswer()) : Response.json({}, { status: 404 })));
    const many = comparisonOf([tile("m1", "studio"), tile("m2", "gpt-image"), tile("m3", "studio"), tile("m4", "gpt-image")]);
    render(many);
    await waitFor(() => expect(seen.some((request) => request.url.startsWith("/api/community-polls"))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("button", { name: "Ask the community" })).toBeNull();
    cleanup();
    render(comparisonOf([tile("o1", "studio"), tile("o2", "gpt-image", "failed")]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("button", { name: "Ask the community" })).toBeNull();
  });
});
