import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs } from "../db/schema/jobs.ts";
import { createDiscordPosts } from "../server/compose/discord-posts.ts";
import type { ImageEngine } from "../server/generation/engine.ts";
import type { RealtimeMessage } from "../server/realtime/publisher.ts";
import { createStudioEngine } from "../server/studio/engine.ts";
import { fakeInteraction } from "../server/testing/discord.ts";
import type { BotContext } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { botMessages } from "./i18n.ts";
import { type CommandRig, startCommandRig } from "./testing/command-rig.ts";
import { until } from "../server/testing/until.ts";

// Studio, except that a prompt asking for it fails (a provider outage, say), so the refund and its post can be seen.
const studio = createStudioEngine();
const flaky: ImageEngine = {
  id: "studio",
  generate: (input) => (input.prompt.includes("please fail") ? Promise.reject(new Error("engine down")) : studio.generate(input)),
};

let rig: CommandRig;
let kit: CommandRig["kit"];
let ctx: BotContext;
let posted: CommandRig["posted"];
let posts: CommandRig["posts"];
let worker: CommandRig["worker"];

beforeAll(async () => {
  rig = await startCommandRig({ firstMemberId: 200000000000000000n, engines: new Map([["studio", flaky]]) });
  ({ kit, ctx, posted, posts, worker } = rig);
});
afterAll(async () => rig.close());

const linkedMember = (email: string) => rig.linkedMember(email);

async function thumbnail(userId: string, options: Record<string, string>, locale = "en-US") {
  const interaction = fakeInteraction({ commandName: "thumbnail", userId, options, locale });
  await dispatch(interaction, ctx);
  return interaction;
}

const jobCount = async () => (await kit.database.db.select({ n: count() }).from(jobs))[0]?.n ?? 0;

describe("/thumbnail", () => {
  it("charges a linked member, generates on the job runner, posts the image to Discord and files it in the web gallery, live", async () => {
    const { id, userId } = await linkedMember("maker@example.com");
    const before = (await kit.services.credits.balance(userId)) ?? 0;
    const events: RealtimeMessage[] = [];
    const unsubscribe = kit.services.realtime.subscribe((m) => events.push(m));
    // The post job waits for the image's events: it reads the image's record once as it begins, never polls it.
    const reads: string[] = [];
    const record = kit.services.images.record;
    kit.services.images.record = (owner, imageId) => (reads.push(imageId), record(owner, imageId));
    try {
      const asked = await thumbnail(id, { prompt: 'I tried "100 days of coding"', style: "cartoon", aspect: "1:1" }, "es-ES");
      expect(asked.calls[0]).toMatchObject({ method: "deferReply" });
      expect(asked.calls[0]?.atMs).toBeLessThan(3000);
      expect(asked.lastText).toBe(botMessages.es.working({ model: "Thumbforge Studio", cost: 1 }));
      expect(await kit.services.credits.balance(userId)).toBe(before - 1);

      const post = await until(() => posted.find((p) => p.target.discordUserId === id), "the Discord post");
      expect(post.language).toBe("es");
      expect(post.target).toEqual({ applicationId: "333333333333333333", interactionToken: "interaction-token", channelId: "222222222222222222", discordUserId: id });
      expect(post.outcome).toMatchObject({ kind: "thumbnail", public: false, creditsLeft: before - 1 });
      const [made] = post.outcome.images;
      expect(made?.status).toBe("ready");
      if (made?.status !== "ready") return;
      expect(made.png.subarray(1, 4).toString()).toBe("PNG");
      expect(made.image).toMatchObject({ prompt: 'I tried "100 days of coding"', style: "cartoon", aspect: "1:1", model: "studio" });

      const gallery = await kit.services.images.galleryPage(userId, userId, { limit: 10 });
      expect(gallery.images.map((i) => i.id)).toContain(made.image.id);
      const seen = events.flatMap((m) => (m.type === "event" && m.userId === userId ? [m.event] : []));
      // Once by the bot when it charges, once by the worker when the job starts (the process web tabs listen to).
      const balances = events.flatMap((m) => (m.type === "event" && m.userId === userId && m.event === "credits:update" ? [m.payload.credits] : []));
      expect(balances).toEqual([before - 1, before - 1]);
      expect(seen).toContain("gallery:new");
      // The post is made inside the job; the job is marked done when its handler returns, just after.
      await vi.waitFor(async () => {
        const [postJob] = await kit.database.db.select().from(jobs).where(eq(jobs.kind, "discord-post"));
        expect(postJob?.status).toBe("done");
      }, { timeout: 10_000 });
      expect(reads).toEqual([made.image.id]);
    } finally {
      kit.services.images.record = record;
      unsubscribe();
    }
  });

  it("posts the refund when the generation fails", async () => {
    const { id, userId } = await linkedMember("unlucky@example.com");
    const before = (await kit.services.credits.balance(userId)) ?? 0;
    await thumbnail(id, { prompt: "please fail" });
    const post = await until(() => posted.find((p) => p.target.discordUserId === id), "the Discord post");
    expect(post.outcome.images).toMatchObject([{ status: "failed", credits: 1 }]);
    expect(await kit.services.credits.balance(userId)).toBe(before);
  });

  it("answers a member who has not linked their account, and queues nothing", async () => {
    const jobsBefore = await jobCount();
    const asked = await thumbnail("299999999999999999", { prompt: "a cat" }, "ja");
    expect(asked.ephemeral).toBe(true);
    expect(asked.lastText).toBe(botMessages.ja.notLinked);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it("answers a member out of credits with the price and their balance, and charges nothing", async () => {
    const { id, userId } = await linkedMember("broke@example.com");
    const balance = (await kit.services.credits.balance(userId)) ?? 0;
    await kit.services.credits.apply({ userId, delta: -balance, reason: "test-spend", ref: userId });
    const jobsBefore = await jobCount();
    const asked = await thumbnail(id, { prompt: "a cat" }, "de");
    expect(asked.lastText).toBe(botMessages.de.outOfCredits({ model: "Thumbforge Studio", cost: 1, credits: 0 }));
    expect(await jobCount()).toBe(jobsBefore);
    expect(await kit.services.credits.balance(userId)).toBe(0);
  });

  it("checks its options and names what is wrong; unknown personas and unavailable models get clear answers", async () => {
    const { id } = await linkedMember("picky@example.com");
    const jobsBefore = await jobCount();
    expect((await thumbnail(id, { prompt: "a cat", style: "neon" })).lastText).toBe(botMessages.en.errors.invalidInput({ fields: "`style`" }));
    expect((await thumbnail(id, { prompt: "   ", aspect: "4:3" })).lastText).toBe(botMessages.en.errors.invalidInput({ fields: "`prompt`, `aspect`" }));
    expect((await thumbnail(id, { prompt: "a cat", persona: "@nobody" })).lastText).toBe(botMessages.en.errors.unknownPersona({ known: "" }));
    expect((await thumbnail(id, { prompt: "a cat", model: "gpt-image" }, "fr")).lastText).toBe(botMessages.fr.errors.modelUnavailable({ model: "GPT Image" }));
    expect(await jobCount()).toBe(jobsBefore);
  });

  it("defers within 3 seconds however long the work takes", async () => {
    const { id } = await linkedMember("patient@example.com");
    const slow: BotContext = {
      ...ctx,
      services: {
        ...kit.services,
        discord: {
          ...kit.services.discord,
          accountOf: async (member: string) => (await new Promise((resolve) => setTimeout(resolve, 3200)), kit.services.discord.accountOf(member)),
        },
      },
    };
    const interaction = fakeInteraction({ commandName: "thumbnail", userId: id, options: { prompt: "slow day" } });
    await dispatch(interaction, slow);
    expect(interaction.calls.map((c) => c.method)).toEqual(["deferReply", "editReply"]);
    expect(interaction.calls[0]?.atMs).toBeLessThan(3000);
    expect(interaction.calls[1]?.atMs).toBeGreaterThanOrEqual(3000);
    expect(interaction.lastText).toBe(botMessages.en.working({ model: "Thumbforge Studio", cost: 1 }));
    await until(() => posted.find((p) => p.target.discordUserId === id), "the Discord post");
  });

  it("gives the post up when no worker makes the image, and posts nothing", async () => {
    const { id } = await linkedMember("stranded@example.com");
    await Promise.all([posts.stop(), worker.stop()]);
    const impatient = createDiscordPosts(kit.services, { post: async (target, language, outcome) => void posted.push({ target, language, outcome }) }, { jobSettings: { pollMs: 50 }, maxWaitMs: 300 });
    await impatient.start();
    try {
      await dispatch(fakeInteraction({ commandName: "thumbnail", userId: id, options: { prompt: "nobody home" } }), { ...ctx, posts: impatient });
      let status: string | undefined;
      for (let i = 0; i < 200 && status !== "failed"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        const rows = await kit.database.db.select().from(jobs).where(eq(jobs.kind, "discord-post"));
        status = rows.find((r) => (r.payload as { target?: { discordUserId?: string } }).target?.discordUserId === id)?.status;
      }
      expect(status).toBe("failed");
      expect(posted.some((p) => p.target.discordUserId === id)).toBe(false);
    } finally {
      await impatient.stop();
    }
  });
});
