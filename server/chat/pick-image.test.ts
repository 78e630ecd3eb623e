import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVersionsResponseSchema } from "../../contract/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { firstToolName, lastToolOutput, newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// Undo, redo and picks through the chat as `npm start` runs it (the offline assistant): free moves along the versions.
let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "pick-image@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => server?.close());

interface ToolOutput {
  images: { id: string; status: string; parentId: string | null }[];
  creditsSpent: number;
  outcome?: string;
  version?: { number: number; of: number };
}

async function ask(conversationId: string, words: string, language?: string) {
  const res = await postChat(server, { "x-session-token": token }, conversationId, words, { language });
  const chunks = await readChatStream(res);
  return { status: res.status, text: saidIn(chunks), toolName: firstToolName(chunks), output: lastToolOutput<ToolOutput>(chunks) };
}

const conversation = (): Promise<string> => newConversation(server, { "x-session-token": token });

const ledgerRows = async () => (await server.services.credits.statement(userId, { limit: 100 })).transactions.length;
const balance = async () => (await server.services.credits.balance(userId)) ?? 0;

/** A thumbnail and two edits of it, in a new conversation: three versions, the third current. */
async function threeVersions() {
  const id = await conversation();
  const made = await ask(id, "make a realistic thumbnail for 'I tried 100 days of coding'");
  const bigger = await ask(id, "bigger headline");
  const yellow = await ask(id, "make the headline yellow");
  const ids = [made, bigger, yellow].map((answer) => answer.output?.images[0]?.id ?? "");
  for (const image of ids) expect(image).not.toBe("");
  return { id, ids };
}

describe("undo, redo and picks in the chat", () => {
  it("undo makes the previous version current for free, and the next edit starts from it", async () => {
    const { id, ids } = await threeVersions();
    const [first, second, third] = ids;
    const rows = await ledgerRows();
    const credits = await balance();

    const undone = await ask(id, "undo that");
    expect(undone.toolName).toBe("pickImage");
    expect(undone.output).toMatchObject({ outcome: "picked", creditsSpent: 0, version: { number: 2, of: 3 } });
    expect(undone.output?.images.map((image) => image.id)).toEqual([second]);
    expect(undone.text).toMatch(/version 2 of 3/i);
    expect(await ledgerRows()).toBe(rows);
    expect(await balance()).toBe(credits);

    const redone = await ask(id, "redo");
    expect(redone.output).toMatchObject({ outcome: "picked", version: { number: 3, of: 3 } });
    expect(redone.output?.images.map((image) => image.id)).toEqual([third]);

    const original = await ask(id, "go back to the first one");
    expect(original.output?.images.map((image) => image.id)).toEqual([first]);
    expect(await ledgerRows()).toBe(rows);

    // An edit now edits the restored first version, not the newest image made.
    const recoloured = await ask(id, "make the headline red");
    expect(recoloured.toolName).toBe("editImage");
    expect(recoloured.output?.images[0]).toMatchObject({ status: "ready", parentId: first });
  });

  it("says honestly when there is nothing to undo or redo, makes nothing current and charges nothing", async () => {
    const id = await conversation();
    await ask(id, "make a realistic thumbnail for 'I tried 100 days of coding'");
    const rows = await ledgerRows();

    const undo = await ask(id, "undo");
    expect(undo.output).toMatchObject({ outcome: "nothing-to-undo", images: [], creditsSpent: 0 });
    expect(undo.text).toMatch(/nothing to undo|nothing to go back to/i);
    expect(undo.text).not.toMatch(/back to version/i);

    const redo = await ask(id, "rehacer", "es");
    expect(redo.output).toMatchObject({ outcome: "nothing-to-redo", images: [] });
    expect(redo.text).toMatch(/nada que rehacer/);
    expect(await ledgerRows()).toBe(rows);
  });

  it("answers in the message's language", async () => {
    const { id } = await threeVersions();
    const german = await ask(id, "mach das rückgängig", "de");
    expect(german.output).toMatchObject({ outcome: "picked", version: { number: 2, of: 3 } });
    expect(german.text).toMatch(/Version 2 von 3/);
    const japanese = await ask(id, "元に戻して", "ja");
    expect(japanese.text).toMatch(/バージョン 1\/3/);
  });
});

describe("GET /api/images/:id/versions", () => {
  const get = (id: string, session = token) => fetch(`${server.url}/api/images/${id}/versions`, { headers: { "x-session-token": session } });

  it("answers the root and every finished edit of it, oldest first, from any version", async () => {
    const { ids } = await threeVersions();
    for (const asked of ids) {
      const res = await get(asked);
      expect(res.status).toBe(200);
      expect(imageVersionsResponseSchema.parse(await res.json()).versions.map((v) => v.id)).toEqual(ids);
    }
  });

  it("is a chain of one for an image never edited", async () => {
    const id = await conversation();
    const made = await ask(id, "make a realistic thumbnail for 'a lighthouse at night'");
    const imageId = made.output?.images[0]?.id ?? "";
    const res = await get(imageId);
    expect(imageVersionsResponseSchema.parse(await res.json()).versions.map((v) => v.id)).toEqual([imageId]);
  });

  it("answers someone else's image, a malformed id and a missing one with the same 404", async () => {
    const { ids } = await threeVersions();
    const other = await signInByCode(server, "pick-image-other@example.com");
    const answers = await Promise.all([get(ids[0] ?? "", other.sessionToken), get("not-a-uuid"), get("00000000-0000-4000-8000-000000000000")]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found:image" });
    }
  });
});
