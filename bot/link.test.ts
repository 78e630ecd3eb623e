import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitlistEntries } from "../db/schema/waitlist-entries.ts";
import { createDiscordPosts } from "../server/compose/discord-posts.ts";
import { botTestServices, fakeInteraction } from "../server/testing/discord.ts";
import type { BotContext } from "./context.ts";
import { helpText } from "./commands/help.ts";
import { dispatch } from "./dispatch.ts";
import { botMessages } from "./i18n.ts";

let kit: Awaited<ReturnType<typeof botTestServices>>;
let ctx: BotContext;
const rolesGiven: string[] = [];

beforeAll(async () => {
  kit = await botTestServices();
  const posts = createDiscordPosts(kit.services, { post: async () => {} });
  ctx = { services: kit.services, posts, roles: { give: async (id) => (rolesGiven.push(id), true) }, logger: kit.services.logger };
});
afterAll(() => kit.close());

let nextId = 100000000000000000n;
const member = () => String(nextId++);

async function run(commandName: string, userId: string, options: Record<string, string> = {}, locale = "en-US") {
  const interaction = fakeInteraction({ commandName, userId, options, locale });
  await dispatch(interaction, ctx);
  return interaction;
}

async function mailsTo(email: string): Promise<number> {
  return (await kit.services.devMailStore.list()).filter((m) => m.to === email).length;
}

describe("/help", () => {
  it("answers at once, only to the member, in their language", async () => {
    const answered = await run("help", member(), {}, "es-ES");
    expect(answered.calls.map((c) => c.method)).toEqual(["reply"]);
    expect(answered.ephemeral).toBe(true);
    expect(answered.lastText).toBe(helpText(botMessages.es));
    expect(answered.lastText).toContain("`/vote`");
  });
});

describe("/link and /verify", () => {
  it("link a waitlist member to their e-mail's account and waitlist entry, and give the first accounts the Early Bird role", async () => {
    const email = "waiting@example.com";
    await kit.services.waitlist.join({ ok: true, request: { email } }, "198.51.100.7");
    const id = member();

    const linked = await run("link", id, { email: " Waiting@Example.com " });
    expect(linked.calls.map((c) => c.method)).toEqual(["deferReply", "editReply"]);
    expect(linked.ephemeral).toBe(true);
    expect(linked.lastText).toBe(botMessages.en.linkSent({ email, minutes: 10 }));

    const verified = await run("verify", id, { code: await kit.latestCode(email) }, "fr");
    expect(verified.ephemeral).toBe(true);
    expect(verified.lastText).toBe(botMessages.fr.linked({ email, earlyBird: true, roleGiven: true, waitlisted: true }));
    expect(rolesGiven).toEqual([id]);
    const [entry] = await kit.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(entry?.discordUserId).toBe(id);

    const credits = await run("credits", id, {}, "de");
    expect(credits.lastText).toBe(botMessages.de.credits({ credits: 110, earlyBird: true }));
  });

  it("refuse a wrong code and an expired one, and link nothing", async () => {
    const id = member();
    await run("link", id, { email: "wrong@example.com" });
    const code = await kit.latestCode("wrong@example.com");
    const wrong = await run("verify", id, { code: code === "000000" ? "111111" : "000000" });
    expect(wrong.lastText).toBe(botMessages.en.errors.wrongCode);

    kit.advance(11 * 60_000);
    const expired = await run("verify", id, { code });
    expect(expired.lastText).toBe(botMessages.en.errors.wrongCode);
    expect((await run("credits", id)).lastText).toBe(botMessages.en.notLinked);
    await expect(kit.services.discord.accountOf(id)).rejects.toMatchObject({ code: "unauthorized:discord_link" });
  });

  it("link a member once, and an account to one member", async () => {
    const id = member();
    await run("link", id, { email: "once@example.com" });
    await run("verify", id, { code: await kit.latestCode("once@example.com") });
    const accountId = await kit.services.discord.accountOf(id);

    const sent = await mailsTo("once@example.com");
    expect((await run("link", id, { email: "other@example.com" })).lastText).toBe(botMessages.en.errors.alreadyLinked);
    expect((await run("verify", id, { code: "123456" })).lastText).toBe(botMessages.en.errors.alreadyLinked);
    expect(await mailsTo("other@example.com")).toBe(0);

    const someoneElse = member();
    expect((await run("link", someoneElse, { email: "once@example.com" }, "ja")).lastText).toBe(botMessages.ja.errors.accountLinkedElsewhere);
    expect(await mailsTo("once@example.com")).toBe(sent);
    expect(await kit.services.discord.accountOf(id)).toBe(accountId);
  });

  it("check their options with clear answers and change nothing", async () => {
    const id = member();
    expect((await run("link", id, { email: "not-an-address" })).lastText).toBe(botMessages.en.errors.invalidEmail);
    expect((await run("link", id, { email: "a@b" })).lastText).toBe(botMessages.en.errors.invalidEmail);
    expect((await run("verify", id, { code: "12ab56" }, "zh-CN")).lastText).toBe(botMessages.zh.errors.invalidCode);
    expect((await run("verify", id, { code: "123456" })).lastText).toBe(botMessages.en.errors.noPendingLink);
    expect(await kit.services.discord.accountOf(id).catch(() => undefined)).toBeUndefined();
  });

  it("count code sends against the member with sign-in's limits (3 per 10 minutes)", async () => {
    const id = member();
    for (let i = 0; i < 3; i++) expect((await run("link", id, { email: "limited@example.com" })).lastText).toContain("limited@example.com");
    const fourth = await run("link", id, { email: "limited@example.com" });
    expect(fourth.lastText).toMatch(/^Too many tries\. Try again in \d+ seconds\.$/);
    expect(await mailsTo("limited@example.com")).toBe(3);
  });

  it("tell a member who links after the first 50 accounts that they are linked, with no role", async () => {
    await kit.database.db.execute(sql`update credit_promotions set remaining = 0 where name = 'early-bird'`);
    const given = rolesGiven.length;
    const id = member();
    await run("link", id, { email: "late@example.com" });
    const verified = await run("verify", id, { code: await kit.latestCode("late@example.com") });
    expect(verified.lastText).toBe(botMessages.en.linked({ email: "late@example.com", earlyBird: false, roleGiven: false, waitlisted: false }));
    expect(rolesGiven.length).toBe(given);
    expect(await kit.services.discord.earlyBirdPlacesLeft()).toBe(0);
  });
});
