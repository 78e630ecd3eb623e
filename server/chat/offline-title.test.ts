import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import type { Language } from "../../contract/languages.ts";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// The video's title given in the chat, as `npm start` runs it: the offline assistant calls setTitle, and the image in
// the database has the title (docs/product/chat.md, Video title).
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "50" } });
  token = (await signInByCode(server, "chat-title@example.com")).sessionToken;
});
afterAll(async () => server?.close());

interface Said {
  text: string;
  imageIds: string[];
  tools: string[];
}

async function ask(conversationId: string, words: string, language: Language): Promise<Said> {
  const res = await postChat(server, tokenHeaders(token), conversationId, words, { language });
  expect(res.status).toBe(200);
  const chunks = await readChatStream(res);
  return {
    text: saidIn(chunks),
    imageIds: chunks.flatMap((c) => (c.type === "tool-output-available" ? ((c.output as { images?: { id: string }[] } | undefined)?.images ?? []).map((image) => image.id) : [])),
    tools: chunks.flatMap((c) => (c.type === "tool-input-available" && c.toolName ? [c.toolName] : [])),
  };
}

const conversation = (): Promise<string> => newConversation(server, tokenHeaders(token));

const titleOf = async (id: string) => imageResponseSchema.parse(await (await fetch(`${server.url}/api/images/${id}`, { headers: tokenHeaders(token) })).json()).image.title;

const cases: [Language, string, string, string][] = [
  ["en", "make a cartoon thumbnail for 'I tried 100 days of coding'", "the title is 'I tried 100 days of coding (it changed my life)'", "I tried 100 days of coding (it changed my life)"],
  ["es", "haz una miniatura para 'Mi viaje a Japón'", "título: Mi viaje a Japón en 10 días", "Mi viaje a Japón en 10 días"],
  ["fr", "fais une miniature pour 'Mon voyage au Japon'", "le titre de la vidéo est « Mon voyage au Japon en 10 jours »", "Mon voyage au Japon en 10 jours"],
  ["de", "erstelle ein Thumbnail für 'Meine Reise nach Japan'", "Videotitel: Meine Reise nach Japan in 10 Tagen", "Meine Reise nach Japan in 10 Tagen"],
  ["zh", "做一个封面：我的日本之旅", "视频标题是「我的日本之旅：10天走遍东京」", "我的日本之旅：10天走遍东京"],
  ["ja", "日本旅行のサムネイルを作って", "動画のタイトルは「10日間の日本旅行」です", "10日間の日本旅行"],
];

describe("the video's title in the chat", () => {
  it.each(cases)("[%s] sets the current image's title, free, and says the title it set", async (language, make, give, title) => {
    const id = await conversation();
    const made = await ask(id, make, language);
    const imageId = made.imageIds[0];
    if (!imageId) throw new Error(`no image was made for ${make}`);
    expect(await titleOf(imageId)).toBeNull();

    const titled = await ask(id, give, language);
    expect(titled.tools).toEqual(["setTitle"]);
    // No new image: the answer names none, and the one there has the title.
    expect(titled.imageIds).toEqual([]);
    expect(await titleOf(imageId)).toBe(title);
    expect(titled.text).toContain(title);
  });

  it("refuses a title over 100 characters, says why, and keeps the title it had", async () => {
    const id = await conversation();
    const made = await ask(id, "make a cartoon thumbnail for 'I tried 100 days of coding'", "en");
    const imageId = made.imageIds[0] ?? "";
    await ask(id, "title: I tried 100 days of coding", "en");
    expect(await titleOf(imageId)).toBe("I tried 100 days of coding");

    const long = "I tried 100 days of coding and this is everything I learned about focus, habits, burnout and shipping";
    expect([...long].length).toBeGreaterThan(100);
    const refused = await ask(id, `title: ${long}`, "en");
    expect(refused.tools).toEqual(["setTitle"]);
    expect(refused.text).toContain(`${[...long].length} characters`);
    expect(refused.text).toContain("at most 100");
    expect(refused.text).toContain("“I tried 100 days of coding”");
    expect(await titleOf(imageId)).toBe("I tried 100 days of coding");
  });
});
