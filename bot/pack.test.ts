import { and, count, eq, isNotNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../db/schema/idempotency-keys.ts";
import { images } from "../db/schema/images.ts";
import { jobs } from "../db/schema/jobs.ts";
import { ABANDONED_AFTER_MS } from "../server/idempotency/service.ts";
import { buttonsOf, fakeButtonPress, fakeInteraction } from "../server/testing/discord.ts";
import { buttonFor } from "./button-list.ts";
import type { BotContext } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { botMessages } from "./i18n.ts";
import { type CommandRig, startCommandRig } from "./testing/command-rig.ts";
import { until } from "../server/testing/until.ts";

let rig: CommandRig;
let kit: CommandRig["kit"];
let ctx: BotContext;
let posted: CommandRig["posted"];

beforeAll(async () => {
  rig = await startCommandRig({ firstMemberId: 300000000000000000n });
  ({ kit, ctx, posted } = rig);
});
afterAll(async () => rig.close());

const linkedMember = (email: string) => rig.linkedMember(email);

async function askForPack(member: string, options: Record<string, string | boolean>, locale = "en-US") {
  const interaction = fakeInteraction({ commandName: "pack", userId: member, options, locale });
  await dispatch(interaction, ctx);
  return interaction;
}

async function press(customId: string, member: string, locale = "en-US", context = ctx) {
  const interaction = fakeButtonPress({ customId, userId: member, locale });
  const button = buttonFor(customId);
  if (!button) throw new Error(`no button answers ${customId}`);
  await button.press(interaction, context);
  return interaction;
}

const jobCount = async () => (await kit.database.db.select({ n: count() }).from(jobs))[0]?.n ?? 0;
const packImages = async (userId: string) => (await kit.database.db.select({ n: count() }).from(images).where(and(eq(images.userId, userId), isNotNull(images.packId))))[0]?.n ?? 0;
const balance = async (userId: string) => (await kit.services.credits.balance(userId)) ?? 0;

describe("/pack", () => {
  it("shows the price with a confirm button and charges nothing; confirmed (twice at once), it charges once and posts the three in one message", async () => {
    const { id, userId } = await linkedMember("packer@example.com");
    const before = await balance(userId);
    const jobsBefore = await jobCount();
    const asked = await askForPack(id, { prompt: 'My "first marathon"', style: "cartoon" });
    expect(asked.calls[0]).toMatchObject({ method: "deferReply" });
    expect(asked.ephemeral).toBe(true);
    expect(asked.lastText).toBe(botMessages.en.pack.quote({ count: 3, model: "Thumbforge Studio", cost: 3, credits: before }));
    const [confirm, cancel] = buttonsOf(asked.calls.at(-1)?.payload);
    expect(confirm?.label).toBe(botMessages.en.pack.confirm);
    expect(cancel?.label).toBe(botMessages.en.pack.cancel);
    for (const b of [confirm, cancel]) expect(b?.customId.length).toBeLessThanOrEqual(100);
    expect(await balance(userId)).toBe(before);
    expect(await jobCount()).toBe(jobsBefore);

    // Someone else in the channel cannot confirm it.
    const stranger = await press(confirm?.customId ?? "", "399999999999999999");
    expect(stranger.calls).toMatchObject([{ method: "reply", payload: { content: botMessages.en.pack.notYours, flags: 64 } }]);
    expect(await balance(userId)).toBe(before);

    const presses = await Promise.all([press(confirm?.customId ?? "", id), press(confirm?.customId ?? "", id)]);
    expect(presses.map((p) => p.calls[0]?.method)).toEqual(["deferUpdate", "deferUpdate"]);
    expect(presses.map((p) => p.lastText).sort()).toEqual([botMessages.en.pack.alreadyConfirmed, botMessages.en.pack.working({ count: 3, model: "Thumbforge Studio", cost: 3 })].sort());
    expect(await balance(userId)).toBe(before - 3);
    expect(await packImages(userId)).toBe(3);
    const statement = await kit.services.credits.statement(userId, { limit: 10 });
    expect(statement.transactions.filter((t) => t.delta < 0)).toHaveLength(1);

    // Pressed again later, and Cancel after the confirm: the first answer stands.
    expect((await press(confirm?.customId ?? "", id)).lastText).toBe(botMessages.en.pack.alreadyConfirmed);
    expect((await press(cancel?.customId ?? "", id)).lastText).toBe(botMessages.en.pack.alreadyConfirmed);
    expect(await balance(userId)).toBe(before - 3);

    const post = await until(() => posted.find((p) => p.target.discordUserId === id), "the pack's post");
    expect(posted.filter((p) => p.target.discordUserId === id)).toHaveLength(1);
    expect(post.outcome).toMatchObject({ kind: "pack", public: false, creditsLeft: before - 3 });
    expect(post.outcome.images.map((i) => i.status)).toEqual(["ready", "ready", "ready"]);
    expect(new Set(post.outcome.images.map((i) => i.image.packId)).size).toBe(1);
    expect(post.outcome.images.map((i) => i.image.style)).toEqual(["cartoon", "cartoon", "cartoon"]);
  });

  it("cancels without charging, and a button whose request is gone says it expired", async () => {
    const { id, userId } = await linkedMember("changed-mind@example.com");
    const before = await balance(userId);
    const asked = await askForPack(id, { prompt: "a cat", public: true }, "fr");
    const [confirm, cancel] = buttonsOf(asked.calls.at(-1)?.payload);
    const cancelled = await press(cancel?.customId ?? "", id, "fr");
    expect(cancelled.calls).toMatchObject([{ method: "update", payload: { content: botMessages.fr.pack.cancelled, components: [] } }]);
    expect((await press(confirm?.customId ?? "", id, "fr")).calls).toMatchObject([{ method: "update", payload: { content: botMessages.fr.pack.expired } }]);
    expect((await press("pack:ok:not-a-key", id)).lastText).toBe(botMessages.en.pack.expired);
    expect(await balance(userId)).toBe(before);
    expect(await packImages(userId)).toBe(0);
  });

  it("asks in German, in German; out of credits it names the price and balance and offers no button", async () => {
    const { id, userId } = await linkedMember("knapp@example.com");
    const credits = await balance(userId);
    expect((await askForPack(id, { prompt: "Ein Hund" }, "de")).lastText).toBe(botMessages.de.pack.quote({ count: 3, model: "Thumbforge Studio", cost: 3, credits }));
    await kit.services.credits.apply({ userId, delta: -(credits - 2), reason: "test-spend", ref: userId });
    const broke = await askForPack(id, { prompt: "Ein Hund" }, "de");
    expect(broke.lastText).toBe(botMessages.de.outOfCredits({ model: "Thumbforge Studio", cost: 3, credits: 2 }));
    expect(buttonsOf(broke.calls.at(-1)?.payload)).toEqual([]);
  });

  it("spent elsewhere between the price and the press: the confirm says so and charges nothing", async () => {
    const { id, userId } = await linkedMember("spender@example.com");
    const asked = await askForPack(id, { prompt: "a rocket" });
    const [confirm] = buttonsOf(asked.calls.at(-1)?.payload);
    const credits = await balance(userId);
    await kit.services.credits.apply({ userId, delta: -(credits - 1), reason: "test-spend", ref: userId });
    const pressed = await press(confirm?.customId ?? "", id);
    expect(pressed.lastText).toBe(botMessages.en.outOfCredits({ model: "Thumbforge Studio", cost: 3, credits: 1 }));
    expect(await balance(userId)).toBe(1);
    expect(await packImages(userId)).toBe(0);
  });

  it("answers a member who has not linked, and queues nothing", async () => {
    const jobsBefore = await jobCount();
    expect((await askForPack("398888888888888888", { prompt: "a cat" }, "zh-CN")).lastText).toBe(botMessages.zh.notLinked);
    expect(await jobCount()).toBe(jobsBefore);
  });
  it("Cancel while a confirm runs says it is being confirmed; that confirm failing on credits charges nothing, and Cancel then cancels", async () => {
    const { id, userId } = await linkedMember("second-thoughts@example.com");
    const asked = await askForPack(id, { prompt: "a lighthouse" }, "fr");
    const [confirm, cancel] = buttonsOf(asked.calls.at(-1)?.payload);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const generation = kit.services.generation;
    const held: BotContext = {
      ...ctx,
      services: { ...kit.services, generation: { ...generation, requestPack: async (...args) => (entered(), await gate, generation.requestPack(...args)) } },
    };
    const confirming = press(confirm?.customId ?? "", id, "fr", held);
    await inside;
    const during = await press(cancel?.customId ?? "", id, "fr");
    expect(during.calls).toMatchObject([{ method: "reply", payload: { content: botMessages.fr.pack.beingConfirmed, flags: 64 } }]);
    const credits = await balance(userId);
    await kit.services.credits.apply({ userId, delta: -(credits - 2), reason: "test-spend", ref: userId });
    open();
    expect((await confirming).lastText).toBe(botMessages.fr.outOfCredits({ model: "Thumbforge Studio", cost: 3, credits: 2 }));
    expect(await packImages(userId)).toBe(0);
    expect((await press(cancel?.customId ?? "", id, "fr")).calls).toMatchObject([{ method: "update", payload: { content: botMessages.fr.pack.cancelled, components: [] } }]);
  });

  it("a confirm that fails outright (the key cannot even be let go) leaves the request cancellable, not 'already confirmed'", async () => {
    const { id, userId } = await linkedMember("blip@example.com");
    const asked = await askForPack(id, { prompt: "a canyon" });
    const [confirm, cancel] = buttonsOf(asked.calls.at(-1)?.payload);
    const broken: BotContext = {
      ...ctx,
      services: {
        ...kit.services,
        generation: { ...kit.services.generation, requestPack: async () => Promise.reject(new Error("connection reset")) },
        idempotency: { ...kit.services.idempotency, release: async () => Promise.reject(new Error("connection reset")) },
      },
    };
    await expect(press(confirm?.customId ?? "", id, "en-US", broken)).rejects.toThrow("connection reset");
    expect(await packImages(userId)).toBe(0);
    expect((await press(cancel?.customId ?? "", id)).calls).toMatchObject([{ method: "update", payload: { content: botMessages.en.pack.cancelled } }]);
  });

  it("a paid pack is never charged again: the key's answer is kept with the charge, and the bot remembers the pack even if that answer is lost", async () => {
    const { id, userId } = await linkedMember("paid-once@example.com");
    const before = await balance(userId);
    const asked = await askForPack(id, { prompt: "a volcano" });
    const [confirm, cancel] = buttonsOf(asked.calls.at(-1)?.payload);
    // Storing the answer apart from the charge (after it) is what a database blip could break.
    const afterwards: BotContext = { ...ctx, services: { ...kit.services, idempotency: { ...kit.services.idempotency, complete: async () => Promise.reject(new Error("connection reset")) } } };
    const first = await press(confirm?.customId ?? "", id, "en-US", afterwards);
    expect(first.lastText).toBe(botMessages.en.pack.working({ count: 3, model: "Thumbforge Studio", cost: 3 }));
    expect(await balance(userId)).toBe(before - 3);
    const kept = await kit.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), like(idempotencyKeys.key, "discord-pack:%")));
    expect(kept.map((k) => k.status)).toEqual([202]);

    // Even with the kept answer gone and the in-flight window past, a press never charges twice.
    await kit.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    kit.advance(ABANDONED_AFTER_MS + 1000);
    expect((await press(confirm?.customId ?? "", id)).lastText).toBe(botMessages.en.pack.alreadyConfirmed);
    expect((await press(cancel?.customId ?? "", id)).lastText).toBe(botMessages.en.pack.alreadyConfirmed);
    expect(await balance(userId)).toBe(before - 3);
    expect(await packImages(userId)).toBe(3);
  });
});
