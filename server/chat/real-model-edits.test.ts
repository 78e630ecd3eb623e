import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SceneChange } from "../../contract/chat.ts";
import type { OpenDb } from "../../db/open-db.ts";
import { colorHex } from "./offline/lexicon.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { openTestDb } from "../testing/test-db.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { type RecordedRequest, startWireServer, type WireServer } from "../testing/wire-server.ts";
import { type ChatChunk, lastToolOutput, newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// One image, two paths: the offline assistant edits it first; then, on the same database, a real model behind an
// OpenAI-compatible server (scripted tool calls, streamed as chat-completions SSE) edits it with the same tools.
let database: OpenDb;
let llm: WireServer;
let token = "";
let userId = "";

interface ChatRequest {
  messages: { role: string; content?: unknown; tool_call_id?: string }[];
}
interface ToolOutput {
  images: { id: string; status: string; parentId: string | null }[];
  changes?: SceneChange[];
  outcome?: string;
  creditsSpent?: number;
}

/** The tool call the model makes on the next user message; answered tool results get closing words. */
let nextCall: { name: string; args: object } | undefined;
const bodyOf = (request: RecordedRequest) => JSON.parse(request.body.toString()) as ChatRequest;
const chatRequests = () => llm.requests.filter((r) => r.path === "/v1/chat/completions").map(bodyOf);

function stream(res: ServerResponse, deltas: object[], finish: string) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const base = { id: "chatcmpl-edit", object: "chat.completion.chunk", created: 1_795_000_000, model: "local-model" };
  for (const delta of deltas) res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
  res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage: { prompt_tokens: 80, completion_tokens: 12, total_tokens: 92 } })}\n\n`);
  res.end("data: [DONE]\n\n");
}

function modelTurn(request: RecordedRequest, res: ServerResponse) {
  const last = bodyOf(request).messages.at(-1);
  if (last?.role === "user" && nextCall) {
    const args = JSON.stringify(nextCall.args);
    // The arguments arrive in pieces, as a real model streams them.
    const cut = Math.floor(args.length / 2);
    stream(
      res,
      [
        { role: "assistant", content: "Let me try that." },
        { tool_calls: [{ index: 0, id: `call_${Math.random().toString(36).slice(2)}`, type: "function", function: { name: nextCall.name, arguments: "" } }] },
        { tool_calls: [{ index: 0, function: { arguments: args.slice(0, cut) } }] },
        { tool_calls: [{ index: 0, function: { arguments: args.slice(cut) } }] },
      ],
      "tool_calls",
    );
    return;
  }
  stream(res, [{ role: "assistant", content: "Here is what the tool said." }], "stop");
}

async function ask(server: TestServer, conversationId: string, words: string): Promise<{ chunks: ChatChunk[]; output?: ToolOutput; text: string }> {
  const chunks = await readChatStream(await postChat(server, { "x-session-token": token }, conversationId, words));
  const output = lastToolOutput<ToolOutput>(chunks);
  return { chunks, text: saidIn(chunks), ...(output ? { output } : {}) };
}

const conversation = (server: TestServer): Promise<string> => newConversation(server, { "x-session-token": token });

const realModelEnv = (llmUrl: string) => ({ OPENAI_API_KEY: "sk-local", OPENAI_BASE_URL: `${llmUrl}/v1`, CHAT_MODEL: "local-model" });
const ledgerRows = async (server: TestServer) => (await server.services.credits.statement(userId, { limit: 100 })).transactions.length;
const balance = async (server: TestServer) => (await server.services.credits.balance(userId)) ?? 0;

/** What the model is told of the latest tool call: the tool message of its latest request, as JSON. */
function lastToolResult(): unknown {
  const tool = chatRequests().at(-1)?.messages.findLast((m) => m.role === "tool");
  const content = tool?.content;
  // The OpenAI format carries a tool's result as a JSON string.
  return typeof content === "string" ? JSON.parse(content) : content;
}

/** The image both paths edit, and what the offline assistant's "make the headline yellow" changed in it. */
let original = "";
let offlineChanges: SceneChange[] = [];

beforeAll(async () => {
  database = await openTestDb();
  llm = await startWireServer(modelTurn);
  const offline = await startTestServer({ database });
  try {
    const signedIn = await signInByCode(offline, "real-model-edits@example.com");
    token = signedIn.sessionToken;
    userId = signedIn.user.id;
    const id = await conversation(offline);
    const made = await ask(offline, id, "make a realistic thumbnail for 'I tried 100 days of coding'");
    original = made.output?.images[0]?.id ?? "";
    expect(made.output?.images[0]).toMatchObject({ status: "ready" });
    const edited = await ask(offline, id, "make the headline yellow");
    expect(edited.output?.images[0]).toMatchObject({ status: "ready", parentId: original });
    offlineChanges = edited.output?.changes ?? [];
    expect(offlineChanges).toContainEqual(expect.objectContaining({ layer: "headline", property: "color", to: colorHex.yellow }));
  } finally {
    await offline.close();
  }
});
afterAll(async () => {
  await llm?.close();
  await database?.close();
});

describe("editing through a real model", () => {
  let server: TestServer;
  let yellow = "";
  beforeAll(async () => {
    server = await startTestServer({ database, env: realModelEnv(llm.url) });
  });
  afterAll(async () => server?.close());

  it("changes what the offline path changes for the same edit of the same image, free since only the headline changes", async () => {
    const id = await conversation(server);
    const rows = await ledgerRows(server);
    const before = await balance(server);
    nextCall = { name: "editImage", args: { imageId: original, instruction: "make the headline yellow", headlineColor: colorHex.yellow } };
    const { output } = await ask(server, id, "make the headline yellow");
    expect(output?.images[0]).toMatchObject({ status: "ready", parentId: original, creditsSpent: 0 });
    expect(output?.changes).toEqual(offlineChanges);
    expect(output?.creditsSpent).toBe(0);
    expect(await balance(server)).toBe(before);
    expect(await ledgerRows(server)).toBe(rows);
    yellow = output?.images[0]?.id ?? "";
    // The model is told the diff it is to speak from.
    expect(lastToolResult()).toMatchObject({ changes: offlineChanges });
  });

  it("makes no image and charges nothing for a change the image already has, and tells the model so", async () => {
    const id = await conversation(server);
    const rows = await ledgerRows(server);
    const before = await balance(server);
    // The same colour, in capitals, as a model may well write it.
    nextCall = { name: "editImage", args: { imageId: yellow, instruction: "yellow headline", headlineColor: colorHex.yellow.toUpperCase() } };
    const { output } = await ask(server, id, "yellow headline please");
    expect(output).toMatchObject({ outcome: "no-change", images: [], changes: [], creditsSpent: 0 });
    expect(await ledgerRows(server)).toBe(rows);
    expect(await balance(server)).toBe(before);
    expect(lastToolResult()).toMatchObject({ outcome: "no-change", images: [], changes: [], creditsSpent: 0 });
  });

  it("charges no credit for any edit a real model sends that would leave the picture as it is", async () => {
    const noOps: object[] = [
      { instruction: "keep it as it is" },
      { instruction: "same colour", headlineColor: colorHex.yellow },
      { instruction: "same words", headline: "i tried 100 days of coding" },
      { instruction: "keep it realistic", style: "realistic" },
      { instruction: "same size", headlineScale: 1 },
    ];
    const rows = await ledgerRows(server);
    const before = await balance(server);
    const outcomes: (string | undefined)[] = [];
    for (const args of noOps) {
      nextCall = { name: "editImage", args: { imageId: yellow, ...args } };
      const { output } = await ask(server, await conversation(server), "that again");
      outcomes.push(output?.outcome);
    }
    expect(outcomes).toEqual(noOps.map(() => "no-change"));
    expect(await ledgerRows(server)).toBe(rows);
    expect(await balance(server)).toBe(before);
  });

  it("tells the model to speak from the diff, claim nothing on a no-change and offer two or three edits", () => {
    const system = chatRequests()[0]?.messages[0];
    expect(system?.role).toBe("system");
    const prompt = String(system?.content);
    expect(prompt).toContain("After an edit, say what its `changes` list says it changed, and nothing else, in the language of the user's message.");
    expect(prompt).toMatch(/outcome is "no-change", no image was made and nothing was charged/);
    expect(prompt).toMatch(/offer two or three edits that would show/);
    expect(prompt).toMatch(/Never say an image was made, changed or charged before its tool result says so/);
  });
});

describe("a real model's edit above the approval threshold", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Every paid call asks first.
    server = await startTestServer({ database, env: { ...realModelEnv(llm.url), CHAT_CONFIRM_ABOVE_CREDITS: "0" } });
  });
  afterAll(async () => server?.close());

  it("waits for Approve before anything is made or charged, then charges once", async () => {
    const id = await conversation(server);
    const rows = await ledgerRows(server);
    const before = await balance(server);
    nextCall = { name: "editImage", args: { imageId: original, instruction: "red background", backgroundColor: colorHex.red } };
    const asked = await ask(server, id, "make the background red");
    const approvalId = asked.chunks.find((c) => c.type === "tool-approval-request")?.approvalId;
    expect(approvalId).toBeDefined();
    expect(asked.output).toBeUndefined();
    expect(await ledgerRows(server)).toBe(rows);
    expect(await balance(server)).toBe(before);

    nextCall = undefined;
    const res = await fetch(`${server.url}/api/chat/${id}/approval`, {
      method: "POST",
      headers: { "x-session-token": token, "content-type": "application/json" },
      body: JSON.stringify({ approvals: [{ id: approvalId, approved: true }] }),
    });
    const approved = await res.text();
    expect(approved).toMatch(/"status":"ready"/);
    expect(await balance(server)).toBe(before - 1);
  });

  it("does not ask to approve an edit of the headline alone, and makes it for nothing", async () => {
    const id = await conversation(server);
    const rows = await ledgerRows(server);
    const before = await balance(server);
    nextCall = { name: "editImage", args: { imageId: original, instruction: "green headline", headlineColor: colorHex.green } };
    const { chunks, output } = await ask(server, id, "make the headline green");
    expect(chunks.some((c) => c.type === "tool-approval-request")).toBe(false);
    expect(output?.images[0]).toMatchObject({ status: "ready", parentId: original, creditsSpent: 0 });
    expect(output?.changes).toContainEqual(expect.objectContaining({ layer: "headline", property: "color", to: colorHex.green }));
    expect(output?.creditsSpent).toBe(0);
    expect(await balance(server)).toBe(before);
    expect(await ledgerRows(server)).toBe(rows);
  });

  it("does not ask to approve an edit that would change nothing, and charges nothing for it", async () => {
    const id = await conversation(server);
    const rows = await ledgerRows(server);
    nextCall = { name: "editImage", args: { imageId: original, instruction: "keep it realistic", style: "realistic" } };
    const { chunks, output } = await ask(server, id, "keep it realistic");
    expect(chunks.some((c) => c.type === "tool-approval-request")).toBe(false);
    expect(output).toMatchObject({ outcome: "no-change", images: [] });
    expect(await ledgerRows(server)).toBe(rows);
  });
});
