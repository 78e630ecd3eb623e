import { type ModelMessage, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { editImageInputSchema, type EditImageInput, generateThumbnailInputSchema, type ImagesToolOutput } from "../../../contract/chat.ts";
import { type FeedCheck, feedCheckSchema } from "../../../contract/feed-check.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { createOfflineAssistant } from "../offline/offline-assistant.ts";
import { checkImageTool, type FeedChecker } from "./check-image.ts";
import type { ChatToolContext } from "./context.ts";

const IMAGE_ID = "11111111-1111-4111-8111-111111111111";
const EDIT_ID = "22222222-2222-4222-8222-222222222222";
const USER_ID = "user-1";

function image(id: string, parentId: string | null = null): ImageRecord {
  return {
    id,
    kind: "generated",
    status: "ready",
    prompt: "I tried 100 days of coding",
    style: "cartoon",
    aspect: "16:9",
    model: "studio",
    width: 1280,
    height: 720,
    creditsSpent: 1,
    error: null,
    errorCode: null,
    parentId,
    packId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    urls: null,
  };
}

const size = (id: FeedCheck["sizes"][number]["size"], theme: "dark" | "light", width: number, height: number, reads: boolean, readBack: string) => ({
  size: id,
  theme,
  width,
  height,
  verdict: reads ? ("pass" as const) : ("fail" as const),
  reads,
  readBack,
  distance: reads ? 0 : 0.4,
  capHeight: (height / 94) * 5.2,
  contrast: 6.1,
});

/** A check as the feed check's contract answers it: the headline fails at the smallest sizes, with two fixes. */
const failingCheck: FeedCheck = feedCheckSchema.parse({
  imageId: IMAGE_ID,
  headline: "I TRIED 100 DAYS OF CODING",
  title: null,
  method: "ocr",
  ocrLanguage: "eng",
  readsOnPhones: false,
  sizes: [
    size("desktop-home", "dark", 360, 202, true, "I TRIED 100 DAYS OF CODING"),
    size("desktop-home", "light", 360, 202, true, "I TRIED 100 DAYS OF CODING"),
    size("mobile-home", "dark", 343, 193, true, "I TRIED 100 DAYS OF CODING"),
    size("mobile-home", "light", 343, 193, true, "I TRIED 100 DAYS OF CODING"),
    size("mobile-search", "dark", 168, 94, false, "I TRED 1OO DAYS OF CODNG"),
    size("mobile-search", "light", 168, 94, false, "I TRED 1OO DAYS"),
  ],
  findings: [
    { id: "small-headline", severity: "fail", sizes: ["mobile-search", "desktop-up-next"], details: { capHeight: 5.2 }, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } },
    { id: "low-contrast", severity: "warn", sizes: ["mobile-search"], details: { contrast: 2.9 }, fix: { id: "stronger-outline", changes: { boost: true } } },
  ],
  checkedAt: "2026-11-27T08:00:00.000Z",
});

/** The fake of the feed check's service: real contract objects, no pixels read. */
function fakeFeedCheck(check: FeedCheck = failingCheck): FeedChecker & { calls: [string, string][] } {
  const calls: [string, string][] = [];
  return {
    calls,
    check: async (userId, imageId) => {
      calls.push([userId, imageId]);
      return { ...check, imageId };
    },
  };
}

function context(recentImageIds: string[]): ChatToolContext {
  return {
    userId: USER_ID,
    conversationId: "conversation-1",
    style: undefined,
    aspect: undefined,
    model: undefined,
    attachmentImageId: undefined,
    imagesLeft: 4,
    recentImageIds,
    signal: new AbortController().signal,
  };
}

/** The chat's tools for one message: the real checkImage over the fake, and an editImage that records what it was asked. */
function tools(feedCheck: FeedChecker, edits: EditImageInput[]) {
  return {
    generateThumbnail: tool({ inputSchema: generateThumbnailInputSchema, execute: async (): Promise<ImagesToolOutput> => ({ images: [image(IMAGE_ID)], creditsSpent: 1, creditsLeft: 9 }) }),
    editImage: tool({
      inputSchema: editImageInputSchema,
      execute: async (input): Promise<ImagesToolOutput> => {
        edits.push(input);
        return { images: [image(EDIT_ID, IMAGE_ID)], creditsSpent: 1, creditsLeft: 8, changes: [{ layer: "headline", property: "size", from: 96, to: 134 }] };
      },
    }),
    checkImage: checkImageTool({ feedCheck }, context([IMAGE_ID])),
  };
}

/** A conversation that made one image, then the user's next messages, each answered by the assistant in turn. */
async function converse(messages: string[], language: Language, feedCheck: FeedChecker = fakeFeedCheck()) {
  const edits: EditImageInput[] = [];
  const thread: ModelMessage[] = [
    { role: "user", content: "make a thumbnail for 'I tried 100 days of coding'" },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_0", toolName: "generateThumbnail", input: { prompt: "make a thumbnail" } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "call_0", toolName: "generateThumbnail", output: { type: "json", value: { images: [image(IMAGE_ID)], creditsSpent: 1, creditsLeft: 9 } } }] },
  ];
  const answers: { toolNames: string[]; text: string }[] = [];
  let call = 0;
  for (const message of messages) {
    thread.push({ role: "user", content: message });
    const result = streamText({
      model: createOfflineAssistant({ language, generateId: () => `call_${++call}` }),
      system: `You are Thumbforge's assistant. language: ${language}`,
      messages: thread,
      tools: tools(feedCheck, edits),
      stopWhen: stepCountIs(3),
    });
    // Each step's messages: its call and the call's result, then the closing text.
    const steps = await result.steps;
    answers.push({ toolNames: steps.flatMap((step) => step.toolCalls.map((c) => c.toolName)), text: steps.map((step) => step.text).join("\n") });
    thread.push(...steps.flatMap((step) => step.response.messages));
  }
  return { answers, edits };
}

describe("checkImage in the chat", () => {
  it.each([
    ["en", "check it"],
    ["en", "will this read on mobile?"],
    ["en", "does it read on phones"],
    ["en", "feed check"],
    ["es", "¿se lee en el móvil?"],
    ["es", "revísala"],
    ["fr", "vérifie-la"],
    ["fr", "est-ce lisible sur mobile ?"],
    ["de", "prüfe es"],
    ["de", "ist das auf dem Handy lesbar?"],
    ["zh", "检查一下"],
    ["zh", "手机上看得清吗？"],
    ["ja", "チェックして"],
    ["ja", "スマホで読める？"],
  ] as const)("[%s] %s runs the check of the current image, free", async (language, words) => {
    const feedCheck = fakeFeedCheck();
    const { answers, edits } = await converse([words], language, feedCheck);
    expect(answers[0]?.toolNames).toEqual(["checkImage"]);
    expect(feedCheck.calls).toEqual([[USER_ID, IMAGE_ID]]);
    expect(edits).toEqual([]);
  });

  it.each([
    ["en", ["168×94", "360×202"], "Headline too small", "Bigger headline", "Stronger outline", "free"],
    ["es", ["168×94"], "Titular demasiado pequeño", "Titular más grande", "Contorno más marcado", "gratis"],
    ["fr", ["168×94"], "Titre trop petit", "Titre plus grand", "Contour plus marqué", "gratuite"],
    ["de", ["168×94"], "Überschrift zu klein", "Größere Überschrift", "Stärkere Kontur", "kostenlos"],
    ["zh", ["168×94"], "标题太小", "加大标题", "加粗描边", "免费"],
    ["ja", ["168×94"], "見出しが小さすぎます", "見出しを大きく", "縁取りを太く", "無料"],
  ] as const)("[%s] answers with what reads, what fails, each finding and its fixes", async (language, sizes, finding, fix, otherFix, free) => {
    const { answers } = await converse([language === "en" ? "check it" : { es: "revísala", fr: "vérifie-la", de: "prüfe es", zh: "检查一下", ja: "チェックして" }[language]], language);
    const text = answers[0]?.text ?? "";
    for (const label of sizes) expect(text).toContain(label);
    for (const words of [finding, fix, otherFix, free]) expect(text).toContain(words);
    // What OCR read back at the smallest size, as it read it.
    expect(text).toMatch(/I TRE?D 1OO DAYS/);
    if (language === "en") {
      expect(text).toContain("It does not read at 168×94");
      expect(text).not.toContain("reads at every feed size");
    }
  });

  it("says it reads everywhere only when every size reads, and lists no fixes then", async () => {
    const clean = feedCheckSchema.parse({ ...failingCheck, readsOnPhones: true, sizes: failingCheck.sizes.map((s) => ({ ...s, reads: true, verdict: "pass" })), findings: [] });
    const { answers } = await converse(["check it"], "en", fakeFeedCheck(clean));
    expect(answers[0]?.text).toContain("It reads at every feed size");
    expect(answers[0]?.text).toContain("Nothing to fix.");
    expect(answers[0]?.text).not.toContain("Fixes:");
  });

  it.each([
    ["en", "fix it"],
    ["en", "apply the fixes"],
    ["es", "arréglalo"],
    ["fr", "applique les corrections"],
    ["de", "behebe es"],
    ["zh", "修复一下"],
    ["ja", "直して"],
  ] as const)("[%s] %s after a check applies the first failing finding's fix through editImage", async (language, words) => {
    const check = { es: "revísala", fr: "vérifie-la", de: "prüfe es", zh: "检查一下", ja: "チェックして", en: "check it" }[language];
    const { answers, edits } = await converse([check, words], language);
    expect(answers[1]?.toolNames).toEqual(["editImage"]);
    expect(edits).toEqual([{ imageId: IMAGE_ID, instruction: words, headlineScale: 1.4 }]);
  });

  it("\"bigger headline\" after a check is the ordinary edit", async () => {
    const { edits } = await converse(["check it", "bigger headline"], "en");
    expect(edits).toEqual([{ instruction: "bigger headline", headlineScale: 1.3 }]);
  });

  it("\"fix it\" with no check before it asks which edit instead of guessing", async () => {
    const { answers, edits } = await converse(["fix it"], "en");
    expect(answers[0]?.toolNames).toEqual([]);
    expect(edits).toEqual([]);
  });

  it("the tool checks the newest image of the conversation, or the one named, and refuses when there is none", async () => {
    const feedCheck = fakeFeedCheck();
    const run = (ctx: ChatToolContext, input: { imageId?: string }) => {
      const execute = checkImageTool({ feedCheck }, ctx).execute;
      if (!execute) throw new Error("checkImage has no execute");
      return execute(input, { toolCallId: "call_1", messages: [], context: undefined as never });
    };
    await expect(run(context([EDIT_ID, IMAGE_ID]), {})).resolves.toEqual({ check: { ...failingCheck, imageId: EDIT_ID } });
    await expect(run(context([EDIT_ID]), { imageId: IMAGE_ID })).resolves.toEqual({ check: failingCheck });
    await expect(run(context([]), {})).rejects.toMatchObject({ code: "not_found:image" });
    expect(feedCheck.calls).toEqual([
      [USER_ID, EDIT_ID],
      [USER_ID, IMAGE_ID],
    ]);
  });
});
