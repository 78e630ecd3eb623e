import { describe, expect, it } from "vitest";
import { type ChatToolInput, type ChatToolName, chatToolNames } from "../../../contract/chat.ts";
import { PACK_SIZE } from "../../../contract/images.ts";
import { quoteToolCall, type SpendApprovalDeps } from "./spend-approval.ts";
import { chatToolContext, RECENT_IMAGE_ID } from "../../testing/chat-tool-context.ts";

const studio = { id: "studio", label: "Thumbforge Studio", creditCost: 2, capabilities: ["generate", "edit", "swap"] };
// Only what pricing reads: the model by id, what an edit would change (here: not known ahead), an image's record,
// the balance.
const deps = {
  generation: { findModel: (id: string) => (id === studio.id ? studio : undefined), previewEdit: async () => ({ modelId: "studio", changes: undefined }) },
  images: { record: async () => ({ id: RECENT_IMAGE_ID, model: "studio" }) },
  credits: { balance: async () => 50 },
  comparisons: { models: () => [studio] },
  confirmAboveCredits: 5,
} as unknown as SpendApprovalDeps;
const ctx = chatToolContext();

/** A call of each of the contract's tools, and the images it would pay for (none: it spends nothing). */
const calls: { [Name in ChatToolName]: { input: ChatToolInput<Name>; images: number } } = {
  generateThumbnail: { input: { prompt: "a castle", count: 2 }, images: 2 },
  generatePack: { input: { prompt: "a castle" }, images: PACK_SIZE },
  editImage: { input: { instruction: "bigger headline" }, images: 1 },
  varyImage: { input: { instruction: "two more options", count: 2 }, images: 2 },
  replaceSubject: { input: { personaHandle: "alex" }, images: 1 },
  listPersonas: { input: {}, images: 0 },
  pickImage: { input: { move: "undo" }, images: 0 },
  setTitle: { input: { title: "I tried 100 days of coding" }, images: 0 },
  checkImage: { input: {}, images: 0 },
  videoFrame: { input: { moment: "1:05" }, images: 0 },
  videoHeadlines: { input: { at: "2:31" }, images: 0 },
  personaFromFrame: { input: { handle: "me" }, images: 0 },
  compareModels: { input: {}, images: 1 },
};

describe("pricing a chat tool call", () => {
  it.each(chatToolNames)("prices a call of %s by the images it makes", async (name) => {
    const { input, images } = calls[name];
    const quote = await quoteToolCall(deps, ctx, name, input);
    expect(quote).toEqual(images === 0 ? undefined : { cost: images * studio.creditCost, balance: 50, count: images, modelId: "studio", modelLabel: studio.label });
  });

  it("prices nothing for an edit that would leave the picture as it is or is free, and an edit of the picture at its image's model", async () => {
    const previewing = (diff: unknown, free = false) =>
      ({ ...deps, generation: { ...deps.generation, previewEdit: async () => ({ modelId: "studio", changes: diff, free }) } }) as unknown as SpendApprovalDeps;
    expect(await quoteToolCall(previewing([]), ctx, "editImage", { instruction: "yellow headline", headlineColor: "#ffd60a" })).toBeUndefined();
    const headline = [{ layer: "headline", property: "color", from: "#ffffff", to: "#ffd60a" }];
    expect(await quoteToolCall(previewing(headline, true), ctx, "editImage", { instruction: "yellow headline", headlineColor: "#ffd60a" })).toBeUndefined();
    const background = [{ layer: "background", property: "color", from: "#1d3557", to: "#e63946" }];
    expect(await quoteToolCall(previewing(background), ctx, "editImage", { instruction: "red background", backgroundColor: "#e63946" })).toMatchObject({ cost: studio.creditCost, count: 1 });
  });

  it("prices a comparison as one set: every model's price together, named by its models", async () => {
    const set = [studio, { id: "flux-kontext-pro", label: "FLUX.1 Kontext [pro]", creditCost: 4 }, { id: "gemini-flash-image", label: "Gemini Flash Image", creditCost: 4 }];
    const comparing = { ...deps, comparisons: { models: () => set } } as unknown as SpendApprovalDeps;
    expect(await quoteToolCall(comparing, ctx, "compareModels", { prompt: "a castle" })).toEqual({
      cost: 10,
      balance: 50,
      count: 1,
      modelId: "studio,flux-kontext-pro,gemini-flash-image",
      modelLabel: "Thumbforge Studio, FLUX.1 Kontext [pro], Gemini Flash Image",
    });
  });

  it("prices nothing for a tool it does not know or an input its tool would refuse", async () => {
    expect(await quoteToolCall(deps, ctx, "archiveImage", { prompt: "a castle" })).toBeUndefined();
    expect(await quoteToolCall(deps, ctx, "generateThumbnail", { prompt: "a castle", count: 1000 })).toBeUndefined();
  });
});
