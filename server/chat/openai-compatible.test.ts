import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatToolNames, conversationResponseSchema } from "../../contract/chat.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { type RecordedRequest, startWireServer, type WireServer } from "../testing/wire-server.ts";

// An OpenAI-compatible server (as Ollama, vLLM or LM Studio speak it): chat completions streamed as SSE, with tool calls.
let llm: WireServer;
let server: TestServer;
let token: string;

function streamChunks(res: ServerResponse, deltas: object[], finish: string) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const base = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1_795_000_000, model: "local-model" };
  for (const delta of deltas) res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
  res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage: { prompt_tokens: 50, completion_tokens: 9, total_tokens: 59 } })}\n\n`);
  res.end("data: [DONE]\n\n");
}

const bodyOf = (request: RecordedRequest) => JSON.parse(request.body.toString()) as { model: string; stream: boolean; messages: { role: string; content?: unknown }[]; tools?: { function: { name: string } }[] };

beforeAll(async () => {
  llm = await startWireServer((request, res) => {
    const body = bodyOf(request);
    const answered = body.messages.some((m) => m.role === "tool");
    if (!answered) {
      streamChunks(
        res,
        [
          { role: "assistant", content: "Making " },
          { content: "it now." },
          { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "generateThumbnail", arguments: "" } }] },
          { tool_calls: [{ index: 0, function: { arguments: '{"prompt":"I tried 100 days of coding",' } }] },
          { tool_calls: [{ index: 0, function: { arguments: '"style":"cartoon","headline":"100 DAYS"}' } }] },
        ],
        "tool_calls",
      );
    } else {
      streamChunks(res, [{ role: "assistant", content: "Done: " }, { content: "your cartoon thumbnail is ready." }], "stop");
    }
  });
  server = await startTestServer({ env: { OPENAI_API_KEY: "sk-local", OPENAI_BASE_URL: `${llm.url}/v1`, CHAT_MODEL: "local-model" } });
  token = (await signInByCode(server, "llm@example.com")).sessionToken;
});
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

describe("the chat on an OpenAI-compatible model", () => {
  it("streams its words, runs its tool call through the same tools, and sends it the tool's result", async () => {
    const headers = { "x-session-token": token, "content-type": "application/json" };
    const created = await fetch(`${server.url}/api/conversations`, { method: "POST", headers, body: "{}" });
    const { id } = conversationResponseSchema.parse(await created.json()).conversation;
    const res = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers,
      body: JSON.stringify({ id, message: { id: "u1", role: "user", parts: [{ type: "text", text: "cartoon thumbnail 'I tried 100 days of coding'" }] } }),
    });
    const sse = await res.text();
    expect(sse).toContain('"delta":"Making "');
    expect(sse).toContain('"toolName":"generateThumbnail"');
    expect(sse).toMatch(/"status":"ready"/);
    expect(sse).toContain("your cartoon thumbnail is ready.");

    const chat = llm.requests.filter((r) => r.path === "/v1/chat/completions").map(bodyOf);
    expect(chat).toHaveLength(2);
    expect(chat[0]).toMatchObject({ model: "local-model", stream: true });
    expect(chat[0]?.tools?.map((t) => t.function.name).sort()).toEqual([...chatToolNames].sort());
    expect(chat[0]?.messages[0]).toMatchObject({ role: "system" });
    // The second call carries the tool's result: image records, never image bytes.
    const toolMessage = JSON.stringify(chat[1]?.messages.find((m) => m.role === "tool"));
    expect(toolMessage).toContain("ready");
    expect(toolMessage).not.toContain("base64");
  });
});

describe("spending through an OpenAI-compatible model", () => {
  let strict: TestServer;
  let strictToken: string;
  let userId: string;
  beforeAll(async () => {
    // Every paid image asks first.
    strict = await startTestServer({ env: { OPENAI_API_KEY: "sk-local", OPENAI_BASE_URL: `${llm.url}/v1`, CHAT_MODEL: "local-model", CHAT_CONFIRM_ABOVE_CREDITS: "0" } });
    const signedIn = await signInByCode(strict, "llm-approval@example.com");
    strictToken = signedIn.sessionToken;
    userId = signedIn.user.id;
  });
  afterAll(async () => strict?.close());

  async function turn(path: string, body: object) {
    const res = await fetch(`${strict.url}${path}`, { method: "POST", headers: { "x-session-token": strictToken, "content-type": "application/json" }, body: JSON.stringify(body) });
    return res.text();
  }

  it("waits for Approve / Deny before the model's tool call runs; denied, the model is told and nothing is charged", async () => {
    const created = await fetch(`${strict.url}/api/conversations`, { method: "POST", headers: { "x-session-token": strictToken, "content-type": "application/json" }, body: "{}" });
    const { id } = conversationResponseSchema.parse(await created.json()).conversation;
    const before = await strict.services.credits.balance(userId);
    const calls = () => llm.requests.filter((r) => r.path === "/v1/chat/completions").length;
    const callsBefore = calls();

    const asked = await turn("/api/chat", { id, message: { id: "u1", role: "user", parts: [{ type: "text", text: "cartoon thumbnail 'I tried 100 days of coding'" }] } });
    const approvalId = /"type":"tool-approval-request","approvalId":"([^"]+)"/.exec(asked)?.[1];
    expect(approvalId).toBeDefined();
    expect(asked).not.toContain('"status":"pending"');
    expect(calls()).toBe(callsBefore + 1);

    const denied = await turn(`/api/chat/${id}/approval`, { approvals: [{ id: approvalId, approved: false }] });
    expect(denied).toContain('"type":"tool-output-denied"');
    expect(await strict.services.credits.balance(userId)).toBe(before);
    const told = llm.requests.filter((r) => r.path === "/v1/chat/completions").map(bodyOf).at(-1);
    expect(JSON.stringify(told?.messages.find((m) => m.role === "tool"))).toContain("denied");
  });

  it("approved, runs the model's tool call as today and charges once", async () => {
    const created = await fetch(`${strict.url}/api/conversations`, { method: "POST", headers: { "x-session-token": strictToken, "content-type": "application/json" }, body: "{}" });
    const { id } = conversationResponseSchema.parse(await created.json()).conversation;
    const before = (await strict.services.credits.balance(userId)) ?? 0;
    const asked = await turn("/api/chat", { id, message: { id: "u2", role: "user", parts: [{ type: "text", text: "cartoon thumbnail 'approved'" }] } });
    const approvalId = /"type":"tool-approval-request","approvalId":"([^"]+)"/.exec(asked)?.[1];
    const approved = await turn(`/api/chat/${id}/approval`, { approvals: [{ id: approvalId, approved: true }] });
    expect(approved).toMatch(/"status":"ready"/);
    expect(approved).toContain("your cartoon thumbnail is ready.");
    expect(await strict.services.credits.balance(userId)).toBe(before - 1);
  });
});

