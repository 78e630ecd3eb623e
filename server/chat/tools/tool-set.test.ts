import { asSchema, zodSchema } from "ai";
import { describe, expect, it } from "vitest";
import { chatToolNames, chatTools } from "../../../contract/chat.ts";
import { type ChatToolDeps, createChatToolSet } from "./tool-set.ts";
import { chatToolContext } from "../../testing/chat-tool-context.ts";

// Building the tools calls none of their services: they act only when the model calls them.
const deps = {} as ChatToolDeps;
const ctx = chatToolContext({ recentImageIds: [] });

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
