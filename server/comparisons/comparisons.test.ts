import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationResponseSchema } from "../../contract/chat.ts";
import { type Comparison, comparisonListResponseSchema, comparisonResponseSchema } from "../../contract/comparisons.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { type CompareStandIns, startCompareStandIns } from "../testing/compare-stand-ins.ts";
import { balanceOf, endEarlyBird, generate, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Compare models side by side (docs/product/compare.md) on the real server, against the local provider stand-ins:
// FLUX.1 Kontext (pro 4, max 8 credits) slow until released, Gemini (flash 4, pro 8) failing; the Studio (1) is local.
let server: TestServer;
let standIns: CompareStandIns;
const CREDITS = 100;
const SET_PRICE = 1 + 4 + 8 + 4 + 8;
const MODEL_ORDER = ["studio", "flux-kontext-pro", "flux-kontext-max", "gemini-flash-image", "gemini-pro-image"];

beforeAll(async () => {
  standIns = await startCompareStandIns();
  // A slot per model: a slow provider holds its job's slot while it waits (docs/product/compare.md, Limits).
  server = await startTestServer({ env: { ...standIns.env, FREE_SIGNUP_CREDITS: String(CREDITS), CHAT_CONFIRM_ABOVE_CREDITS: "5", JOB_CONCURRENCY: "6" } });
  await endEarlyBird(server);
});
afterAll(async () => {
  await server?.close();
  await standIns?.close();
});

const jsonHeaders = (token: string, extra: Record<string, string> = {}) => ({ "content-type": "application/json", ...tokenHeaders(token), ...extra });
const post = (token: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: jsonHeaders(token, extra), body: JSON.stringify(body) });
const read = async (token: string, id: string) => comparisonResponseSchema.parse(await (await fetch(`${server.url}/api/comparisons/${id}`, { headers: tokenHeaders(token) })).json()).comparison;

/** Reads the comparison until `done` holds of it (each model finishes in its own time). */
async function until(token: string, id: string, done: (comparison: Comparison) => boolean): Promise<Comparison> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const comparison = await read(token, id);
    if (done(comparison)) return comparison;
    if (Date.now() > deadline) throw new Error(`comparison ${id}: ${comparison.images.map((i) => `${i.model} ${i.status}`).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const statusOf = (comparison: Comparison, model: string) => comparison.images.find((image) => image.model === model)?.status;

describe("a comparison from a prompt", () => {
  let token: string;
  let userId: string;
  let comparison: Comparison;

  beforeAll(async () => {
    const who = await signInByCode(server, "compare-prompt@example.com");
    token = who.sessionToken;
    userId = who.user.id;
  });

  it("queues one image per configured model, charges the whole set once and fills in as each model finishes", async () => {
    const res = await post(token, "/api/comparisons", { prompt: 'a rocket launch "TO THE MOON"' }, { "Idempotency-Key": "compare-once-1" });
    expect(res.status).toBe(202);
    comparison = comparisonResponseSchema.parse(await res.json()).comparison;
    expect(comparison.images.map((image) => image.model)).toEqual(MODEL_ORDER);
    expect(comparison.images.every((image) => image.comparisonId === comparison.id && image.status === "pending")).toBe(true);
    expect(comparison.images.map((image) => image.creditsSpent)).toEqual([1, 4, 8, 4, 8]);

    // The same click sent again is the same comparison, charged once.
    const again = await post(token, "/api/comparisons", { prompt: 'a rocket launch "TO THE MOON"' }, { "Idempotency-Key": "compare-once-1" });
    expect(comparisonResponseSchema.parse(await again.json()).comparison.id).toBe(comparison.id);
    const charged = await balanceOf(server, token, userId);
    expect(charged.credits).toBe(CREDITS - SET_PRICE);
    expect(charged.transactions.filter((t) => t.reason === "generation")).toEqual([expect.objectContaining({ delta: -SET_PRICE, ref: comparison.id })]);

    // The Studio finishes and both Gemini tries fail while FLUX is still working: the grid fills one tile at a time.
    const partly = await until(token, comparison.id, (c) => statusOf(c, "studio") === "ready" && statusOf(c, "gemini-flash-image") === "failed" && statusOf(c, "gemini-pro-image") === "failed");
    expect(["pending", "running"]).toContain(statusOf(partly, "flux-kontext-pro"));
    expect(partly.images.find((image) => image.model === "studio")?.durationMs).toEqual(expect.any(Number));
    expect(partly.images.find((image) => image.model === "flux-kontext-pro")?.durationMs).toBeNull();

    // Asked for an hour ago (as if the set had waited that long in the queue): what a tile took counts from when its
    // job began running it, not from the request.
    await server.database.query("update images set created_at = created_at - interval '1 hour' where comparison_id = $1 and model like 'flux%'", [comparison.id]);
    standIns.releaseSlow();
    const done = await until(token, comparison.id, (c) => c.images.every((image) => image.status === "ready" || image.status === "failed"));
    expect(done.images.map((image) => image.status)).toEqual(["ready", "ready", "ready", "failed", "failed"]);
    for (const flux of done.images.filter((image) => image.model?.startsWith("flux"))) expect(flux.durationMs).toBeLessThan(3_600_000);
    expect(done.images.filter((image) => image.status === "ready").every((image) => typeof image.durationMs === "number" && image.durationMs >= 0)).toBe(true);
    // Each failure refunded on its own, under its own id; what the set cost now counts only what was made.
    const after = await balanceOf(server, token, userId);
    const failed = done.images.filter((image) => image.status === "failed");
    expect(after.transactions.filter((t) => t.reason === "refund").map((t) => [t.ref, t.delta]).sort()).toEqual(failed.map((image) => [image.id, image.creditsSpent]).sort());
    expect(after.credits).toBe(CREDITS - 1 - 4 - 8);
    expect(done.creditsSpent).toBe(13);
    expect(standIns.requests.google.length).toBeGreaterThanOrEqual(2);
  });

  it("lists the user's comparisons newest first, and only theirs", async () => {
    const list = comparisonListResponseSchema.parse(await (await fetch(`${server.url}/api/comparisons`, { headers: tokenHeaders(token) })).json());
    expect(list.comparisons.map((c) => c.id)).toEqual([comparison.id]);
    const other = await signInByCode(server, "compare-someone-else@example.com");
    const theirs = comparisonListResponseSchema.parse(await (await fetch(`${server.url}/api/comparisons`, { headers: tokenHeaders(other.sessionToken) })).json());
    expect(theirs.comparisons).toEqual([]);
    expect((await fetch(`${server.url}/api/comparisons/${comparison.id}`, { headers: tokenHeaders(other.sessionToken) })).status).toBe(404);
    expect((await post(other.sessionToken, `/api/comparisons/${comparison.id}/winner`, { imageId: comparison.images[0]?.id })).status).toBe(404);
  });

  it("picks only a finished image of its own as the winner, and picking it again changes nothing", async () => {
    const failed = comparison.images.find((image) => image.model === "gemini-flash-image");
    const refused = await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: failed?.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "conflict:comparison_not_ready" });
    const stranger = await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b" });
    expect(stranger.status).toBe(404);
    expect((await post(token, "/api/comparisons/not-a-uuid/winner", { imageId: comparison.images[0]?.id })).status).toBe(404);
    expect((await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: "nope" })).status).toBe(400);
    // Someone else's image, and one of the user's own outside this comparison: refused, and nothing changes.
    const other = await signInByCode(server, "compare-pick-other@example.com");
    const theirs = imageResponseSchema.parse(await (await generate(server, other.sessionToken, { prompt: "a lighthouse" })).json()).image;
    const mine = imageResponseSchema.parse(await (await generate(server, token, { prompt: "a lighthouse" })).json()).image;
    for (const imageId of [theirs.id, mine.id]) {
      const outside = await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId });
      expect(outside.status).toBe(404);
      expect(await outside.json()).toMatchObject({ code: "not_found:image" });
    }
    expect((await read(token, comparison.id)).winnerImageId).toBeNull();

    const flux = comparison.images.find((image) => image.model === "flux-kontext-pro");
    for (let i = 0; i < 2; i++) {
      const res = await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: flux?.id });
      expect(res.status).toBe(200);
      expect(comparisonResponseSchema.parse(await res.json()).comparison.winnerImageId).toBe(flux?.id);
    }
  });

  it("keeps what the set cost when a tile is deleted, and reports no winner that is gone", async () => {
    const flux = comparison.images.find((image) => image.model === "flux-kontext-pro");
    const deleted = await fetch(`${server.url}/api/images/${flux?.id}`, { method: "DELETE", headers: tokenHeaders(token) });
    expect(deleted.status).toBeLessThan(300);
    const after = await read(token, comparison.id);
    expect(after.creditsSpent).toBe(13);
    expect(after.winnerImageId).toBeNull();
    expect(after.images.map((image) => image.id)).not.toContain(flux?.id);
  });
});

describe("the price shown is the price charged", () => {
  it("refuses with 409, charging nothing, when the models quoted are not the ones on offer now", async () => {
    const who = await signInByCode(server, "compare-quoted@example.com");
    const token = who.sessionToken;
    const before = await balanceOf(server, token, who.user.id);
    const fewer = await post(token, "/api/comparisons", { prompt: "a volcano", expectedModels: MODEL_ORDER.slice(0, -1) });
    expect(fewer.status).toBe(409);
    expect(await fewer.json()).toMatchObject({ code: "conflict:comparison_models_changed" });
    const more = await post(token, "/api/comparisons", { prompt: "a volcano", expectedModels: [...MODEL_ORDER, "some-other-model"] });
    expect(more.status).toBe(409);
    const after = await balanceOf(server, token, who.user.id);
    expect(after.credits).toBe(before.credits);
    expect(after.transactions.filter((t) => t.reason === "generation")).toEqual([]);

    const same = await post(token, "/api/comparisons", { prompt: "a volcano", expectedModels: [...MODEL_ORDER].reverse() });
    expect(same.status).toBe(202);
    const started = comparisonResponseSchema.parse(await same.json()).comparison;
    expect(started.creditsSpent).toBe(SET_PRICE);
    expect((await balanceOf(server, token, who.user.id)).credits).toBe(before.credits - SET_PRICE);
  });
});

describe("what a comparison refuses, changing nothing", () => {
  it("answers a clear 4xx for a bad body, someone else's image or a balance short of the whole set", async () => {
    const who = await signInByCode(server, "compare-refused@example.com");
    const token = who.sessionToken;
    const other = await signInByCode(server, "compare-refused-other@example.com");
    const theirs = imageResponseSchema.parse(await (await generate(server, other.sessionToken, { prompt: "a castle" })).json()).image;
    const before = await balanceOf(server, token, who.user.id);

    const both = await post(token, "/api/comparisons", { prompt: "a castle", imageId: theirs.id });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ code: "invalid:body" });
    expect((await post(token, "/api/comparisons", {})).status).toBe(400);
    expect((await post(token, "/api/comparisons", { prompt: "   " })).status).toBe(400);
    expect((await post(token, "/api/comparisons", { imageId: theirs.id })).status).toBe(404);
    expect((await post(token, "/api/comparisons", { prompt: "a castle", conversationId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b" })).status).toBe(404);

    await server.services.credits.apply({ userId: who.user.id, delta: SET_PRICE - 1 - before.credits, reason: "test", ref: "compare-short" });
    const short = await post(token, "/api/comparisons", { prompt: "a castle" });
    expect(short.status).toBe(402);
    expect(await short.json()).toMatchObject({ code: "insufficient_credits:generation" });
    const after = await balanceOf(server, token, who.user.id);
    expect(after.credits).toBe(SET_PRICE - 1);
    expect(after.transactions.filter((t) => t.reason === "generation")).toEqual([]);
    expect(comparisonListResponseSchema.parse(await (await fetch(`${server.url}/api/comparisons`, { headers: tokenHeaders(token) })).json()).comparisons).toEqual([]);
  });
});

type Chunk = { type: string; [key: string]: unknown };
async function chunksOf(res: Response): Promise<Chunk[]> {
  return (await res.text())
    .split("\n\n")
    .map((block) => block.replace(/^data: /, "").trim())
    .filter((data) => data.startsWith("{"))
    .map((data) => JSON.parse(data) as Chunk);
}
const outputs = (chunks: Chunk[]) => chunks.filter((c) => c.type === "tool-output-available").map((c) => c.output as Record<string, unknown>);

describe("try this on every model, in the chat", () => {
  it("asks once for the whole set, compares the current image, and the winner picked becomes the current image", async () => {
    const who = await signInByCode(server, "compare-chat@example.com");
    const token = who.sessionToken;
    const id = conversationResponseSchema.parse(await (await post(token, "/api/conversations", {})).json()).conversation.id;
    const ask = async (text: string) => chunksOf(await post(token, "/api/chat", { id, message: { id: `m-${Math.random()}`, role: "user", parts: [{ type: "text", text }] } }));

    const made = outputs(await ask("make a thumbnail of a castle at night 'NIGHT RAID'")).at(-1) as { images: { id: string; status: string }[] };
    const source = made.images[0];
    expect(source?.status).toBe("ready");

    const asked = await ask("try this on every model");
    const request = asked.find((c) => c.type === "tool-approval-request") as { approvalId: string; approvalDescriptor?: { quote: Record<string, unknown> } } | undefined;
    expect(request?.approvalDescriptor?.quote).toMatchObject({ cost: SET_PRICE, count: 1 });
    expect(String(request?.approvalDescriptor?.quote.modelLabel)).toContain("FLUX.1 Kontext [pro]");
    const approved = await chunksOf(await post(token, `/api/chat/${id}/approval`, { approvals: [{ id: request?.approvalId, approved: true }] }));
    const started = outputs(approved).at(-1) as { comparison: Comparison; creditsSpent: number };
    expect(started.comparison.sourceImageId).toBe(source?.id);
    expect(started.comparison.conversationId).toBe(id);
    expect(started.comparison.images.map((image) => image.model)).toEqual(MODEL_ORDER);
    expect(started.creditsSpent).toBe(SET_PRICE);
    // Charged once, for the set, across the approval: the ledger says so, not only the tool.
    const charges = (await balanceOf(server, token, who.user.id)).transactions.filter((t) => t.reason === "generation");
    expect(charges.filter((t) => t.ref === started.comparison.id)).toEqual([expect.objectContaining({ delta: -SET_PRICE })]);
    // None of the set is the current image yet: it is under `comparison`, never the output's `images`.
    expect(started).not.toHaveProperty("images");

    const done = await until(token, started.comparison.id, (c) => c.images.every((image) => image.status === "ready" || image.status === "failed"));
    const winner = done.images.find((image) => image.model === "flux-kontext-max");
    const picked = await post(token, `/api/comparisons/${started.comparison.id}/winner`, { imageId: winner?.id, language: "de" });
    expect(picked.status).toBe(200);

    // The thread says so, in the language asked, with the winner as a pick: the next edit changes the winner.
    const thread = (await (await fetch(`${server.url}/api/conversations/${id}/messages`, { headers: tokenHeaders(token) })).json()) as { messages: { role: string; parts: { type: string; text?: string; output?: { images: { id: string }[] } }[] }[] };
    const note = thread.messages.at(-1);
    expect(note?.role).toBe("assistant");
    expect(note?.parts.find((p) => p.type === "text")?.text).toContain("FLUX.1 Kontext [max]");
    expect(note?.parts.find((p) => p.type === "text")?.text).toContain("Gewinner");
    expect(note?.parts.find((p) => p.type === "tool-pickImage")?.output?.images.map((image) => image.id)).toEqual([winner?.id]);

    // Picking it again changes nothing: no second note.
    expect((await post(token, `/api/comparisons/${started.comparison.id}/winner`, { imageId: winner?.id })).status).toBe(200);
    const again = (await (await fetch(`${server.url}/api/conversations/${id}/messages`, { headers: tokenHeaders(token) })).json()) as { messages: unknown[] };
    expect(again.messages.length).toBe(thread.messages.length);

    const edited = outputs(await ask("make the headline yellow")).at(-1) as { images: { id: string; parentId: string | null; status: string }[] };
    expect(edited.images[0]?.parentId).toBe(winner?.id);
    if (edited.images[0]) expect((await settled(server, token, edited.images[0].id)).parentId).toBe(winner?.id);
  });
});

type Thread = { messages: { id: string; role: string; parts: { type: string; text?: string; output?: { images: { id: string }[] } }[] }[] };
const threadOf = async (token: string, id: string) => (await (await fetch(`${server.url}/api/conversations/${id}/messages`, { headers: tokenHeaders(token) })).json()) as Thread;
const pickNotes = (thread: Thread) => thread.messages.filter((m) => m.parts.some((p) => p.type === "tool-pickImage"));

/** A comparison in a new conversation of the user's, every model finished. */
async function finishedInConversation(token: string, prompt: string): Promise<{ conversationId: string; comparison: Comparison }> {
  const conversationId = conversationResponseSchema.parse(await (await post(token, "/api/conversations", {})).json()).conversation.id;
  const res = await post(token, "/api/comparisons", { prompt, conversationId });
  expect(res.status).toBe(202);
  const started = comparisonResponseSchema.parse(await res.json()).comparison;
  standIns.releaseSlow();
  const comparison = await until(token, started.id, (c) => c.images.every((image) => image.status === "ready" || image.status === "failed"));
  return { conversationId, comparison };
}

describe("comparing an edited image", () => {
  it("gives every model the prompt the image started from and the headline it shows now, not the edit's instruction", async () => {
    const who = await signInByCode(server, "compare-edited@example.com");
    const token = who.sessionToken;
    const id = conversationResponseSchema.parse(await (await post(token, "/api/conversations", {})).json()).conversation.id;
    const ask = async (text: string) => chunksOf(await post(token, "/api/chat", { id, message: { id: `m-${Math.random()}`, role: "user", parts: [{ type: "text", text }] } }));
    const original = "make a thumbnail of a castle at night 'NIGHT RAID'";
    const made = outputs(await ask(original)).at(-1) as { images: { id: string; prompt: string }[] };
    const edited = outputs(await ask("make the headline yellow")).at(-1) as { images: { id: string; parentId: string | null }[] };
    const editedId = edited.images[0]?.id ?? "";
    expect(edited.images[0]?.parentId).toBe(made.images[0]?.id);
    await settled(server, token, editedId);

    const res = await post(token, "/api/comparisons", { imageId: editedId });
    expect(res.status).toBe(202);
    const comparison = comparisonResponseSchema.parse(await res.json()).comparison;
    expect(comparison.sourceImageId).toBe(editedId);
    const startedFrom = made.images[0]?.prompt ?? "";
    expect(startedFrom).toContain("NIGHT RAID");
    expect(comparison.prompt).toContain(startedFrom);
    expect(comparison.prompt).not.toContain("yellow");
    for (const image of comparison.images) {
      expect(image.prompt).toBe(comparison.prompt);
      expect(image.prompt?.toUpperCase()).toContain("NIGHT RAID");
    }
  });
});

describe("picking a winner in a conversation", () => {
  itOnPostgres("takes picks made at once one after the other: one note per change, and the last note is the winner", async () => {
    const who = await signInByCode(server, "compare-race@example.com");
    const token = who.sessionToken;
    const { conversationId, comparison } = await finishedInConversation(token, "a race car 'FAST'");
    const [a, b] = comparison.images.filter((image) => image.status === "ready");
    if (!a || !b) throw new Error("two finished images expected");

    // Every note stored, on whichever branch, oldest first: the winner each one names.
    const notesStored = async () =>
      (
        await server.database.query<{ parts: { type: string; output?: { images: { id: string }[] } }[] }>(
          "select parts from chat_messages where conversation_id = $1 and role = 'assistant' order by position",
          [conversationId],
        )
      ).map((row) => row.parts.find((p) => p.type === "tool-pickImage")?.output?.images[0]?.id);

    // The same pick four times at once: one winner, one note.
    const same = await Promise.all([0, 1, 2, 3].map(() => post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: a.id })));
    expect(same.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(await notesStored()).toEqual([a.id]);
    expect(pickNotes(await threadOf(token, conversationId)).length).toBe(1);

    // Two others at once: taken one after the other, a note each, and the last note names the winner stored.
    const [c] = comparison.images.filter((image) => image.status === "ready" && image.id !== a.id && image.id !== b.id);
    const pair = [b, c ?? a];
    await Promise.all(pair.map((image) => post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: image.id })));
    const winner = (await read(token, comparison.id)).winnerImageId;
    const notes = await notesStored();
    expect(notes.at(-1)).toBe(winner);
    expect(notes.length).toBe(3);
  });

  it("picks a winner of a comparison whose conversation was deleted, with no note", async () => {
    const who = await signInByCode(server, "compare-gone@example.com");
    const token = who.sessionToken;
    const { conversationId, comparison } = await finishedInConversation(token, "a desert road 'GONE'");
    expect((await fetch(`${server.url}/api/conversations/${conversationId}`, { method: "DELETE", headers: tokenHeaders(token) })).status).toBeLessThan(300);
    const ready = comparison.images.find((image) => image.status === "ready");
    const res = await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: ready?.id });
    expect(res.status).toBe(200);
    expect((await read(token, comparison.id)).winnerImageId).toBe(ready?.id);
  });

  it("refuses a pick while the conversation waits on an Approve / Deny, changing nothing", async () => {
    const who = await signInByCode(server, "compare-waiting@example.com");
    const token = who.sessionToken;
    const { conversationId: id, comparison } = await finishedInConversation(token, "a harbour 'WAIT'");
    const ask = async (text: string) => chunksOf(await post(token, "/api/chat", { id, message: { id: `m-${Math.random()}`, role: "user", parts: [{ type: "text", text }] } }));
    const waiting = await ask("try a thumbnail of a lighthouse on every model");
    expect(waiting.some((c) => c.type === "tool-approval-request")).toBe(true);
    const before = await threadOf(token, id);
    const ready = comparison.images.find((image) => image.status === "ready");
    const refused = await post(token, `/api/comparisons/${comparison.id}/winner`, { imageId: ready?.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "conflict:chat_approval_waiting" });
    expect((await read(token, comparison.id)).winnerImageId).toBeNull();
    expect((await threadOf(token, id)).messages.length).toBe(before.messages.length);
  });
});
