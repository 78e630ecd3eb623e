import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SceneChange } from "../../contract/chat.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { firstToolName, lastToolOutput, newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// One current image whose scene accumulates (decision 031), through the chat as `npm start` runs it: another frame
// and variants keep every edit made before, and an image the user picks is the one changed.
let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "relay@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => server?.close());

interface ToolOutput {
  images: { id: string; status: string; parentId: string | null; aspect: string; width: number; height: number }[];
  changes?: SceneChange[];
  outcome?: string;
  creditsSpent: number;
}

async function ask(conversationId: string, words: string, extra: Record<string, unknown> = {}) {
  const res = await postChat(server, { "x-session-token": token }, conversationId, words, extra);
  const chunks = await readChatStream(res);
  const output = lastToolOutput<ToolOutput>(chunks);
  const error = chunks.find((c) => c.type === "error")?.errorText;
  return { status: res.status, text: saidIn(chunks), tool: firstToolName(chunks), error, images: output?.images ?? [], changes: output?.changes, outcome: output?.outcome, spent: output?.creditsSpent };
}

const conversation = (): Promise<string> => newConversation(server, { "x-session-token": token });

const balance = async () => (await server.services.credits.balance(userId)) ?? 0;
const ledgerRows = async () => (await server.services.credits.statement(userId, { limit: 100 })).transactions.length;
const headlineOf = async (imageId: string) => {
  const { scene } = await server.services.images.editSource(userId, imageId);
  return (scene as { text: { text: string; fill: string; fixedFill?: boolean }[] }).text[0];
};

/** A thumbnail whose headline the user then made red: the current image carries that edit. */
async function editedThumbnail() {
  const id = await conversation();
  const made = await ask(id, "make a realistic thumbnail for 'I tried 100 days of coding'");
  expect(made.images[0]).toMatchObject({ status: "ready", aspect: "16:9" });
  const red = await ask(id, "make the headline red");
  const edited = red.images[0];
  expect(edited).toMatchObject({ status: "ready" });
  expect(await headlineOf(edited?.id ?? "")).toMatchObject({ fill: "#e63946" });
  return { id, firstId: made.images[0]?.id ?? "", editedId: edited?.id ?? "" };
}

describe("another frame for the current image", () => {
  it("lays the edited scene out square for Instagram: a 1:1 image that keeps the red headline, charged once", async () => {
    const { id, editedId } = await editedThumbnail();
    const before = await balance();
    const square = await ask(id, "square for instagram");
    expect(square.tool).toBe("editImage");
    const image = square.images[0];
    expect(image).toMatchObject({ status: "ready", aspect: "1:1", width: 1080, height: 1080, parentId: editedId });
    expect(square.changes).toContainEqual({ layer: "frame", property: "aspect", from: "16:9", to: "1:1" });
    const [was, now] = [await headlineOf(editedId), await headlineOf(image?.id ?? "")];
    expect(now).toMatchObject({ text: was?.text, fill: "#e63946", fixedFill: true });
    expect(before - (await balance())).toBe(square.spent);
    expect(square.spent).toBeGreaterThan(0);
    expect(square.text).toContain("aid it out as a square");
  });

  it("makes no image and charges nothing for the frame it already has", async () => {
    const { id } = await editedThumbnail();
    const rows = await ledgerRows();
    const same = await ask(id, "16:9 for youtube");
    expect(same.outcome).toBe("no-change");
    expect(same.images).toEqual([]);
    expect(await ledgerRows()).toBe(rows);
    expect(same.text).toMatch(/charged nothing|no credits were spent/);
  });
});

describe("variants of the current image", () => {
  it("three versions after an edit: three new images of its scene, each with the edit kept, each charged", async () => {
    const { id, editedId } = await editedThumbnail();
    const before = await balance();
    const three = await ask(id, "three versions");
    expect(three.tool).toBe("varyImage");
    expect(three.images).toHaveLength(3);
    for (const image of three.images) {
      expect(image).toMatchObject({ status: "ready", parentId: editedId, aspect: "16:9" });
      expect(await headlineOf(image.id)).toMatchObject({ fill: "#e63946", fixedFill: true });
    }
    const cost = (before - (await balance())) / 3;
    expect(cost).toBeGreaterThan(0);
    expect(three.spent).toBe(cost * 3);
    expect(three.text).toContain("3 new versions");
  });

  it("try again: one new variant of the current image", async () => {
    const { id, editedId } = await editedThumbnail();
    const before = await balance();
    const again = await ask(id, "try again");
    expect(again.tool).toBe("varyImage");
    expect(again.images).toHaveLength(1);
    expect(again.images[0]).toMatchObject({ status: "ready", parentId: editedId });
    expect(await headlineOf(again.images[0]?.id ?? "")).toMatchObject({ fill: "#e63946" });
    expect(before - (await balance())).toBe(again.spent);
  });
});

describe("an image the user picks becomes the current one", () => {
  it("an edit sent with an older image's id changes that image, not the newest", async () => {
    const { id, firstId } = await editedThumbnail();
    const blue = await ask(id, "make the headline blue", { imageId: firstId });
    expect(blue.images[0]).toMatchObject({ status: "ready", parentId: firstId });
  });

  it("refuses an image that is not one of the conversation's, and makes nothing", async () => {
    const { id } = await editedThumbnail();
    const other = await conversation();
    const elsewhere = (await ask(other, "make a realistic thumbnail for 'a lighthouse'")).images[0]?.id ?? "";
    const rows = await ledgerRows();
    const refused = await ask(id, "make the headline blue", { imageId: elsewhere });
    expect(refused.images).toEqual([]);
    expect(refused.error).toMatch(/not one of this conversation/);
    expect(await ledgerRows()).toBe(rows);
  });
});
