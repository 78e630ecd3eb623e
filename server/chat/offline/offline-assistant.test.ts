import { generateText, type ModelMessage, stepCountIs, streamText, tool, type ToolSet, zodSchema } from "ai";
import { describe, expect, it } from "vitest";
import {
  type ChatToolName,
  chatToolNames,
  chatTools as contractTools,
  editImageInputSchema,
  generatePackInputSchema,
  generateThumbnailInputSchema,
  type ImagesToolOutput,
  listPersonasInputSchema,
  varyImageInputSchema,
  type ListPersonasOutput,
} from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { createOfflineAssistant, type OfflineAssistantOptions } from "./offline-assistant.ts";

const IMAGE_ID = "11111111-1111-4111-8111-111111111111";
const PACK_IDS = ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "cccccccc-cccc-4ccc-8ccc-cccccccccccc"];

function image(id: string, status: ImageRecord["status"] = "ready"): ImageRecord {
  return {
    id,
    kind: "generated",
    status,
    prompt: "a prompt",
    style: "realistic",
    aspect: "16:9",
    model: "studio",
    width: 1280,
    height: 720,
    creditsSpent: 1,
    error: null,
    errorCode: null,
    parentId: null,
    packId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    urls: null,
  };
}

interface Fixed {
  generate?: () => ImagesToolOutput;
  edit?: () => ImagesToolOutput;
  personas?: () => ListPersonasOutput;
}

/** The chat's three tools with fixed answers; a throwing answer becomes a tool error, as in the real route. */
function chatTools(fixed: Fixed = {}) {
  return {
    generateThumbnail: tool({
      inputSchema: generateThumbnailInputSchema,
      execute: async () => (fixed.generate ?? (() => ({ images: [image(IMAGE_ID)], creditsSpent: 1, creditsLeft: 9 })))(),
    }),
    generatePack: tool({
      inputSchema: generatePackInputSchema,
      execute: async () => ({ images: PACK_IDS.map((id) => image(id)), creditsSpent: 3, creditsLeft: 7 }),
    }),
    editImage: tool({
      inputSchema: editImageInputSchema,
      execute: async () => (fixed.edit ?? (() => ({ images: [image("22222222-2222-4222-8222-222222222222")], creditsSpent: 1, creditsLeft: 8 })))(),
    }),
    varyImage: tool({
      inputSchema: varyImageInputSchema,
      execute: async () => ({ images: [image("44444444-4444-4444-8444-444444444444")], creditsSpent: 1, creditsLeft: 8 }),
    }),
    listPersonas: tool({
      inputSchema: listPersonasInputSchema,
      execute: async () => (fixed.personas ?? (() => ({ personas: [{ id: "p1", handle: "alex", name: "Alex", role: "artist" }] })))(),
    }),
  };
}

interface Step {
  deltas: string[];
  text: string;
  toolCalls: { toolName: string; input: unknown }[];
  finishReason?: string;
}

async function chat(messages: ModelMessage[], tools: ToolSet = chatTools(), options: OfflineAssistantOptions = {}) {
  const result = streamText({
    model: createOfflineAssistant({ generateId: () => "call_1", ...options }),
    system: "You are Thumbforge's assistant.",
    messages,
    tools,
    stopWhen: stepCountIs(4),
  });
  const steps: Step[] = [];
  let current: Step = { deltas: [], text: "", toolCalls: [] };
  const toolErrors: unknown[] = [];
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") {
      current.deltas.push(part.text);
      current.text += part.text;
    }
    if (part.type === "tool-call") current.toolCalls.push({ toolName: part.toolName, input: part.input });
    if (part.type === "tool-error") toolErrors.push(part.error);
    if (part.type === "error") throw part.error;
    if (part.type === "finish-step") {
      current.finishReason = part.finishReason;
      steps.push(current);
      current = { deltas: [], text: "", toolCalls: [] };
    }
  }
  return { steps, toolErrors };
}

const user = (text: string): ModelMessage[] => [{ role: "user", content: text }];

/** A conversation that made one image, then the user's next message. */
function history(next: string): ModelMessage[] {
  return [
    { role: "user", content: "make a thumbnail of a lighthouse" },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_0", toolName: "generateThumbnail", input: { prompt: "make a thumbnail of a lighthouse" } }] },
    {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "call_0", toolName: "generateThumbnail", output: { type: "json", value: { images: [image(IMAGE_ID)], creditsSpent: 1, creditsLeft: 9 } } },
      ],
    },
    { role: "assistant", content: "Done! Your thumbnail is ready." },
    { role: "user", content: next },
  ];
}
/** A message about a frame of the video, after its videoFrame call took the frame: the step that follows it. */
function afterFrame(message: string): ModelMessage[] {
  const taken = {
    images: [image(IMAGE_ID)],
    creditsSpent: 0,
    creditsLeft: 9,
    video: { id: "5b2f7f5e-8f44-4f43-9d2a-9a9d3e0b7a11", name: "trip.mp4", durationMs: 90_000 },
    frames: [{ imageId: IMAGE_ID, timeMs: 65_000, rank: null, reasons: [] }],
  };
  return [
    { role: "user", content: message },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_f", toolName: "videoFrame", input: { moment: "best" } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "call_f", toolName: "videoFrame", output: { type: "json", value: taken } }] },
  ];
}
const englishWords = /\b(the|your|credits?|done|ready|thumbnail|left|here)\b/i;

/** A message that asks for each of the contract's tools. */
const asks: Record<ChatToolName, ModelMessage[]> = {
  generateThumbnail: user("make a thumbnail of a castle"),
  generatePack: user("give me three versions of 'I tried 100 days of coding'"),
  editImage: history("make the headline yellow"),
  varyImage: history("give me three versions"),
  replaceSubject: history("put @alex into this photo"),
  listPersonas: user("show me my personas"),
  pickImage: history("undo that"),
  setTitle: history("the title is 'I tried 100 days of coding'"),
  checkImage: history("will this read on mobile?"),
  videoFrame: user("use the frame at 1:05 of my video"),
  videoHeadlines: user("what do I say at 2:31?"),
  personaFromFrame: afterFrame("make @me from this frame"),
  compareModels: history("try this on every model"),
};

describe("the offline assistant and the contract's tools", () => {
  it.each(chatToolNames)("calls %s when asked for it", async (name) => {
    // Every tool of the contract, with its contract schema; what they answer does not matter here.
    const tools: ToolSet = Object.fromEntries(chatToolNames.map((n) => [n, tool({ inputSchema: zodSchema<unknown>(contractTools[n].input), execute: async () => ({}) })]));
    const { steps } = await chat(asks[name], tools);
    expect(steps[0]?.toolCalls.map((call) => call.toolName)).toEqual([name]);
  });
});

describe("offline assistant through streamText", () => {
  it.each([
    ["en", "make a thumbnail about how I paid off $50,000 of debt", "“PAID OFF $50,000 OF DEBT”", "headline: your text"],
    ["es", "hazme una miniatura sobre cómo pagué $50,000 de deuda", "«CÓMO PAGUÉ $50,000 DE DEUDA»", "titular: tu texto"],
    ["fr", "fais une miniature sur comment j'ai remboursé 50 000 € de dettes", "« REMBOURSÉ 50 000 € DE DETTES »", "titre : votre texte"],
    ["de", "erstelle ein Thumbnail: wie ich 50.000 € Schulden abbezahlt habe", "„50.000 € SCHULDEN ABBEZAHLT“", "Überschrift: dein Text"],
    ["zh", "做一个封面：我如何在一年内还清了50万元的债务", "“还清50万元的债务”", "标题：你的文字"],
    ["ja", "100万円貯金するまでの記録のサムネイルを作って", "「100万円貯金するまでの記録」", "見出し：好きな言葉"],
  ] as const)("[%s] names the headline it drew from the topic and how to change it", async (language, message, named, howToChange) => {
    const { steps } = await chat(user(message), chatTools(), { language });
    const first = steps[0];
    expect(first?.toolCalls).toEqual([{ toolName: "generateThumbnail", input: { prompt: message } }]);
    expect(first?.text).toContain(named);
    expect(first?.text).toContain(howToChange);
    if (language !== "en" && language !== "de") expect(first?.text).not.toMatch(englishWords);
  });

  it("names no chosen headline when the creator quoted one, and keeps the last one's topic for a follow-up", async () => {
    const quoted = await chat(user('make a thumbnail about debt, "DEBT FREE AT 30"'), chatTools(), { language: "en" });
    expect(quoted.steps[0]?.text).not.toContain("headline: your text");
    // A follow-up lays the same picture out again: its headline stays, so none is chosen.
    const followUp = await chat(history("same thing but for shorts"), chatTools(), { language: "en" });
    expect(followUp.steps[0]?.toolCalls).toEqual([{ toolName: "editImage", input: { instruction: "same thing but for shorts", aspect: "9:16" } }]);
    expect(followUp.steps[0]?.text).not.toContain("headline: your text");
  });

  it("names no headline for an image another model makes: its words are the model's, not the Studio's", async () => {
    const message = "make a thumbnail about how I paid off $50,000 of debt with gpt image";
    const { steps } = await chat(user(message), chatTools(), { language: "en" });
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "generateThumbnail", input: { prompt: message, model: "gpt-image" } }]);
    expect(steps[0]?.text).not.toContain("headline: your text");
    expect(steps[0]?.text).not.toContain("PAID OFF");
  });

  it.each([
    ["en", "give me three versions of 'I tried 100 days of coding'", "I tried 100 days of coding", /zip/, /7 credits/],
    ["es", "dame tres versiones de «100 días programando»", "100 días programando", /zip/, /7 créditos/],
    ["fr", "donne-moi trois versions de « 100 jours de code »", "100 jours de code", /zip/, /7 crédits/],
    ["de", "gib mir drei Versionen von „100 Tage Programmieren“", "100 Tage Programmieren", /ZIP/, /7 Credits/],
    ["zh", "给我三个版本：「100天学编程」", "100天学编程", /zip/, /7 积分/],
    ["ja", "「100日間プログラミング」のサムネを3パターン作って", "100日間プログラミング", /zip/, /7クレジット/],
  ] as const)("[%s] calls generatePack for an A/B pack and answers in that language", async (language, message, headline, zip, left) => {
    const { steps } = await chat(user(message), chatTools(), { language });
    const [first, second] = steps;
    expect(first?.toolCalls).toEqual([{ toolName: "generatePack", input: { prompt: message, headline } }]);
    // German says "Credits" and "Thumbnails" itself.
    if (language !== "en" && language !== "de") {
      expect(first?.text).not.toMatch(englishWords);
      expect(second?.text).not.toMatch(englishWords);
    }
    // The closing says where the three go next: the zip, for Test & Compare.
    expect(second?.text).toMatch(zip);
    expect(second?.text).toMatch(left);
  });

  it("streams a lead-in, calls generateThumbnail and closes with cost and balance (English)", async () => {
    const message = "make a YouTube thumbnail of @alex surfing a huge wave, vintage style, headline 'SURF DAY'";
    const { steps } = await chat(user(message));
    expect(steps).toHaveLength(2);
    const [first, second] = steps;
    expect(first?.deltas.length).toBeGreaterThan(1);
    expect(first?.toolCalls).toEqual([
      { toolName: "generateThumbnail", input: { prompt: message, headline: "SURF DAY", style: "vintage", aspect: "16:9", personaHandles: ["alex"] } },
    ]);
    expect(first?.finishReason).toBe("tool-calls");
    expect(second?.deltas.length).toBeGreaterThan(1);
    expect(second?.toolCalls).toEqual([]);
    expect(second?.text).toMatch(/1 credit\b/);
    expect(second?.text).toMatch(/9 credits/);
    expect(second?.finishReason).toBe("stop");
  });

  it("answers in Spanish around the tool call", async () => {
    const message = "hazme una miniatura retro de un perro para TikTok con el titular «GUAU»";
    const { steps } = await chat(user(message));
    const [first, second] = steps;
    expect(first?.deltas.length).toBeGreaterThan(1);
    expect(first?.toolCalls).toEqual([{ toolName: "generateThumbnail", input: { prompt: message, headline: "GUAU", style: "vintage", aspect: "9:16" } }]);
    expect(first?.text).not.toMatch(englishWords);
    expect(second?.text).toMatch(/1 crédito\b/);
    expect(second?.text).toMatch(/9 créditos/);
    expect(second?.text).not.toMatch(englishWords);
  });

  it("answers in Japanese around the tool call", async () => {
    const message = "猫の宇宙飛行士のサムネイルを2枚作って";
    const generate = () => ({ images: [image(IMAGE_ID), image("22222222-2222-4222-8222-222222222222")], creditsSpent: 2, creditsLeft: 8 });
    const { steps } = await chat(user(message), chatTools({ generate }));
    const [first, second] = steps;
    expect(first?.deltas.length).toBeGreaterThan(1);
    expect(first?.toolCalls).toEqual([{ toolName: "generateThumbnail", input: { prompt: message, count: 2 } }]);
    expect(first?.text).toMatch(/[\u3040-\u30ff]/);
    expect(second?.deltas.length).toBeGreaterThan(1);
    expect(second?.text).toContain("2クレジット");
    expect(second?.text).toContain("8クレジット");
    expect(second?.text).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("edits the conversation's latest image when asked to change the headline", async () => {
    const messages: ModelMessage[] = history("make the headline yellow and bigger");
    const { steps } = await chat(messages);
    expect(steps[0]?.toolCalls).toEqual([
      { toolName: "editImage", input: { instruction: "make the headline yellow and bigger", headlineColor: "#ffd60a", headlineScale: 1.3 } },
    ]);
    // Said before the edit runs, so it speaks of trying it.
    expect(steps[0]?.text).toMatch(/\btry\b/);
    expect(steps[1]?.text).toMatch(/8 credits/);
  });

  it("names a single change in its lead-in", async () => {
    const { steps } = await chat(history("vintage instead"));
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "editImage", input: { instruction: "vintage instead", style: "vintage" } }]);
    expect(steps[0]?.text).toMatch(/style|look/);
  });

  it("names no single change in its lead-in when the edit also makes one it has no words for", async () => {
    const { steps } = await chat(history("yellow headline with a black outline"));
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "editImage", input: { instruction: "yellow headline with a black outline", headlineColor: "#ffd60a", headlineOutlineColor: "#111111" } }]);
    expect(steps[0]?.text).toMatch(/try that on your image|try that change|try that on your thumbnail/);
  });

  it("swaps a drawn object through editImage and says which, in the message's language", async () => {
    const { steps } = await chat(history("cambia el mando por un trofeo"), chatTools(), { language: "es" });
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "editImage", input: { instruction: "cambia el mando por un trofeo", artRemove: "mando", artAdd: "trofeo" } }]);
    expect(steps[0]?.text).toMatch(/«mando»/);
    expect(steps[0]?.text).toMatch(/«trofeo»/);
    const clear = await chat(history("絵文字なし"), chatTools(), { language: "ja" });
    expect(clear.steps[0]?.toolCalls).toEqual([{ toolName: "editImage", input: { instruction: "絵文字なし", artRemove: "all" } }]);
    expect(clear.steps[0]?.text).toMatch(/絵文字|描いたもの/);
  });

  it("reads the message in its own language and answers in it, not in the caller's", async () => {
    const { steps } = await chat(user("猫のサムネイルをレトロ風で作って"), chatTools(), { language: "en" });
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "generateThumbnail", input: { prompt: "猫のサムネイルをレトロ風で作って", style: "vintage" } }]);
    expect(steps[1]?.text).toMatch(/9クレジット/);
  });

  it("makes one more variant of the current image for \"one more\", in the frame the message names", async () => {
    const previous = { prompt: "a lighthouse in a storm", style: "realistic" };
    const messages: ModelMessage[] = [
      { role: "user", content: "a realistic thumbnail of a lighthouse in a storm" },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_0", toolName: "generateThumbnail", input: previous }] },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "call_0", toolName: "generateThumbnail", output: { type: "json", value: { images: [image(IMAGE_ID)], creditsSpent: 1, creditsLeft: 9 } } },
        ],
      },
      { role: "user", content: "one more, square" },
    ];
    const { steps } = await chat(messages);
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "varyImage", input: { instruction: "one more, square", count: 1, aspect: "1:1" } }]);
  });

  it("starts from an attached upload without downloading it", async () => {
    const uploadId = "33333333-3333-4333-8333-333333333333";
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    globalThis.fetch = async (input) => {
      fetched.push(String(input));
      throw new Error("no network in the offline assistant");
    };
    try {
      const { steps } = await chat([
        {
          role: "user",
          content: [
            { type: "text", text: "turn this into a cartoon thumbnail" },
            { type: "file", data: new URL(`https://thumbforge.example/api/images/${uploadId}/original`), mediaType: "image/png" },
          ],
        },
      ]);
      expect(steps[0]?.toolCalls).toEqual([
        { toolName: "generateThumbnail", input: { prompt: "turn this into a cartoon thumbnail", style: "cartoon", baseImageId: uploadId } },
      ]);
      expect(fetched).toEqual([]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("lists personas and names them in the closing answer", async () => {
    const { steps } = await chat(user("which personas do I have?"));
    expect(steps[0]?.toolCalls).toEqual([{ toolName: "listPersonas", input: {} }]);
    expect(steps[1]?.text).toContain("@alex (Alex)");
  });

  it("says what went wrong when the tool fails, and that nothing was spent (a failed call charged nothing)", async () => {
    const broke = await chat(
      user("make a thumbnail of a castle"),
      chatTools({
        generate: () => {
          throw new Error("insufficient_credits:generation: not enough credits");
        },
      }),
    );
    expect(broke.toolErrors).toHaveLength(1);
    expect(broke.steps[1]?.text).toMatch(/enough credits|won't cover/);
    expect(broke.steps[1]?.text).toContain("No credits were spent.");

    const refused = await chat(
      user("crea una miniatura de un castillo"),
      chatTools({
        generate: () => {
          throw new Error("unprocessable:provider_refused");
        },
      }),
    );
    expect(refused.steps[1]?.text).toMatch(/rechaz|se negó/);
    // The tool failed before any charge: there is nothing to give back, whatever the error's words.
    expect(refused.steps[1]?.text).toContain("No se gastó ningún crédito.");
    expect(refused.steps[1]?.text).not.toContain("devolvieron");

    const stranger = await chat(
      user("make a thumbnail of a castle with @someone"),
      chatTools({
        generate: () => {
          throw new Error("There is no persona @someone. You have no personas yet.");
        },
      }),
    );
    expect(stranger.steps[1]?.text).toContain("No credits were spent.");
    expect(stranger.steps[1]?.text).not.toMatch(/refund/i);
  });

  it("reports failed images in a finished batch with their refund, when the ledger has one", async () => {
    const generate = () => ({ images: [image(IMAGE_ID), image("22222222-2222-4222-8222-222222222222", "failed")], creditsSpent: 1, creditsRefunded: 1, creditsLeft: 9 });
    const { steps } = await chat(user("make two versions of a castle"), chatTools({ generate }));
    expect(steps[0]?.toolCalls[0]?.input).toEqual({ prompt: "make two versions of a castle", count: 2 });
    expect(steps[1]?.text).toContain("One image failed, and its credits went back to you.");

    const unrefunded = () => ({ images: [image(IMAGE_ID), image("22222222-2222-4222-8222-222222222222", "failed")], creditsSpent: 2, creditsRefunded: 0, creditsLeft: 8 });
    const told = await chat(user("make two versions of a castle"), chatTools({ generate: unrefunded }));
    expect(told.steps[1]?.text).toContain("One image failed.");
    expect(told.steps[1]?.text).not.toContain("went back");
  });

  it("says why an art edit failed when the picture has no such object or no picture for the word", async () => {
    const failedWith = (errorCode: string) => () => ({ images: [{ ...image("22222222-2222-4222-8222-222222222222", "failed"), errorCode }], creditsSpent: 0, creditsLeft: 9 });
    const unknown = await chat(history("add a flurble"), chatTools({ edit: failedWith("unprocessable:art_word") }));
    expect(unknown.steps[0]?.toolCalls).toEqual([{ toolName: "editImage", input: { instruction: "add a flurble", artAdd: "flurble" } }]);
    expect(unknown.steps[1]?.text).toMatch(/trophy, fire or rocket/);
    const missing = await chat(history("quita el trofeo"), chatTools({ edit: failedWith("not_found:art") }), { language: "es" });
    expect(missing.steps[1]?.text).toMatch(/no está en la imagen|No encontré ese objeto/);
    const other = await chat(history("add a flurble"), chatTools({ edit: failedWith("unavailable:provider") }));
    expect(other.steps[1]?.text).not.toMatch(/trophy, fire or rocket/);
  });

  it("calls only the tools it was given", async () => {
    const { listPersonas } = chatTools();
    const { steps } = await chat(user("make a thumbnail of a castle"), { listPersonas });
    expect(steps).toHaveLength(1);
    expect(steps[0]?.toolCalls).toEqual([]);
    expect(steps[0]?.text).toMatch(/can't do that|isn't available/);
  });

  it("answers a credits question from the balance it was given, or points at the badge", async () => {
    const known = await chat(user("how many credits do I have?"), chatTools(), { credits: 12 });
    expect(known.steps[0]?.text).toMatch(/12 credits/);
    expect(known.steps[0]?.toolCalls).toEqual([]);
    const unknown = await chat(user("¿cuántos créditos me quedan?"));
    expect(unknown.steps[0]?.text).toMatch(/insignia de créditos/);
  });

  it("takes the language and the balance from the system prompt when the caller passes no options", async () => {
    const result = streamText({
      model: createOfflineAssistant(),
      system: "You are Thumbforge's assistant. Language: fr. Credits left: 5.",
      // Too short to tell its language: the system prompt's is the UI's.
      messages: user("credits?"),
      tools: chatTools(),
    });
    expect(await result.text).toMatch(/5 crédits/);
  });

  it("asks one question about a bare topic, then makes it after a yes", async () => {
    const topic = "a cat astronaut floating above the earth";
    const asked = await chat(user(topic));
    expect(asked.steps[0]?.toolCalls).toEqual([]);
    expect(asked.steps[0]?.text.match(/\?/g)).toHaveLength(1);
    const confirmed = await chat([
      { role: "user", content: topic },
      { role: "assistant", content: asked.steps[0]?.text ?? "" },
      { role: "user", content: "yes" },
    ]);
    expect(confirmed.steps[0]?.toolCalls).toEqual([{ toolName: "generateThumbnail", input: { prompt: topic } }]);
  });

  it("gives the same answer for the same message and varies across messages", async () => {
    const first = await chat(user("make a thumbnail of a castle"));
    const again = await chat(user("make a thumbnail of a castle"));
    expect(again.steps.map((step) => step.text)).toEqual(first.steps.map((step) => step.text));
    const leads = new Set<string>();
    for (const subject of ["a castle", "a dog", "a lake", "a car", "a robot", "a forest", "a city", "a desert"]) {
      leads.add((await chat(user(`make a thumbnail of ${subject}`))).steps[0]?.text ?? "");
    }
    expect(leads.size).toBeGreaterThan(1);
  });

  it("works without streaming through generateText", async () => {
    const result = await generateText({
      model: createOfflineAssistant(),
      messages: user("draw a sunset over the sea"),
      tools: chatTools(),
      stopWhen: stepCountIs(3),
    });
    expect(result.steps[0]?.toolCalls.map((call) => call.toolName)).toEqual(["generateThumbnail"]);
    expect(result.text).toMatch(/9 credits/);
    expect(result.finishReason).toBe("stop");
  });

  it("paces the stream when asked, and streams at once by default", async () => {
    const started = performance.now();
    const paced = await chat(user("draw a sunset over the sea"), chatTools(), { streamDelayMs: 15 });
    const pacedMs = performance.now() - started;
    const fast = await chat(user("draw a sunset over the sea"));
    expect(paced.steps.map((step) => step.text)).toEqual(fast.steps.map((step) => step.text));
    expect(pacedMs).toBeGreaterThanOrEqual(15 * 8);
  });

  it("emits the stream parts of a real model, in order, with usage and finish reason", async () => {
    const model = createOfflineAssistant({ generateId: () => "call_7" });
    const { stream } = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "list my personas" }] }],
      tools: [{ type: "function", name: "listPersonas", inputSchema: { type: "object", properties: {} } }],
    });
    const parts = [];
    for await (const part of stream) parts.push(part);
    const types = parts.map((part) => part.type);
    expect(types.slice(0, 3)).toEqual(["stream-start", "response-metadata", "text-start"]);
    expect(types.filter((type) => type === "text-delta").length).toBeGreaterThan(1);
    expect(types.slice(types.indexOf("text-end"))).toEqual(["text-end", "tool-input-start", "tool-input-delta", "tool-input-end", "tool-call", "finish"]);
    expect(parts.find((part) => part.type === "tool-call")).toEqual({ type: "tool-call", toolCallId: "call_7", toolName: "listPersonas", input: "{}" });
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.finishReason.unified).toBe("tool-calls");
    expect(finish?.type === "finish" && (finish.usage.outputTokens.total ?? 0) > 0).toBe(true);
  });

  it("stops a paced stream when the request is aborted", async () => {
    const controller = new AbortController();
    const { stream } = await createOfflineAssistant({ streamDelayMs: 20 }).doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    await reader.read();
    controller.abort(new Error("client went away"));
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return "finished";
      })(),
    ).rejects.toThrow("client went away");
  });

  it("describes itself as a v4 language model of the thumbforge provider", () => {
    const model = createOfflineAssistant();
    expect([model.specificationVersion, model.provider, model.modelId]).toEqual(["v4", "thumbforge", "offline-assistant"]);
  });
});
