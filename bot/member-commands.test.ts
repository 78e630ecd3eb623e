import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../db/schema/images.ts";
import { personas } from "../db/schema/personas.ts";
import { renderNoChange } from "../server/chat/offline/edit-replies.ts";
import { personaKey } from "../server/storage/keys.ts";
import { fakeAutocomplete, fakeInteraction } from "../server/testing/discord.ts";
import { commands } from "./command-list.ts";
import type { BotContext } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { helpText } from "./commands/help.ts";
import { botMessages } from "./i18n.ts";
import { type CommandRig, startCommandRig } from "./testing/command-rig.ts";
import { until } from "../server/testing/until.ts";

let rig: CommandRig;
let kit: CommandRig["kit"];
let ctx: BotContext;
let posted: CommandRig["posted"];

beforeAll(async () => {
  rig = await startCommandRig({ firstMemberId: 400000000000000000n });
  ({ kit, ctx, posted } = rig);
});
afterAll(async () => rig.close());

const linkedMember = (email: string) => rig.linkedMember(email);

async function run(commandName: string, member: string, options: Record<string, string | boolean> = {}, locale = "en-US") {
  const interaction = fakeInteraction({ commandName, userId: member, options, locale });
  await dispatch(interaction, ctx);
  return interaction;
}

/** A Studio thumbnail made through /thumbnail, finished: the member's latest image. */
async function madeThumbnail(member: string, prompt: string): Promise<string> {
  const seen = posted.length;
  await run("thumbnail", member, { prompt });
  const post = await until(() => posted.slice(seen).find((p) => p.target.discordUserId === member), "the thumbnail's post");
  const [made] = post.outcome.images;
  if (made?.status !== "ready") throw new Error("the thumbnail was not made");
  return made.image.id;
}

async function addPersona(userId: string, handle: string, name: string): Promise<void> {
  const id = crypto.randomUUID();
  const face = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#e07a1f" } }).png().toBuffer();
  const [cutoutKey, thumbKey] = [personaKey(userId, id, "cutout"), personaKey(userId, id, "thumb")];
  await Promise.all([kit.services.storage.put(cutoutKey, face), kit.services.storage.put(thumbKey, face)]);
  await kit.database.db.insert(personas).values({ id, userId, name, handle, role: "artist", description: "", cutoutKey, thumbKey });
}

async function suggest(commandName: string, member: string, option: string, typed: string) {
  const request = fakeAutocomplete({ commandName, userId: member, option, typed });
  const command = commands.get(commandName);
  if (!command?.autocomplete) throw new Error(`/${commandName} offers no suggestions`);
  await command.autocomplete(request, ctx);
  return request.answers[0] ?? [];
}

const imageCount = async (userId: string) => (await kit.database.db.select({ n: count() }).from(images).where(eq(images.userId, userId)))[0]?.n ?? 0;
const balance = async (userId: string) => (await kit.services.credits.balance(userId)) ?? 0;

describe("/check", () => {
  it("checks the member's latest image by default, free: the phone feed's picture attached and the findings as text", async () => {
    const { id, userId } = await linkedMember("checker@example.com");
    const imageId = await madeThumbnail(id, 'My "100 days of code"');
    const before = await balance(userId);
    const asked = await run("check", id, {}, "es-ES");
    expect(asked.ephemeral).toBe(true);
    const reply = asked.calls.at(-1)?.payload;
    const [file] = reply?.files ?? [];
    expect(file?.name).toBe(`feed-check-phone-${imageId}.png`);
    expect(await sharp(file?.attachment).metadata()).toMatchObject({ format: "png", width: 343, height: 193 });
    const check = await kit.services.feedCheck.check(userId, imageId);
    expect(reply?.content).toContain(botMessages.es.check.heading({ prompt: 'My "100 days of code"', size: "343×193" }));
    // The chat's words for the findings, without the chat's "say fix it".
    const { checkResult } = await import("../server/chat/offline/check-replies.ts");
    expect(reply?.content).toContain(checkResult(check, "es", { fixItHint: false }));
    expect(reply?.content).not.toContain("arréglalo");
    expect(await balance(userId)).toBe(before);
  });

  it("posts in the channel when asked, and refuses an image that is not the member's", async () => {
    const { id } = await linkedMember("sharer@example.com");
    const imageId = await madeThumbnail(id, "a lighthouse at night");
    expect(await suggest("check", id, "image", "LIGHTHOUSE")).toEqual([{ name: "a lighthouse at night", value: imageId }]);
    expect((await run("check", id, { image: imageId, public: true })).publicPayloads).toHaveLength(1);
    const other = await linkedMember("nosy@example.com");
    expect((await run("check", other.id, { image: imageId })).lastText).toBe(botMessages.en.serviceErrors.imageNotFound);
    expect((await run("check", other.id, {})).lastText).toBe(botMessages.en.serviceErrors.noImage);
    expect((await run("check", other.id, { image: "not-an-id" })).lastText).toBe(botMessages.en.errors.invalidInput({ fields: "`image`" }));
  });
  it("asked for the channel, posts the check there only once it is made and pings nobody its prompt names; a refusal stays private", async () => {
    const { id } = await linkedMember("pinger@example.com");
    const prompt = "shout-out to <@123456789012345678> and @everyone";
    const imageId = await madeThumbnail(id, prompt);
    const shared = await run("check", id, { public: true }, "fr");
    expect(shared.calls[0]).toMatchObject({ method: "deferReply", payload: { flags: 64 } });
    expect(shared.publicPayloads).toHaveLength(1);
    const [post] = shared.publicPayloads;
    expect(post?.content).toContain(botMessages.fr.check.heading({ prompt, size: "343×193" }));
    expect(post?.files?.map((f) => f.name)).toEqual([`feed-check-phone-${imageId}.png`]);
    expect(post?.allowedMentions).toEqual({ parse: [] });
    expect(shared.lastText).toBe(botMessages.fr.check.posted);

    const other = await linkedMember("public-nosy@example.com");
    const refused = await run("check", other.id, { image: imageId, public: true });
    expect(refused.lastText).toBe(botMessages.en.serviceErrors.imageNotFound);
    expect(refused.publicPayloads).toEqual([]);
    const none = await run("check", other.id, { public: true });
    expect(none.lastText).toBe(botMessages.en.serviceErrors.noImage);
    expect(none.publicPayloads).toEqual([]);
  });
});

describe("the member's latest finished image", () => {
  it("is found past 26 newer frames and unfinished images, by /check, /edit and the suggestions", async () => {
    const { id, userId } = await linkedMember("busy-gallery@example.com");
    const imageId = await madeThumbnail(id, "the finished one");
    const later = (n: number) => new Date(Date.now() + (n + 1) * 1000);
    await kit.database.db.insert(images).values([
      ...Array.from({ length: 13 }, (_, n) => ({
        userId,
        kind: "upload" as const,
        status: "ready" as const,
        sourceVideo: { videoId: crypto.randomUUID(), name: "vlog.mp4", durationMs: 60_000, timeMs: n * 1000 },
        createdAt: later(n),
      })),
      ...Array.from({ length: 13 }, (_, n) => ({ userId, kind: "generated" as const, status: n % 2 ? ("failed" as const) : ("pending" as const), prompt: `not yet ${n}`, createdAt: later(13 + n) })),
    ]);
    const gallery = await kit.services.images.galleryPage(userId, userId, { limit: 25 });
    expect(gallery.images.map((i) => i.id)).not.toContain(imageId);

    const checked = await run("check", id);
    expect(checked.calls.at(-1)?.payload.files?.map((f) => f.name)).toEqual([`feed-check-phone-${imageId}.png`]);
    expect(await suggest("check", id, "image", "")).toEqual([{ name: "the finished one", value: imageId }]);

    const seen = posted.length;
    expect((await run("edit", id, { instruction: "make the background blue" })).lastText).toBe(botMessages.en.edit.working({ cost: 1 }));
    const post = await until(() => posted.slice(seen).find((p) => p.target.discordUserId === id), "the edit's post");
    expect(post.outcome.images[0]?.image.parentId).toBe(imageId);
  });
});

describe("/edit", () => {
  it("an edit that changes nothing makes nothing, charges nothing and says so; a real one is charged and posted", async () => {
    const { id, userId } = await linkedMember("editor@example.com");
    const parentId = await madeThumbnail(id, 'My "first marathon"');
    const [before, imagesBefore] = [await balance(userId), await imageCount(userId)];

    const idle = await run("edit", id, { instruction: "hello there" });
    expect(idle.lastText).toBe(renderNoChange("en", "hello there".length));
    expect(await balance(userId)).toBe(before);
    expect(await imageCount(userId)).toBe(imagesBefore);

    const seen = posted.length;
    const changed = await run("edit", id, { instruction: "make the background blue" }, "de");
    expect(changed.lastText).toBe(botMessages.de.edit.working({ cost: 1 }));
    expect(await balance(userId)).toBe(before - 1);
    const post = await until(() => posted.slice(seen).find((p) => p.target.discordUserId === id), "the edit's post");
    expect(post.outcome).toMatchObject({ kind: "edit", public: false });
    expect(post.outcome.images[0]?.status).toBe("ready");
    expect(post.outcome.images[0]?.image.parentId).toBe(parentId);
    // What changed is said with the result, in the member's language, from the edit's scene diff.
    expect(post.outcome.note).toContain("Hintergrund");
  });

  it("without an image, or not linked, says what to do", async () => {
    const { id } = await linkedMember("blank@example.com");
    expect((await run("edit", id, { instruction: "bigger headline" }, "ja")).lastText).toBe(botMessages.ja.serviceErrors.noImage);
    expect((await run("edit", "499999999999999999", { instruction: "bigger headline" }, "fr")).lastText).toBe(botMessages.fr.notLinked);
  });
});

describe("/personas and suggestions", () => {
  it("lists the member's personas with their handles and one contact sheet of their faces", async () => {
    const { id, userId } = await linkedMember("faces@example.com");
    expect((await run("personas", id, {}, "de")).lastText).toBe(botMessages.de.personas.none);
    await addPersona(userId, "mario", "Chef Mario");
    await addPersona(userId, "luigi", "Luigi");
    const asked = await run("personas", id);
    expect(asked.ephemeral).toBe(true);
    const reply = asked.calls.at(-1)?.payload;
    expect(reply?.content).toContain(botMessages.en.personas.heading({ count: 2 }));
    expect(reply?.content).toContain("**@mario** — Chef Mario");
    expect(reply?.content).toContain("**@luigi** — Luigi");
    const sheet = await sharp(reply?.files?.[0]?.attachment).metadata();
    expect(sheet).toMatchObject({ format: "png", width: 8 + 2 * 168, height: 8 + 196 });
  });

  it("suggests the member's own personas, filtered by what they typed, at most 25; nothing to a member not linked", async () => {
    const { id, userId } = await linkedMember("crowd@example.com");
    for (let n = 1; n <= 30; n++) await addPersona(userId, `p${String(n).padStart(2, "0")}`, `Persona ${n}`);
    const all = await suggest("thumbnail", id, "persona", "");
    expect(all).toHaveLength(25);
    const typed = await suggest("thumbnail", id, "persona", "@P1");
    expect(typed.map((c) => c.value)).toEqual(["p10", "p11", "p12", "p13", "p14", "p15", "p16", "p17", "p18", "p19"]);
    expect(typed[0]?.name).toBe("@p10 — Persona 10");
    expect(await suggest("pack", id, "persona", "p2")).toHaveLength(10);
    expect(await suggest("thumbnail", "488888888888888888", "persona", "")).toEqual([]);
    // Someone else's personas are never offered.
    const other = await linkedMember("alone@example.com");
    expect(await suggest("thumbnail", other.id, "persona", "p")).toEqual([]);
  });

  it("makes a thumbnail with a persona picked from the suggestions", async () => {
    const { id, userId } = await linkedMember("star@example.com");
    await addPersona(userId, "maya", "Maya");
    const [choice] = await suggest("thumbnail", id, "persona", "ma");
    const seen = posted.length;
    await run("thumbnail", id, { prompt: "Maya at the beach", persona: choice?.value ?? "" });
    const post = await until(() => posted.slice(seen).find((p) => p.target.discordUserId === id), "the post");
    expect(post.outcome.images[0]?.image.personaIds).toHaveLength(1);
  });
});

describe("/style", () => {
  it("lists the member's style kits, suggests them, and makes a thumbnail in one", async () => {
    const { id, userId } = await linkedMember("stylist@example.com");
    expect((await run("style", id, {}, "zh-CN")).lastText).toBe(botMessages.zh.style.none);
    const imageId = await madeThumbnail(id, 'My "orange week"');
    const made = await kit.services.styleKits.create(userId, { name: "Orange Week", imageIds: [imageId] });
    const listed = await run("style", id);
    expect(listed.lastText).toContain(`**Orange Week** — ${botMessages.en.styles[made.kit.baseStyle]}`);
    expect(listed.lastText).toContain(botMessages.en.style.use);
    expect(await suggest("thumbnail", id, "style_kit", "orange")).toEqual([{ name: "Orange Week", value: made.id }]);
    expect(await suggest("thumbnail", id, "style_kit", "blue")).toEqual([]);

    const seen = posted.length;
    // The kit typed out by name works as well as the suggestion's id.
    await run("thumbnail", id, { prompt: "a new video", style_kit: "orange week" });
    const post = await until(() => posted.slice(seen).find((p) => p.target.discordUserId === id), "the post");
    expect(post.outcome.images[0]?.image).toMatchObject({ styleKitId: made.id, style: made.kit.baseStyle });
    expect((await run("thumbnail", id, { prompt: "a new video", style_kit: "no such kit" })).lastText).toBe(botMessages.en.serviceErrors.styleKitNotFound);
  });
});

describe("/help", () => {
  it("names the new commands in the member's language", async () => {
    const asked = await run("help", "477777777777777777", {}, "ja");
    expect(asked.lastText).toBe(helpText(botMessages.ja));
    for (const command of ["/pack", "/check", "/edit", "/personas", "/style"]) expect(asked.lastText).toContain(command);
  });
});
