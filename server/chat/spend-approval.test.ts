import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationResponseSchema } from "../../contract/chat.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { needsApproval } from "./tools/spend-approval.ts";
import { type ChatChunk, readChatStream, saidIn } from "../testing/chat-stream.ts";

// The offline assistant (no key) with a threshold of 2 credits: a Studio pack (3 credits) asks first, one Studio
// image (1 credit) does not, unless it is more than half of what the user has.
let server: TestServer;
let rich: { token: string; userId: string };
let poor: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ env: { CHAT_CONFIRM_ABOVE_CREDITS: "2" } });
  const a = await signInByCode(server, "approval-rich@example.com");
  const b = await signInByCode(server, "approval-poor@example.com");
  rich = { token: a.sessionToken, userId: a.user.id };
  poor = { token: b.sessionToken, userId: b.user.id };
  // Leaves the second account one credit: a 1-credit image is then all of it.
  const balance = (await server.services.credits.balance(poor.userId)) ?? 0;
  await server.services.credits.apply({ userId: poor.userId, delta: 1 - balance, reason: "test", ref: "approval-poor" });
});
afterAll(async () => server?.close());

const headers = (who: { token: string }) => ({ "x-session-token": who.token, "content-type": "application/json" });

async function conversation(who: { token: string }): Promise<string> {
  const res = await fetch(`${server.url}/api/conversations`, { method: "POST", headers: headers(who), body: "{}" });
  return conversationResponseSchema.parse(await res.json()).conversation.id;
}

async function ask(who: { token: string }, id: string, text: string) {
  const res = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: headers(who),
    body: JSON.stringify({ id, message: { id: `m-${Math.random()}`, role: "user", parts: [{ type: "text", text }] } }),
  });
  return readChatStream(res);
}

function answer(who: { token: string }, id: string, approvalId: string, approved: boolean) {
  return fetch(`${server.url}/api/chat/${id}/approval`, { method: "POST", headers: headers(who), body: JSON.stringify({ approvals: [{ id: approvalId, approved }] }) });
}

async function stored(who: { token: string }, id: string) {
  const res = await fetch(`${server.url}/api/conversations/${id}/messages`, { headers: headers(who) });
  return ((await res.json()) as { messages: { role: string; parts: { type: string; state?: string; approval?: { id: string; descriptor?: unknown } }[] }[] }).messages;
}

const generationRows = async (userId: string) => (await server.services.credits.statement(userId, { limit: 100 })).transactions.filter((t) => t.reason === "generation");

function approvalRequest(chunks: ChatChunk[]) {
  const request = chunks.find((c) => c.type === "tool-approval-request") as { approvalId: string; approvalDescriptor?: { quote: Record<string, unknown> } } | undefined;
  if (!request) throw new Error(`no approval was asked for: ${JSON.stringify(chunks.map((c) => c.type))}`);
  return request;
}

describe("when a spend waits for the user's approval", () => {
  it("asks above the configured amount or above half the balance, and never for what the user cannot pay", () => {
    expect(needsApproval(6, 100, 5)).toBe(true);
    expect(needsApproval(5, 100, 5)).toBe(false);
    expect(needsApproval(3, 5, 5)).toBe(true);
    expect(needsApproval(2, 4, 5)).toBe(false);
    expect(needsApproval(1, 1, 5)).toBe(true);
    expect(needsApproval(8, 7, 5)).toBe(false);
    expect(needsApproval(0, 0, 0)).toBe(false);
  });

  it("runs a spend under both limits at once", async () => {
    const id = await conversation(rich);
    const chunks = await ask(rich, id, "make a cartoon thumbnail for 'cheap one'");
    expect(chunks.some((c) => c.type === "tool-approval-request")).toBe(false);
    expect(chunks.some((c) => c.type === "tool-output-available")).toBe(true);
  });

  it("holds a pack above the threshold with its quote; denied, nothing is charged or made and the answer says so", async () => {
    const id = await conversation(rich);
    const before = (await server.services.credits.balance(rich.userId)) ?? 0;
    const rowsBefore = (await generationRows(rich.userId)).length;
    const asked = await ask(rich, id, "give me three versions of a thumbnail for 'my first marathon'");
    const request = approvalRequest(asked);
    expect(request.approvalDescriptor?.quote).toMatchObject({ cost: 3, count: 3, balance: before, modelId: "studio", modelLabel: "Thumbforge Studio" });
    expect(asked.some((c) => c.type === "tool-output-available")).toBe(false);

    // The waiting card is in the saved thread, so a reload shows it with its quote.
    const saved = (await stored(rich, id)).at(-1)?.parts.find((p) => p.type === "tool-generatePack");
    expect(saved).toMatchObject({ state: "approval-requested", approval: { id: request.approvalId, descriptor: { quote: { cost: 3 } } } });

    const res = await answer(rich, id, request.approvalId, false);
    expect(res.status).toBe(200);
    const denied = await readChatStream(res);
    expect(denied.some((c) => c.type === "tool-output-denied")).toBe(true);
    expect(saidIn(denied)).toContain("No credits were spent.");
    expect(saidIn(denied)).not.toMatch(/refund/i);
    expect(await server.services.credits.balance(rich.userId)).toBe(before);
    expect(await generationRows(rich.userId)).toHaveLength(rowsBefore);
    expect((await stored(rich, id)).at(-1)?.parts.find((p) => p.type === "tool-generatePack")?.state).toBe("output-denied");

    // The same approval cannot be answered twice.
    const again = await answer(rich, id, request.approvalId, true);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "conflict:chat_approval" });
    expect(await server.services.credits.balance(rich.userId)).toBe(before);
  });

  it("approved, runs as asked and charges once; half the balance asks even under the threshold", async () => {
    const id = await conversation(poor);
    const asked = await ask(poor, id, "make a cartoon thumbnail for 'last credit'");
    const request = approvalRequest(asked);
    expect(request.approvalDescriptor?.quote).toMatchObject({ cost: 1, balance: 1 });
    expect(await server.services.credits.balance(poor.userId)).toBe(1);

    const res = await answer(poor, id, request.approvalId, true);
    const approved = await readChatStream(res);
    const final = approved.filter((c) => c.type === "tool-output-available").at(-1) as { output: { images: { status: string }[]; creditsSpent: number; creditsRefunded: number } } | undefined;
    expect(final?.output.images.map((i) => i.status)).toEqual(["ready"]);
    expect(final?.output).toMatchObject({ creditsSpent: 1, creditsRefunded: 0 });
    expect(await server.services.credits.balance(poor.userId)).toBe(0);
    expect(await generationRows(poor.userId)).toHaveLength(1);
    expect(saidIn(approved)).not.toMatch(/refund/i);
    expect((await stored(poor, id)).map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("answers only the user's own waiting approvals, with a clear 4xx for anything else", async () => {
    const id = await conversation(rich);
    const request = approvalRequest(await ask(rich, id, "give me three versions of a thumbnail for 'hold on'"));
    const stranger = await answer(poor, id, request.approvalId, true);
    expect(stranger.status).toBe(404);
    const unknown = await answer(rich, id, "not-an-approval", true);
    expect(unknown.status).toBe(409);
    const malformed = await fetch(`${server.url}/api/chat/${id}/approval`, { method: "POST", headers: headers(rich), body: JSON.stringify({ approvals: [] }) });
    expect(malformed.status).toBe(400);
    expect((await stored(rich, id)).at(-1)?.parts.find((p) => p.type === "tool-generatePack")?.state).toBe("approval-requested");
  });

  itOnPostgres("of two approvals of one request sent at once, exactly one runs and charges", async () => {
    const id = await conversation(rich);
    const before = (await server.services.credits.balance(rich.userId)) ?? 0;
    const rowsBefore = (await generationRows(rich.userId)).length;
    const request = approvalRequest(await ask(rich, id, "give me three versions of a thumbnail for 'twice'"));
    const answers = await Promise.all([answer(rich, id, request.approvalId, true), answer(rich, id, request.approvalId, true)]);
    await Promise.all(answers.map((res) => res.text()));
    // Let the one that runs finish its images.
    for (let i = 0; i < 100 && (await stored(rich, id)).at(-1)?.parts.find((p) => p.type === "tool-generatePack")?.state !== "output-available"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await server.services.credits.balance(rich.userId)).toBe(before - 3);
    expect(await generationRows(rich.userId)).toHaveLength(rowsBefore + 1);
  });

  itOnPostgres("claims a waiting approval for exactly one of several answers written at once", async () => {
    const id = await conversation(rich);
    const request = approvalRequest(await ask(rich, id, "give me three versions of a thumbnail for 'claimed once'"));
    const row = await server.services.chat.owned(rich.userId, id);
    const last = (await server.services.chat.thread(rich.userId, id)).at(-1);
    if (!last) throw new Error("no answer was saved");
    const answered = last.parts.map((part) => ((part as { state?: string }).state === "approval-requested" ? { ...(part as object), state: "approval-responded" } : part));
    const claims = await Promise.all(Array.from({ length: 8 }, () => server.services.chat.answerApprovals(row, last.id, [request.approvalId], answered)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
