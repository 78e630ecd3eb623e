import { readFileSync } from "node:fs";
import { type ModelMessage, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { editImageInputSchema, generateThumbnailInputSchema, varyImageInputSchema } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { type Language, languages } from "../../../contract/languages.ts";
import { createOfflineAssistant } from "./offline-assistant.ts";

/** The requests the web composer sends when a chip changes the current image (web/features/chat/composer.tsx). */
interface ChangeRequests {
  style: Record<"realistic" | "cartoon" | "abstract" | "vintage", string>;
  aspect: Record<"landscape" | "portrait" | "square", string>;
  model: string;
}

function chatLocale(language: Language): { composer: { change: ChangeRequests }; image: { variantRequest: string } } {
  const file = new URL(`../../../web/locales/${language}/chat.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as { composer: { change: ChangeRequests }; image: { variantRequest: string } };
}

function changeRequests(language: Language): ChangeRequests {
  return chatLocale(language).composer.change;
}

const IMAGE_ID = "11111111-1111-4111-8111-111111111111";
const made: ImageRecord = {
  id: IMAGE_ID, kind: "generated", status: "ready", prompt: "a cat astronaut", style: "realistic", aspect: "16:9", model: "studio",
  width: 1280, height: 720, creditsSpent: 1, error: null, errorCode: null, parentId: null, packId: null, createdAt: "2026-01-01T00:00:00.000Z", urls: null,
};

/** The tool call the offline assistant makes for `request` after a conversation that made one image. */
async function callFor(request: string, language: Language) {
  const messages: ModelMessage[] = [
    { role: "user", content: "make a thumbnail of a cat astronaut" },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "c0", toolName: "generateThumbnail", input: { prompt: "a cat astronaut" } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "c0", toolName: "generateThumbnail", output: { type: "json", value: { images: [made], creditsSpent: 1, creditsLeft: 9 } } }] },
    { role: "user", content: request },
  ];
  const tools = {
    generateThumbnail: tool({ inputSchema: generateThumbnailInputSchema }),
    editImage: tool({ inputSchema: editImageInputSchema }),
    varyImage: tool({ inputSchema: varyImageInputSchema }),
  };
  const calls = await streamText({ model: createOfflineAssistant({ language }), system: "", messages, tools }).toolCalls;
  return calls.map((call) => ({ toolName: call.toolName, input: call.input as Record<string, unknown> }));
}

describe.each(languages)("[%s] the composer's chip requests", (language) => {
  const requests = changeRequests(language);

  it.each(["realistic", "cartoon", "abstract", "vintage"] as const)("a style chip (%s) edits the newest image's style", async (style) => {
    const calls = await callFor(requests.style[style], language);
    expect(calls).toEqual([{ toolName: "editImage", input: expect.objectContaining({ style }) }]);
  });

  // The same scene laid out for the new frame, with every edit kept (decision 031), never a new picture of the prompt.
  it.each([["landscape", "16:9"], ["portrait", "9:16"], ["square", "1:1"]] as const)("an aspect chip (%s) re-lays the current image in %s", async (name, aspect) => {
    const calls = await callFor(requests.aspect[name], language);
    expect(calls).toEqual([{ toolName: "editImage", input: expect.objectContaining({ aspect }) }]);
  });

  // The model travels as the request's model, not in the words: a long model name would make the words read as a new
  // prompt. The variant tool makes the image again with it (from the prompt when the model is another one).
  it("a model chip makes the current image again, leaving the model to the request", async () => {
    const calls = await callFor(requests.model, language);
    expect(calls).toEqual([{ toolName: "varyImage", input: expect.objectContaining({ count: 1 }) }]);
    expect(calls[0]?.input).not.toHaveProperty("model");
  });

  // A Studio card's Variation button (web/features/chat/chat-session.tsx): one variant of that image's own scene.
  it("the card's Variation request makes one variant of the image", async () => {
    const calls = await callFor(chatLocale(language).image.variantRequest, language);
    expect(calls).toEqual([{ toolName: "varyImage", input: expect.objectContaining({ count: 1 }) }]);
  });
});
