import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema, imageTitlePath, TITLE_MAX } from "../../contract/images.ts";
import { balanceOf, endEarlyBird, generate, openSocket, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "20" } });
  await endEarlyBird(server);
});
afterAll(async () => server?.close());

const putTitle = (token: string, id: string, body: unknown) =>
  fetch(`${server.url}${imageTitlePath(id)}`, { method: "PUT", headers: { ...tokenHeaders(token), "content-type": "application/json" }, body: JSON.stringify(body) });

const storedTitle = async (token: string, id: string) =>
  imageResponseSchema.parse(await (await fetch(`${server.url}/api/images/${id}`, { headers: tokenHeaders(token) })).json()).image.title;

async function madeImage(token: string, prompt: string) {
  const made = await generate(server, token, { prompt });
  return settled(server, token, imageResponseSchema.parse(await made.json()).image.id);
}

describe("PUT /api/images/:id/title", () => {
  it("sets the owner's title trimmed to one line, free and with no new image, and tells every tab", async () => {
    const { user, sessionToken } = await signInByCode(server, "titler@example.com");
    const image = await madeImage(sessionToken, "cartoon thumbnail 'I tried 100 days of coding'");
    expect(image.title).toBeNull();
    const before = await balanceOf(server, sessionToken, user.id);
    const galleryBefore = await server.services.images.galleryPage(user.id, user.id, { limit: 60 });

    const tab = await openSocket(server, sessionToken);
    const announced = new Promise<{ image: { id: string; title?: string | null } }>((resolve) => tab.once("image:update", resolve));
    const res = await putTitle(sessionToken, image.id, { title: "  I tried 100 days\n of coding  " });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(imageResponseSchema.parse(await res.json()).image).toMatchObject({ id: image.id, title: "I tried 100 days of coding", status: "ready", urls: image.urls });
    expect((await announced).image).toMatchObject({ id: image.id, title: "I tried 100 days of coding" });
    tab.close();

    expect(await storedTitle(sessionToken, image.id)).toBe("I tried 100 days of coding");
    const after = await balanceOf(server, sessionToken, user.id);
    expect(after.credits).toBe(before.credits);
    expect(after.transactions).toHaveLength(before.transactions.length);
    expect((await server.services.images.galleryPage(user.id, user.id, { limit: 60 })).images.map((i) => i.id)).toEqual(galleryBefore.images.map((i) => i.id));
  });

  it("answers anyone but the owner as a missing image and changes nothing", async () => {
    const owner = await signInByCode(server, "title.owner@example.com");
    const stranger = await signInByCode(server, "title.stranger@example.com");
    const image = await madeImage(owner.sessionToken, "a red car");
    expect((await putTitle(owner.sessionToken, image.id, { title: "Mine" })).status).toBe(200);

    const refused = await putTitle(stranger.sessionToken, image.id, { title: "Theirs" });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { code: string }).code).toBe("not_found:image");
    expect((await putTitle(owner.sessionToken, crypto.randomUUID(), { title: "Nowhere" })).status).toBe(404);
    expect((await fetch(`${server.url}${imageTitlePath(image.id)}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "x" }) })).status).toBe(401);
    expect(await storedTitle(owner.sessionToken, image.id)).toBe("Mine");
  });

  it("refuses a title over YouTube's 100 characters with the reason, and keeps the one it had", async () => {
    const { sessionToken } = await signInByCode(server, "title.long@example.com");
    const image = await madeImage(sessionToken, "a blue lake");
    expect((await putTitle(sessionToken, image.id, { title: "Short and sweet" })).status).toBe(200);

    const refused = await putTitle(sessionToken, image.id, { title: "a".repeat(TITLE_MAX + 1) });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ code: "unprocessable:title_too_long", error: "Titles are at most 100 characters — YouTube cuts the rest." });
    expect(await storedTitle(sessionToken, image.id)).toBe("Short and sweet");

    // Characters as YouTube counts them: 100 emoji (200 UTF-16 units) fit, and spaces around do not count.
    const emoji = "🔥".repeat(TITLE_MAX);
    expect(imageResponseSchema.parse(await (await putTitle(sessionToken, image.id, { title: ` ${emoji} ` })).json()).image.title).toBe(emoji);
  });

  it("clears the title with null; a blank or missing one is bad input", async () => {
    const { sessionToken } = await signInByCode(server, "title.clear@example.com");
    const image = await madeImage(sessionToken, "a green field");
    expect((await putTitle(sessionToken, image.id, { title: "To be cleared" })).status).toBe(200);

    for (const bad of [{ title: "   " }, {}, { title: 5 }, { title: "nul\u0000" }]) {
      const res = await putTitle(sessionToken, image.id, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("invalid:body");
    }
    expect(await storedTitle(sessionToken, image.id)).toBe("To be cleared");

    const cleared = await putTitle(sessionToken, image.id, { title: null });
    expect(cleared.status).toBe(200);
    expect(imageResponseSchema.parse(await cleared.json()).image.title).toBeNull();
    expect(await storedTitle(sessionToken, image.id)).toBeNull();
  });

  it("is inherited by an edit of the image, in the chat or the editor: a new version is for the same video", async () => {
    const { user, sessionToken } = await signInByCode(server, "title.edit@example.com");
    const image = await madeImage(sessionToken, "cartoon thumbnail 'I tried 100 days of coding'");
    expect((await putTitle(sessionToken, image.id, { title: "I tried 100 days of coding" })).status).toBe(200);

    const edit = await server.services.generation.requestEdit(user.id, { imageId: image.id, instruction: "make the headline yellow", changes: { headlineColor: "#ffd60a" } });
    if (edit.kind !== "queued") throw new Error("a Studio edit is queued");
    expect(edit.image.title).toBe("I tried 100 days of coding");
    expect(await settled(server, sessionToken, edit.image.id)).toMatchObject({ status: "ready", parentId: image.id, title: "I tried 100 days of coding" });

    // An editor save is a new version too.
    const doc = { crop: { aspect: "free", x: 0, y: 0, w: 1280, h: 720 }, rotation: 0, flipX: false, flipY: false, adjust: { brightness: 0, contrast: 0, saturation: 0 }, filter: "sepia", texts: [], subjects: [] };
    const saved = await fetch(`${server.url}/api/images/${image.id}/edits`, { method: "POST", headers: { ...tokenHeaders(sessionToken), "content-type": "application/json" }, body: JSON.stringify(doc) });
    expect(saved.status).toBe(201);
    expect(imageResponseSchema.parse(await saved.json()).image).toMatchObject({ kind: "edited", parentId: image.id, title: "I tried 100 days of coding" });
  });
});
