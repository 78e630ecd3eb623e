import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesToolOutputSchema } from "../../../contract/chat.ts";
import { images } from "../../../db/schema/images.ts";
import { eq } from "drizzle-orm";
import { scriptedModel, type ScriptedStep } from "../../testing/scripted-model.ts";
import { signInByCode } from "../../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../../testing/test-server.ts";
import { newConversation, postChat, readChatStream } from "../../testing/chat-stream.ts";

let server: TestServer;
// What the model answers at each step of a turn.
let script: (step: number) => ScriptedStep = () => ({ text: "Hello." });

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "10" }, deps: { chatModel: () => scriptedModel((_call, step) => script(step)) } });
});
afterAll(async () => server?.close());

async function account(email: string, credits: number) {
  const { sessionToken, user } = await signInByCode(server, email);
  const balance = (await server.services.credits.balance(user.id)) ?? 0;
  await server.services.credits.apply({ userId: user.id, delta: credits - balance, reason: "test", ref: `set-${user.id}` });
  return { userId: user.id, headers: { "x-session-token": sessionToken, "content-type": "application/json" } };
}

/** Sends one message in a new conversation; the answer's SSE chunks as objects. */
async function send(who: { headers: Record<string, string> }, text: string) {
  return readChatStream(await postChat(server, who.headers, await newConversation(server, who.headers), text));
}

const imagesOf = (userId: string) => server.database.db.select().from(images).where(eq(images.userId, userId));

describe("the generatePack tool", () => {
  it("makes a pack through the generation service and follows its three images to the end", async () => {
    const who = await account("pack-tool@example.com", 10);
    script = (step) => (step === 0 ? { toolCalls: [{ toolName: "generatePack", input: { prompt: "I tried 100 days of coding", headline: "100 DAYS", style: "cartoon" } }] } : { text: "Here they are." });
    const chunks = await send(who, "give me three versions of 'I tried 100 days of coding'");
    // A tool that failed after its first (preliminary) output leaves that output last: say why rather than "pending".
    expect(chunks.find((c) => c.type === "tool-output-error" || c.type === "error")?.errorText).toBeUndefined();
    const outputs = chunks.filter((c) => c.type === "tool-output-available").map((c) => imagesToolOutputSchema.parse(c.output));
    const final = outputs.at(-1);
    expect(final?.images).toHaveLength(3);
    expect(final?.images.map((i) => [i.status, i.aspect, i.style])).toEqual(Array.from({ length: 3 }, () => ["ready", "16:9", "cartoon"]));
    expect(new Set(final?.images.map((i) => i.packId)).size).toBe(1);
    expect(final?.images[0]?.packId).not.toBeNull();
    expect(final?.images[0]?.prompt).toBe('"100 DAYS" I tried 100 days of coding');
    expect(final).toMatchObject({ creditsSpent: 3, creditsLeft: 7 });
  });

  it("checks what the pack costs before anything is made, and says it", async () => {
    const who = await account("pack-short@example.com", 2);
    script = (step) => (step === 0 ? { toolCalls: [{ toolName: "generatePack", input: { prompt: "too dear" } }] } : { text: "Not enough credits." });
    const chunks = await send(who, "A/B pack please");
    expect(chunks.find((c) => c.type === "tool-output-error")?.errorText).toBe(
      "An A/B pack of 3 thumbnails would cost 3 credits with Thumbforge Studio, and you have 2. Top up or pick a cheaper model.",
    );
    expect(await imagesOf(who.userId)).toEqual([]);
    expect(await server.services.credits.balance(who.userId)).toBe(2);
  });

  it("counts as three images of the message's budget of four", async () => {
    const who = await account("pack-budget@example.com", 10);
    script = (step) =>
      step === 0
        ? { toolCalls: [{ toolName: "generateThumbnail", input: { prompt: "two first", count: 2 } }] }
        : step === 1
          ? { toolCalls: [{ toolName: "generatePack", input: { prompt: "then a pack" } }] }
          : { text: "Done." };
    const chunks = await send(who, "two, then a pack");
    expect(chunks.find((c) => c.type === "tool-output-error")?.errorText).toBe(
      "An A/B pack makes 3 images, and this message can make only 2 more (at most 4 per message). Ask for the pack in a new message.",
    );
    await server.jobs.idle();
    expect(await imagesOf(who.userId)).toHaveLength(2);
    expect(await server.services.credits.balance(who.userId)).toBe(8);
  });
});
