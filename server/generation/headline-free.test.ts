import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { balanceOf, endEarlyBird, generate, settled } from "../testing/images.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import type { ImageEngine } from "./engine.ts";

// An edit whose scene diff touches the headline alone is laid out again from the scene and costs nothing
// (docs/decisions/038-headline-edits-are-free.md); anything in the picture under it is paid as before.
let server: TestServer;

/** A Studio whose re-render fails for one headline colour, so a free edit's failure path can be followed. */
const FAILING_COLOUR = "#123456";
const studio = createStudioEngine();
const failingStudio: ImageEngine = {
  ...studio,
  async edit(input) {
    if (input.changes.headlineColor === FAILING_COLOUR) throw new AppError("unprocessable:image", "The renderer stopped.");
    return studio.edit?.(input) ?? Promise.reject(new Error("the Studio edits its scenes"));
  },
};

const provider: ImageEngine = {
  id: "gpt-image",
  async generate(input) {
    const fill = input.baseImage ? "#e63946" : "#1e6ff2";
    const png = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="${fill}"/></svg>`)).png().toBuffer();
    return { png, width: 1280, height: 720, scene: null };
  },
};

beforeAll(async () => {
  server = await startTestServer({
    env: { OPENAI_API_KEY: "sk-test", FREE_SIGNUP_CREDITS: "20" },
    deps: { engines: new Map<string, ImageEngine>([["studio", failingStudio], ["gpt-image", provider]]) },
  });
  await endEarlyBird(server);
});
afterAll(async () => server?.close());

async function account(email: string) {
  const { user, sessionToken } = await signInByCode(server, email);
  return { userId: user.id, token: sessionToken };
}

async function madeImage(who: { token: string }, model = "studio"): Promise<string> {
  const res = await generate(server, who.token, { prompt: "I tried 100 days of coding", model });
  const image = await settled(server, who.token, imageResponseSchema.parse(await res.json()).image.id);
  expect(image.status).toBe("ready");
  return image.id;
}

const rowsFor = async (who: { userId: string; token: string }, ref: string) =>
  (await balanceOf(server, who.token, who.userId)).transactions.filter((t) => t.ref === ref).map((t) => [t.reason, t.delta]);

describe("an edit of the headline alone", () => {
  it("is laid out again for 0 credits: no ledger row, the balance as it was, the headline in its new colour", async () => {
    const who = await account("headline-free@example.com");
    const parent = await madeImage(who);
    const before = await balanceOf(server, who.token, who.userId);

    const edit = await server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "make the headline yellow", changes: { headlineColor: "#ffd60a" } });
    if (edit.kind !== "queued") throw new Error("the headline colour changes the picture");
    expect(edit.changes?.map((c) => c.layer)).toEqual(expect.arrayContaining(["headline"]));
    expect(edit.changes?.every((c) => c.layer === "headline")).toBe(true);
    expect(edit.image.creditsSpent).toBe(0);
    expect(await settled(server, who.token, edit.image.id)).toMatchObject({ status: "ready", creditsSpent: 0, parentId: parent });

    const after = await balanceOf(server, who.token, who.userId);
    expect(after.credits).toBe(before.credits);
    expect(after.transactions).toHaveLength(before.transactions.length);
    expect(await rowsFor(who, edit.image.id)).toEqual([]);
  });

  it("is free with no credits left, in its words, size, place, font and outline colour too", async () => {
    const who = await account("headline-free-broke@example.com");
    const parent = await madeImage(who);
    const balance = (await balanceOf(server, who.token, who.userId)).credits;
    await server.services.credits.apply({ userId: who.userId, delta: -balance, reason: "test", ref: "headline-free-broke" });

    const edits = [{ headline: "100 days later" }, { headlineScale: 1.3 }, { headlinePosition: "bottom" as const }, { headlineFont: "serif" as const }, { headlineOutlineColor: "#e63946" }];
    for (const changes of edits) {
      const edit = await server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "the headline", changes });
      if (edit.kind !== "queued") throw new Error(`${JSON.stringify(changes)} changes the headline`);
      expect(edit.image.creditsSpent).toBe(0);
      expect(await settled(server, who.token, edit.image.id)).toMatchObject({ status: "ready" });
    }
    expect((await balanceOf(server, who.token, who.userId)).credits).toBe(0);
  });

  it("refunds nothing when it fails, since nothing was charged", async () => {
    const who = await account("headline-free-failed@example.com");
    const parent = await madeImage(who);
    const before = await balanceOf(server, who.token, who.userId);

    const edit = await server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "headline colour", changes: { headlineColor: FAILING_COLOUR } });
    if (edit.kind !== "queued") throw new Error("the headline colour changes the picture");
    expect(await settled(server, who.token, edit.image.id)).toMatchObject({ status: "failed", creditsSpent: 0 });
    const after = await balanceOf(server, who.token, who.userId);
    expect(after.credits).toBe(before.credits);
    expect(await rowsFor(who, edit.image.id)).toEqual([]);
  });
});

describe("an edit of the picture", () => {
  it("is charged when the background changes, alone or along with the headline", async () => {
    const who = await account("background-paid@example.com");
    const parent = await madeImage(who);
    const before = (await balanceOf(server, who.token, who.userId)).credits;

    const background = await server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "red background", changes: { backgroundColor: "#e63946" } });
    if (background.kind !== "queued") throw new Error("the background colour changes the picture");
    expect(background.image.creditsSpent).toBe(1);
    expect(await settled(server, who.token, background.image.id)).toMatchObject({ status: "ready", creditsSpent: 1 });
    expect(await rowsFor(who, background.image.id)).toEqual([["generation", -1]]);

    const both = await server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "yellow headline on blue", changes: { headlineColor: "#ffd60a", backgroundColor: "#1e6ff2" } });
    if (both.kind !== "queued") throw new Error("the colours change the picture");
    expect(both.image.creditsSpent).toBe(1);
    expect((await balanceOf(server, who.token, who.userId)).credits).toBe(before - 2);
  });

  it("charges variants, which lay out a new picture, even when only the headline is asked to change", async () => {
    const who = await account("variants-paid@example.com");
    const parent = await madeImage(who);
    const before = (await balanceOf(server, who.token, who.userId)).credits;
    const variants = await server.services.generation.requestVariants(who.userId, { imageId: parent, count: 2, instruction: "two more, yellow headline", changes: { headlineColor: "#ffd60a" } });
    expect(variants.images.map((image) => image.creditsSpent)).toEqual([1, 1]);
    expect((await balanceOf(server, who.token, who.userId)).credits).toBe(before - 2);
  });

  it("charges a provider image's headline edit, which its model has to draw", async () => {
    const who = await account("provider-headline-paid@example.com");
    const parent = await madeImage(who, "gpt-image");
    const before = (await balanceOf(server, who.token, who.userId)).credits;
    const edit = await server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "make the headline yellow", changes: { headlineColor: "#ffd60a" } });
    if (edit.kind !== "queued") throw new Error("a provider edit is always queued");
    expect(edit.changes).toBeUndefined();
    expect(edit.image.creditsSpent).toBe(6);
    expect((await balanceOf(server, who.token, who.userId)).credits).toBe(before - 6);
  });
});

describe("free and paid edits at once", () => {
  itOnPostgres("with one credit left, every headline edit is made, and of two background edits exactly one is charged", async () => {
    const who = await account("headline-free-race@example.com");
    const parent = await madeImage(who);
    const balance = (await balanceOf(server, who.token, who.userId)).credits;
    await server.services.credits.apply({ userId: who.userId, delta: 1 - balance, reason: "test", ref: "headline-free-race" });

    const headline = ["#ffd60a", "#2a9d8f", "#f4a261", "#ffffff"].map((headlineColor) =>
      server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "headline colour", changes: { headlineColor } }),
    );
    const background = ["#e63946", "#1e6ff2"].map((backgroundColor) =>
      server.services.generation.requestEdit(who.userId, { imageId: parent, instruction: "background colour", changes: { backgroundColor } }),
    );
    const free = await Promise.allSettled(headline);
    const paid = await Promise.allSettled(background);

    expect(free.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect(paid.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(paid.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "insufficient_credits:generation" } });
    const after = await balanceOf(server, who.token, who.userId);
    expect(after.credits).toBe(0);
    expect(after.transactions.filter((t) => t.reason === "generation").map((t) => t.delta)).toEqual([-1, -1]);
  });
});
