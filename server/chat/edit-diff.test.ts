import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SceneChange } from "../../contract/chat.ts";
import { samePicture } from "../generation/same-picture.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { lastToolOutput, newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// Edits through the chat as `npm start` runs it (the offline assistant): what they change, charge and say.
let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "edit-diff@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => server?.close());

interface ToolOutput {
  images: { id: string; status: string; parentId: string | null }[];
  changes?: SceneChange[];
  outcome?: string;
}

async function ask(conversationId: string, words: string, language?: string) {
  const res = await postChat(server, { "x-session-token": token }, conversationId, words, { language });
  const chunks = await readChatStream(res);
  const output = lastToolOutput<ToolOutput>(chunks);
  return { status: res.status, text: saidIn(chunks), images: output?.images ?? [], changes: output?.changes, outcome: output?.outcome };
}

const conversation = (): Promise<string> => newConversation(server, { "x-session-token": token });

const ledgerRows = async () => (await server.services.credits.statement(userId, { limit: 100 })).transactions.length;
const bytes = (id: string) => server.services.images.originalBytes(userId, id);

async function thumbnail(language?: string) {
  const id = await conversation();
  const made = await ask(id, "make a realistic thumbnail for 'I tried 100 days of coding'", language);
  const image = made.images[0];
  expect(image).toMatchObject({ status: "ready" });
  return { id, imageId: image?.id ?? "" };
}

describe("a chat edit that changes nothing", () => {
  it("makes no image, writes no ledger row and offers edits that would show, in the message's language", async () => {
    const { id } = await thumbnail();
    const first = await ask(id, "make the headline yellow");
    expect(first.images[0]).toMatchObject({ status: "ready" });
    const rows = await ledgerRows();
    const again = await ask(id, "make the headline yellow");
    expect(again.outcome).toBe("no-change");
    expect(again.images).toEqual([]);
    expect(await ledgerRows()).toBe(rows);
    expect(again.text).not.toMatch(/all set|ready/i);
    expect(again.text).toMatch(/charged nothing|no credits were spent/);
    expect(again.text).toMatch(/headline bigger|background/);
    // Its whole answer claims no change: the sentence said before the edit ran only spoke of trying it, and the
    // closing follows it at once.
    expect(again.text).toMatch(/^[^.]*\btry\b[^.]*\.\s*(That would leave the picture exactly as it is|I couldn't find anything to change there)/);

    const spanish = await ask(id, "titular en amarillo", "es");
    expect(spanish.outcome).toBe("no-change");
    expect(spanish.text).toMatch(/no cobré nada|no se gastaron créditos/);
    expect(spanish.text).toMatch(/^[^.]*(intent|prob|prueb)[^.]*\.\s*(Eso dejaría la imagen exactamente igual|No encontré nada que cambiar)/);
    expect(await ledgerRows()).toBe(rows);
  });
});

describe("what an edit changes is what it says", () => {
  it("makes it pop: a non-empty diff and a changed image", async () => {
    const { id, imageId } = await thumbnail();
    const popped = await ask(id, "make it pop");
    const image = popped.images[0];
    expect(image).toMatchObject({ status: "ready", parentId: imageId });
    expect(popped.changes?.length).toBeGreaterThan(0);
    expect(await samePicture(await bytes(image?.id ?? ""), await bytes(imageId))).toBe(false);
    expect(popped.text).toContain("Made the headline bigger, gave the headline a heavier outline and made the background colours stronger.");
  });

  it("makes the background red and names it", async () => {
    const { id, imageId } = await thumbnail();
    const red = await ask(id, "make the background red");
    expect(red.images[0]).toMatchObject({ status: "ready", parentId: imageId });
    expect(red.changes).toContainEqual(expect.objectContaining({ layer: "background", property: "color", to: "#e63946" }));
    expect(await samePicture(await bytes(red.images[0]?.id ?? ""), await bytes(imageId))).toBe(false);
    expect(red.text).toContain("background red");
  });

  it("moves the text to the right: the headline moves, the subject stays", async () => {
    const { id } = await thumbnail();
    await ask(id, "move the text to the left");
    const moved = await ask(id, "move the text to the right");
    const x = moved.changes?.find((c) => c.layer === "headline" && c.property === "x");
    expect(x).toBeDefined();
    expect(Number(x?.to)).toBeGreaterThan(Number(x?.from));
    expect(moved.changes?.some((c) => c.layer === "subject")).toBe(false);
    expect(moved.text).toContain("oved the headline to the right");
  });

  it("sets a more elegant font and then less text: each drawn, and each said with what it became", async () => {
    const { id, imageId } = await thumbnail();
    const serif = await ask(id, "make the font more elegant");
    const image = serif.images[0];
    expect(image).toMatchObject({ status: "ready", parentId: imageId });
    expect(serif.changes).toEqual([{ layer: "headline", property: "font", from: "anton", to: "abril" }]);
    expect(await samePicture(await bytes(image?.id ?? ""), await bytes(imageId))).toBe(false);
    expect(serif.text).toContain("Set the headline in a classic serif font.");

    const shorter = await ask(id, "less text");
    expect(shorter.images[0]).toMatchObject({ status: "ready", parentId: image?.id });
    expect(shorter.changes).toContainEqual({ layer: "headline", property: "text", from: "I TRIED 100 DAYS OF CODING", to: "TRIED 100 DAYS OF CODING" });
    expect(shorter.text).toContain("Shortened the headline to “TRIED 100 DAYS OF CODING”.");
  });
});

describe("an edit the assistant cannot place", () => {
  it("asks which change, offering edits, and makes no image and writes no ledger row", async () => {
    const { id } = await thumbnail();
    const rows = await ledgerRows();
    const unclear = await ask(id, "can you fix it?");
    expect(unclear.images).toEqual([]);
    expect(unclear.outcome).toBeUndefined();
    expect(unclear.text).toMatch(/\?/);
    expect(unclear.text).toMatch(/headline|background|font/);
    expect(await ledgerRows()).toBe(rows);
  });
});
