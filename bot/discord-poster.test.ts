import { once } from "node:events";
import { createServer } from "node:http";
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import { REST } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageRecord } from "../contract/images.ts";
import { createLogger } from "../server/logger.ts";
import { loadConfig } from "../server/config.ts";
import { createDiscordPoster } from "./discord-poster.ts";
import { botMessages } from "./i18n.ts";

// A local server speaking the part of Discord's REST API the poster uses: follow-ups on an interaction's webhook
// (refused for an expired token, as Discord does after 15 minutes) and channel messages.
const seen: { method: string; url: string; contentType: string; body: string }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("latin1") });
    res.setHeader("content-type", "application/json");
    if (req.url?.includes("/channels/403403403403403403/")) {
      res.statusCode = 403;
      return void res.end(JSON.stringify({ message: "Missing Permissions", code: 50013 }));
    }
    if (req.url?.includes("expired-token")) {
      res.statusCode = 404;
      return void res.end(JSON.stringify({ message: "Unknown Webhook", code: 10015 }));
    }
    res.end(JSON.stringify({ id: "1" }));
  });
});
let rest: REST;
beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  rest = new REST({ api: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, retries: 0 }).setToken("bot-token");
});
afterAll(() => void server.close());

const logger = createLogger(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }, "test"));
const image = { id: "6f1c1f9e-8a4a-4f4b-9b1e-2a4f1f0c1d2e", prompt: "a cat", status: "ready", creditsSpent: 1 } as ImageRecord;
const target = { applicationId: "333333333333333333", interactionToken: "live-token", channelId: "222222222222222222", discordUserId: "111111111111111111" };
const png = Buffer.from("\x89PNG\r\n\x1a\nfake", "latin1");

describe("the Discord poster", () => {
  it("follows up on the member's command with the image attached, in their language", async () => {
    seen.length = 0;
    await createDiscordPoster(rest, logger).post(target, "fr", { kind: "thumbnail", public: true, images: [{ status: "ready", image, png }], creditsLeft: 9 });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v10/webhooks/333333333333333333/live-token"]);
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data/);
    expect(seen[0]?.body).toContain(`thumbnail-${image.id}.png`);
    expect(seen[0]?.body).toContain("\x89PNG");
    const text = JSON.stringify(botMessages.fr.posted({ mention: "<@111111111111111111>", prompt: "a cat", creditsLeft: 9 })).slice(1, -1);
    expect(Buffer.from(seen[0]?.body ?? "", "latin1").toString("utf8")).toContain(text);
  });

  it("posts in the channel when a public follow-up is refused (the token expired)", async () => {
    seen.length = 0;
    await createDiscordPoster(rest, logger).post({ ...target, interactionToken: "expired-token" }, "en", { kind: "thumbnail", public: true, images: [{ status: "ready", image, png }], creditsLeft: 3 });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v10/webhooks/333333333333333333/expired-token", "POST /v10/channels/222222222222222222/messages"]);
    expect(seen[1]?.body).toContain(`thumbnail-${image.id}.png`);
    // The prompt is the member's own words: in the channel, only the member is pinged, whatever it names.
    for (const request of seen) expect(request.body).toContain('"allowed_mentions":{"users":["111111111111111111"]}');
  });

  it("logs a refused follow-up by Discord's status, code and message, never the interaction's token or the images' bytes", async () => {
    let written = "";
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => void ((written += chunk.toString("utf8")), done()) });
    const logged = createLogger({ logLevel: "info", isProduction: true }, stream);
    await createDiscordPoster(rest, logged).post({ ...target, interactionToken: "expired-token" }, "en", { kind: "thumbnail", public: true, images: [{ status: "ready", image, png }], creditsLeft: 3 });
    const lines = written.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([{ level: 40, refusal: { status: 404, code: 10015, message: "Unknown Webhook" } }]);
    expect(lines[0]).not.toHaveProperty("err");
    expect(written).not.toContain("expired-token");
    expect(written).not.toContain("fake");
  });

  it("answers privately unless asked: an ephemeral follow-up, and a direct message (never the channel) when it is refused", async () => {
    seen.length = 0;
    await createDiscordPoster(rest, logger).post(target, "de", { kind: "edit", public: false, images: [{ status: "ready", image, png }], creditsLeft: 4, note: "Ich habe den Hintergrund blau gemacht." });
    expect(seen[0]?.body).toContain('"flags":64');
    const text = JSON.stringify(`${botMessages.de.edit.posted({ mention: "<@111111111111111111>", creditsLeft: 4 })}\nIch habe den Hintergrund blau gemacht.`).slice(1, -1);
    expect(Buffer.from(seen[0]?.body ?? "", "latin1").toString("utf8")).toContain(text);
    seen.length = 0;
    await createDiscordPoster(rest, logger).post({ ...target, interactionToken: "expired-token" }, "en", { kind: "thumbnail", public: true, images: [{ status: "failed", image, credits: 1 }], creditsLeft: 5 });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v10/webhooks/333333333333333333/expired-token", "POST /v10/users/@me/channels", "POST /v10/channels/1/messages"]);
    expect(JSON.parse(seen[1]?.body ?? "{}")).toEqual({ recipient_id: "111111111111111111" });
    expect(JSON.parse(seen[2]?.body ?? "{}")).toMatchObject({ content: `<@111111111111111111> ${botMessages.en.failed({ credits: 1 })}`, allowed_mentions: { users: ["111111111111111111"] } });
  });

  it("posts a pack's three images in one message, and says which failed and what was given back", async () => {
    seen.length = 0;
    const pack = [0, 1, 2].map((n) => ({ ...image, id: `6f1c1f9e-8a4a-4f4b-9b1e-2a4f1f0c1d2${n}` }));
    await createDiscordPoster(rest, logger).post(target, "ja", {
      kind: "pack",
      public: true,
      images: [{ status: "ready", image: pack[0]!, png }, { status: "ready", image: pack[1]!, png }, { status: "failed", image: pack[2]!, credits: 1 }],
      creditsLeft: 7,
    });
    expect(seen).toHaveLength(1);
    const body = Buffer.from(seen[0]?.body ?? "", "latin1").toString("utf8");
    expect(body).toContain(`thumbnail-${pack[0]!.id}.png`);
    expect(body).toContain(`thumbnail-${pack[1]!.id}.png`);
    expect(body).not.toContain(`thumbnail-${pack[2]!.id}.png`);
    expect(body).toContain(JSON.stringify(botMessages.ja.pack.someFailed({ count: 1, credits: 1 })).slice(1, -1));
    expect(body).toContain('"flags":0');
  });

  it("says a pack that failed whole was given back, privately, with nothing attached", async () => {
    seen.length = 0;
    await createDiscordPoster(rest, logger).post(target, "es", { kind: "pack", public: true, images: [0, 1, 2].map(() => ({ status: "failed" as const, image, credits: 1 })), creditsLeft: 10 });
    expect(JSON.parse(Buffer.from(seen[0]?.body ?? "{}", "latin1").toString("utf8"))).toMatchObject({ content: `<@111111111111111111> ${botMessages.es.pack.allFailed({ credits: 3 })}`, flags: 64 });
  });
});

describe("the poll poster", () => {
  const state = { pollId: "6f1c1f9e-8a4a-4f4b-9b1e-2a4f1f0c1d2e", language: "en" as const, askedBy: null, status: "open" as const, closesAt: new Date(0), choices: [{ label: "A", total: 0 }, { label: "B", total: 0 }], winnerLabel: null };

  it("tells Discord's refusal by its status, code and message only, never with the images' bytes", async () => {
    const refused = await createDiscordPoster(rest, logger)
      .polls!.post("403403403403403403", state, [{ name: "a.png", data: png, contentType: "image/png" }])
      .then(
        () => undefined,
        (err: unknown) => err as Error,
      );
    expect(refused?.message).toBe("Discord refused the poll's post: 403 50013 Missing Permissions");
    expect(Object.keys(refused ?? {})).toEqual([]);
    expect(JSON.stringify(refused)).not.toContain("PNG");
  });

  it("edits the message's words and buttons, nothing else", async () => {
    seen.length = 0;
    await createDiscordPoster(rest, logger).polls!.edit("222222222222222222", "123456789012345678", { ...state, status: "closed" });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["PATCH /v10/channels/222222222222222222/messages/123456789012345678"]);
    const body = JSON.parse(seen[0]?.body ?? "{}") as { content: string; components: { components: { disabled: boolean }[] }[]; attachments?: unknown };
    expect(body.content).toBe(`${botMessages.en.polls.question({ mention: null })}\n${botMessages.en.polls.closed} ${botMessages.en.polls.noVotes}`);
    expect(body.components[0]?.components.map((b) => b.disabled)).toEqual([true, true]);
    expect(body.attachments).toBeUndefined();
  });
});
