import type { ToolApprovalStatus } from "ai";
import { type ChatToolInput, type ChatToolName, chatTools, isChatToolName, MAX_VARIANTS, type SpendQuote } from "../../../contract/chat.ts";
import { PACK_SIZE } from "../../../contract/images.ts";
import type { ComparisonService } from "../../comparisons/service.ts";
import type { CreditsService } from "../../credits/service.ts";
import { DEFAULT_MODEL, type GenerationService } from "../../generation/service.ts";
import type { ImageService } from "../../images/service.ts";
import { compareWouldRun } from "./compare-models.ts";
import type { ChatToolContext } from "./context.ts";

/**
 * Whether a spend waits for the user's Approve / Deny: above the configured amount, or above half of what they have.
 * A spend they cannot afford is not asked about: the tool refuses it with what it would cost.
 */
export function needsApproval(cost: number, balance: number, confirmAbove: number): boolean {
  if (cost <= 0 || cost > balance) return false;
  return cost > confirmAbove || cost > balance / 2;
}

export interface SpendApprovalDeps {
  generation: GenerationService;
  images: ImageService;
  credits: CreditsService;
  comparisons: Pick<ComparisonService, "models">;
  confirmAboveCredits: number;
}

/** Images of one model; or a set across models (a comparison), priced as a whole and named by its models. */
type PricedWork = { modelId: string; count: number } | { models: readonly { id: string; label: string; creditCost: number }[] } | undefined;

/**
 * The model and number of images each tool's call would pay for, as the tool itself will pick them; undefined for a
 * call that spends nothing.
 */
const pricers: { [Name in ChatToolName]: (deps: SpendApprovalDeps, ctx: ChatToolContext, input: ChatToolInput<Name>) => PricedWork | Promise<PricedWork> } = {
  generateThumbnail: (_deps, ctx, input) => ({ modelId: input.model ?? ctx.model ?? DEFAULT_MODEL, count: Math.max(0, Math.min(input.count ?? 1, ctx.imagesLeft)) }),
  generatePack: (_deps, ctx, input) => ({ modelId: input.model ?? ctx.model ?? DEFAULT_MODEL, count: PACK_SIZE }),
  editImage: async (deps, ctx, input) => {
    const imageId = input.imageId ?? ctx.recentImageIds[0];
    if (!imageId) return undefined;
    // An edit is paid at its image's model (one read gives that and what the edit would change); an image that is not
    // the user's is refused by the tool itself. An edit that would leave the picture as it is makes nothing and
    // charges nothing, and one of the headline alone is free: there is no spend to approve.
    const { instruction: _words, imageId: _chosen, ...changes } = input;
    const preview = await deps.generation.previewEdit(ctx.userId, { imageId, changes }).catch(() => undefined);
    return !preview || preview.changes?.length === 0 || preview.free ? undefined : { modelId: preview.modelId, count: 1 };
  },
  varyImage: async (deps, ctx, input) => {
    const imageId = input.imageId ?? ctx.recentImageIds[0];
    if (!imageId) return undefined;
    // Variants are paid at their image's model, one charge each, as many as the message may still make.
    const image = await deps.images.record(ctx.userId, imageId).catch(() => undefined);
    return image ? { modelId: image.model ?? DEFAULT_MODEL, count: Math.max(0, Math.min(input.count ?? MAX_VARIANTS, ctx.imagesLeft)) } : undefined;
  },
  replaceSubject: (deps, ctx, input) => {
    const picked = ctx.model && deps.generation.findModel(ctx.model)?.capabilities.includes("swap") ? ctx.model : undefined;
    return { modelId: input.model ?? picked ?? DEFAULT_MODEL, count: 1 };
  },
  listPersonas: () => undefined,
  pickImage: () => undefined,
  setTitle: () => undefined,
  // The feed check is free; its fixes are editImage calls, priced there.
  checkImage: () => undefined,
  // A frame of the user's own video is an upload: free. What is made from it is priced by its own tool.
  videoFrame: () => undefined,
  // Transcribing what is said is free to the user.
  videoHeadlines: () => undefined,
  // A persona costs nothing, as on the Persona view.
  personaFromFrame: () => undefined,
  // One image on each model the server offers, approved as one set.
  compareModels: (deps, ctx, input) => (compareWouldRun(ctx, input) ? { models: deps.comparisons.models() } : undefined),
};

function priceOf<Name extends ChatToolName>(deps: SpendApprovalDeps, ctx: ChatToolContext, toolName: Name, input: unknown): PricedWork | Promise<PricedWork> {
  const parsed = chatTools[toolName].input.safeParse(input);
  // The parse is the contract's schema of this very tool, so its data is this tool's input.
  return parsed.success ? pricers[toolName](deps, ctx, parsed.data as ChatToolInput<Name>) : undefined;
}

async function pricedWork(deps: SpendApprovalDeps, ctx: ChatToolContext, toolName: string, input: unknown): Promise<PricedWork> {
  return isChatToolName(toolName) ? priceOf(deps, ctx, toolName, input) : undefined;
}

/** What a tool call would spend and the balance it would come from; undefined for calls that spend nothing. */
export async function quoteToolCall(deps: SpendApprovalDeps, ctx: ChatToolContext, toolName: string, input: unknown): Promise<SpendQuote | undefined> {
  const work = await pricedWork(deps, ctx, toolName, input);
  if (work && "models" in work) {
    if (work.models.length === 0) return undefined;
    const balance = (await deps.credits.balance(ctx.userId)) ?? 0;
    const cost = work.models.reduce((sum, model) => sum + model.creditCost, 0);
    return { cost, balance, count: 1, modelId: work.models.map((model) => model.id).join(","), modelLabel: work.models.map((model) => model.label).join(", ") };
  }
  const model = work ? deps.generation.findModel(work.modelId) : undefined;
  if (!work || !model) return undefined;
  const balance = (await deps.credits.balance(ctx.userId)) ?? 0;
  return { cost: model.creditCost * work.count, balance, count: work.count, modelId: model.id, modelLabel: model.label };
}

/**
 * The chat's tool approval: a call whose spend needs approval stops before it runs and shows its quote (kept in
 * `quotes` by tool call, for the approval card); every other call runs at once.
 */
export function spendApproval(deps: SpendApprovalDeps, ctx: ChatToolContext, quotes: Map<string, SpendQuote>) {
  return async ({ toolCall }: { toolCall: { toolCallId: string; toolName: string; input: unknown } }): Promise<ToolApprovalStatus> => {
    const quote = await quoteToolCall(deps, ctx, toolCall.toolName, toolCall.input);
    if (!quote || !needsApproval(quote.cost, quote.balance, deps.confirmAboveCredits)) return "not-applicable";
    quotes.set(toolCall.toolCallId, quote);
    return { type: "user-approval", reason: `${quote.cost} credits with ${quote.modelLabel}; ${quote.balance} available` };
  };
}
