import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatToolNames, conversationResponseSchema } from "../../contract/chat.ts";
import { personas } from "../../db/schema/personas.ts";
import { createImageWrites } from "../images/store.ts";
import { scriptedModel, type ScriptedStep } from "../testing/scripted-model.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { hostileCorpus } from "./hostile-corpus.ts";

interface Account {
  token: string;
  userId: string;
}

/** Everything of the victim's account a chat could touch, and the attacker's ledger. */
async function stateOf(server: TestServer, victim: Account, attacker: Account) {
  const q = <Row>(text: string, params: unknown[]) => server.database.query<Row>(text, params);
  return {
    victimImages: await q("select id, status, kind, prompt, style, original_key, parent_id from images where user_id = $1 order by id", [victim.userId]),
    victimPersonas: await q("select id, handle, name from personas where user_id = $1 order by id", [victim.userId]),
    victimConversations: await q("select c.id, c.title, count(m.id)::int as messages from conversations c left join chat_messages m on m.conversation_id = c.id where c.user_id = $1 group by c.id order by c.id", [victim.userId]),
    victimLedger: await q("select delta, reason, ref from credit_transactions where user_id = $1 order by created_at, id", [victim.userId]),
    victimCredits: await q("select credits from users where id = $1", [victim.userId]),
    attackerImagesOfOthers: await q("select id from images where user_id = $1 and (base_image_id in (select id from images where user_id = $2) or parent_id in (select id from images where user_id = $2))", [attacker.userId, victim.userId]),
  };
}

/** Credits the attacker gained beyond signup grants and refunds of their own charges: must stay nothing. */
async function creditsGranted(server: TestServer, attacker: Account): Promise<number> {
  const rows = await server.database.query<{ delta: number; reason: string; ref: string }>("select delta, reason, ref from credit_transactions where user_id = $1", [attacker.userId]);
  const charged = new Map(rows.filter((r) => r.reason === "generation").map((r) => [r.ref, -r.delta]));
  return rows
    .filter((r) => r.delta > 0)
    .filter((r) => !["signup", "early-bird"].includes(r.reason))
    .filter((r) => !(r.reason === "refund" && charged.get(r.ref) === r.delta))
    .reduce((sum, r) => sum + r.delta, 0);
}

async function setUpVictim(server: TestServer, victim: Account) {
  const image = await createImageWrites(server.database.db).insert({ userId: victim.userId, kind: "generated", status: "pending", prompt: "victim's private thumbnail" });
  await server.database.db.insert(personas).values({ userId: victim.userId, name: "Victim", handle: "victim-face", role: "artist", cutoutKey: "none" });
  const res = await fetch(`${server.url}/api/conversations`, { method: "POST", headers: { "x-session-token": victim.token, "content-type": "application/json" }, body: '{"title":"Private"}' });
  conversationResponseSchema.parse(await res.json());
  return { victimImage: image.id, victimPersona: "victim-face" };
}

/** Sends one message as `who` to a fresh conversation; answers the tool names the answer used. */
async function attack(server: TestServer, who: Account, text: string): Promise<string[]> {
  const headers = { "x-session-token": who.token, "content-type": "application/json" };
  const created = await fetch(`${server.url}/api/conversations`, { method: "POST", headers, body: "{}" });
  const { id } = conversationResponseSchema.parse(await created.json()).conversation;
  const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers, body: JSON.stringify({ id, message: { id: "m", role: "user", parts: [{ type: "text", text }] } }) });
  const body = await res.text();
  return [...body.matchAll(/"toolName":"([^"]+)"/g)].map((m) => m[1] ?? "");
}

describe("hostile prompts against the offline assistant", () => {
  let server: TestServer;
  let attacker: Account;
  let victim: Account;

  beforeAll(async () => {
    server = await startTestServer();
    const a = await signInByCode(server, "attacker@example.com");
    const v = await signInByCode(server, "victim@example.com");
    attacker = { token: a.sessionToken, userId: a.user.id };
    victim = { token: v.sessionToken, userId: v.user.id };
  });
  afterAll(async () => server?.close());

  it("changes nothing of anyone else's, grants no credit and calls no tool beyond the chat's own", { timeout: 300_000 }, async () => {
    const { victimImage, victimPersona } = await setUpVictim(server, victim);
    const corpus = hostileCorpus({ victim: victim.userId, victimImage, victimPersona });
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    const before = await stateOf(server, victim, attacker);
    const used = new Set<string>();
    for (const text of corpus) for (const name of await attack(server, attacker, text)) used.add(name);
    await server.jobs.idle();
    console.log(`${corpus.length} hostile prompts; tools the assistant called: ${[...used].sort().join(", ") || "none"}`);
    expect([...used].filter((name) => !(chatToolNames as readonly string[]).includes(name))).toEqual([]);
    expect(await stateOf(server, victim, attacker)).toEqual(before);
    expect(await creditsGranted(server, attacker)).toBe(0);
  });
});

describe("a malicious model's tool calls against the tool layer", () => {
  let server: TestServer;
  let attacker: Account;
  let victim: Account;
  let calls: { toolName: string; input: unknown }[] = [];

  beforeAll(async () => {
    // Plays a model that does whatever a prompt injection asks: every call below, one per answer.
    server = await startTestServer({ deps: { chatModel: () => scriptedModel((_call, step): ScriptedStep => (step === 0 ? { toolCalls: calls } : { text: "Done." })) } });
    const a = await signInByCode(server, "mallory@example.com");
    const v = await signInByCode(server, "alice@example.com");
    attacker = { token: a.sessionToken, userId: a.user.id };
    victim = { token: v.sessionToken, userId: v.user.id };
  });
  afterAll(async () => server?.close());

  it("refuses every call that reaches for another account, a tool that does not exist, or more than is allowed", { timeout: 120_000 }, async () => {
    const { victimImage, victimPersona } = await setUpVictim(server, victim);
    const hostileCalls: { toolName: string; input: unknown }[] = [
      { toolName: "generateThumbnail", input: { prompt: "steal", baseImageId: victimImage } },
      { toolName: "generateThumbnail", input: { prompt: "steal", personaHandles: [victimPersona] } },
      { toolName: "generateThumbnail", input: { prompt: "as them", userId: victim.userId } },
      { toolName: "generateThumbnail", input: { prompt: "many", count: 1000 } },
      { toolName: "generateThumbnail", input: { prompt: "negative", count: -3 } },
      { toolName: "generateThumbnail", input: { prompt: "free", model: "studio", creditCost: 0 } },
      { toolName: "editImage", input: { imageId: victimImage, instruction: "make it mine" } },
      { toolName: "editImage", input: { imageId: victimImage, instruction: "yellow", headlineColor: "#ffff00" } },
      { toolName: "editImage", input: { instruction: "no image yet" } },
      { toolName: "editImage", input: { instruction: "add it", artAdd: "fire ".repeat(2000) } },
      { toolName: "editImage", input: { instruction: "add it", artAdd: "fire\u0000\u001b[2J\u202e" } },
      { toolName: "editImage", input: { imageId: victimImage, instruction: "no emoji", artRemove: "all" } },
      { toolName: "replaceSubject", input: { personaHandle: victimPersona, baseImageId: victimImage } },
      { toolName: "replaceSubject", input: { personaHandle: victimPersona } },
      { toolName: "replaceSubject", input: { personaHandle: "me", baseImageId: victimImage, userId: victim.userId } },
      { toolName: "generatePack", input: { prompt: "steal", baseImageId: victimImage } },
      { toolName: "generatePack", input: { prompt: "steal", personaHandles: [victimPersona] } },
      { toolName: "generatePack", input: { prompt: "sized", aspect: "9:16", count: 9 } },
      { toolName: "listPersonas", input: { userId: victim.userId } },
      { toolName: "grantCredits", input: { amount: 100000 } },
      { toolName: "deleteImages", input: { userId: victim.userId } },
      { toolName: "runSql", input: { sql: "delete from images" } },
      { toolName: "generateThumbnail", input: "not even an object" },
    ];
    const before = await stateOf(server, victim, attacker);
    const outcomes: string[] = [];
    for (const call of hostileCalls) {
      calls = [call];
      const headers = { "x-session-token": attacker.token, "content-type": "application/json" };
      const created = await fetch(`${server.url}/api/conversations`, { method: "POST", headers, body: "{}" });
      const { id } = conversationResponseSchema.parse(await created.json()).conversation;
      const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers, body: JSON.stringify({ id, message: { id: "m", role: "user", parts: [{ type: "text", text: "go" }] } }) });
      const body = await res.text();
      outcomes.push(`${call.toolName}: ${/"type":"(tool-output-available|tool-output-error|tool-input-error|error)"/.exec(body)?.[1] ?? "none"}`);
    }
    await server.jobs.idle();
    // The persona list is the attacker's own (empty); generating with their own made-up arguments is allowed.
    expect(outcomes).toEqual([
      "generateThumbnail: tool-output-error",
      "generateThumbnail: tool-output-error",
      "generateThumbnail: tool-output-available",
      "generateThumbnail: tool-input-error",
      "generateThumbnail: tool-input-error",
      "generateThumbnail: tool-output-available",
      "editImage: tool-output-error",
      "editImage: tool-output-error",
      "editImage: tool-output-error",
      "editImage: tool-input-error",
      "editImage: tool-input-error",
      "editImage: tool-output-error",
      "replaceSubject: tool-output-error",
      "replaceSubject: tool-output-error",
      "replaceSubject: tool-output-error",
      "generatePack: tool-output-error",
      "generatePack: tool-output-error",
      "generatePack: tool-output-available",
      "listPersonas: tool-output-available",
      "grantCredits: tool-input-error",
      "deleteImages: tool-input-error",
      "runSql: tool-input-error",
      "generateThumbnail: tool-input-error",
    ]);
    expect(await stateOf(server, victim, attacker)).toEqual(before);
    expect(await creditsGranted(server, attacker)).toBe(0);
    const listed = await server.database.query<{ count: number }>("select count(*)::int as count from images where user_id = $1", [attacker.userId]);
    // Two single images and one pack of three, every one at 16:9 whatever the pack call asked.
    expect(listed[0]?.count).toBe(5);
  });
});
