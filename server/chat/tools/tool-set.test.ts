import { asSchema, zodSchema } from "ai";
import { describe, expect, it } from "vitest";
import { chatToolNames, chatTools } from "../../../contract/chat.ts";
import type { ChatToolContext } from "./context.ts";
import { type ChatToolDeps, createChatToolSet } from "./tool-set.ts";

// Building the tools calls none of their services: they act only when the model calls them.
const deps = {} as ChatToolDeps;
const ctx: ChatToolContext = {
  userId: "u1",
  conversationId: "00000000-0000-4000-8000-000000000001",
  style: undefined,
  aspect: undefined,
  model: undefined,
  attachmentImageId: undefined,
  imagesLeft: 4,
  recentImageIds: [],
  signal: new AbortController().signal,
};

describe("the chat's tool set", () => {
  it("offers exactly the contract's tools", () => {
    expect(Object.keys(createChatToolSet(deps, ctx)).sort()).toEqual([...chatToolNames].sort());
  });

  it("gives the model each tool's input schema from the contract", async () => {
    const tools = createChatToolSet(deps, ctx);
    for (const name of chatToolNames) {
      const offered = await asSchema<unknown>(tools[name].inputSchema).jsonSchema;
      expect(offered, name).toEqual(await zodSchema<unknown>(chatTools[name].input).jsonSchema);
    }
  });
});
