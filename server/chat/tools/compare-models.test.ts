import { describe, expect, it, vi } from "vitest";
import type { Comparison } from "../../../contract/comparisons.ts";
import { AppError } from "../../errors/app-error.ts";
import type { ComparisonService } from "../../comparisons/service.ts";
import { compareModelsTool } from "./compare-models.ts";
import { quoteToolCall, type SpendApprovalDeps } from "./spend-approval.ts";
import { chatToolContext } from "../../testing/chat-tool-context.ts";

const studio = { id: "studio", label: "Thumbforge Studio", creditCost: 1, capabilities: ["generate"] };
const flux = { id: "flux-kontext-pro", label: "FLUX.1 Kontext [pro]", creditCost: 4, capabilities: ["generate"] };
const comparison: Comparison = { id: "c1", prompt: "a castle", sourceImageId: null, winnerImageId: null, conversationId: null, creditsSpent: 5, createdAt: "2026-11-27T10:00:00.000Z", images: [] };

const context = chatToolContext;
const run = (tool: ReturnType<typeof compareModelsTool>, input: { prompt?: string }, toolCallId = "call_1") => {
  if (!tool.execute) throw new Error("no execute");
  return tool.execute(input, { toolCallId, messages: [], context: undefined as never }) as Promise<unknown>;
};

describe("the compareModels tool", () => {
  it("lets only one of two calls in the same step through: the budget is taken before the wait", async () => {
    let release: () => void = () => undefined;
    const create = vi.fn(() => new Promise<Comparison>((resolve) => (release = () => resolve(comparison))));
    const ctx = context();
    const tool = compareModelsTool({ comparisons: { create } as unknown as ComparisonService, credits: { balance: async () => 95 } }, ctx);
    const first = run(tool, { prompt: "a castle" });
    await expect(run(tool, { prompt: "a castle" })).rejects.toThrow(AppError);
    expect(create).toHaveBeenCalledTimes(1);
    release();
    await first;
    expect(ctx.imagesLeft).toBe(0);
  });

  it("gives the budget back when nothing was made", async () => {
    const ctx = context();
    const create = vi.fn(async () => {
      throw new AppError("insufficient_credits:generation", "short");
    });
    const tool = compareModelsTool({ comparisons: { create } as unknown as ComparisonService, credits: { balance: async () => 0 } }, ctx);
    await expect(run(tool, { prompt: "a castle" })).rejects.toThrow(AppError);
    expect(ctx.imagesLeft).toBe(4);
  });

  it("runs an approved call only on the models and total it was quoted", async () => {
    const create = vi.fn(async () => comparison);
    const ctx = context({ approvedQuotes: new Map([["call_9", { cost: 5, balance: 100, count: 1, modelId: "studio,flux-kontext-pro", modelLabel: "Thumbforge Studio, FLUX.1 Kontext [pro]" }]]) });
    const tool = compareModelsTool({ comparisons: { create } as unknown as ComparisonService, credits: { balance: async () => 95 } }, ctx);
    await run(tool, { prompt: "a castle" }, "call_9");
    expect(create).toHaveBeenCalledWith("u1", { prompt: "a castle" }, { conversationId: ctx.conversationId, quoted: { modelIds: ["studio", "flux-kontext-pro"], cost: 5 } });
  });

  it("is not quoted when the tool would refuse it", async () => {
    const deps = { credits: { balance: async () => 50 }, comparisons: { models: () => [studio, flux] }, confirmAboveCredits: 1 } as unknown as SpendApprovalDeps;
    expect(await quoteToolCall(deps, context(), "compareModels", { prompt: "a castle" })).toMatchObject({ cost: 5 });
    expect(await quoteToolCall(deps, context({ imagesLeft: 0 }), "compareModels", { prompt: "a castle" })).toBeUndefined();
    expect(await quoteToolCall(deps, context({ recentImageIds: [] }), "compareModels", {})).toBeUndefined();
  });
});
