import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../server/config.ts";
import { botSettingsFrom, commandSettingsFrom } from "./bot-config.ts";
import { commandDefinitions, commands } from "./command-list.ts";
import { botMessages, languageOf, messagesFor } from "./i18n.ts";
import { registerCommands } from "./register-commands.ts";

const snowflake = "123456789012345678";

describe("slash command definitions", () => {
  it("are built with discord.js's builders, which validate names, descriptions, options and choices", () => {
    const definitions = commandDefinitions();
    expect(definitions.map((d) => d.name).sort()).toEqual(["check", "credits", "edit", "help", "link", "pack", "personas", "style", "thumbnail", "verify", "vote"]);
    for (const d of definitions) {
      expect(d.name).toMatch(/^[\p{Ll}\p{N}_-]{1,32}$/u);
      expect(d.description.length).toBeGreaterThan(0);
      expect(d.description.length).toBeLessThanOrEqual(100);
      for (const text of Object.values(d.description_localizations ?? {})) expect(text?.length).toBeLessThanOrEqual(100);
    }
    const thumbnail = definitions.find((d) => d.name === "thumbnail");
    expect(thumbnail?.options?.map((o) => [o.name, o.required ?? false])).toEqual([
      ["prompt", true],
      ["style", false],
      ["aspect", false],
      ["persona", false],
      ["model", false],
      ["style_kit", false],
      ["public", false],
    ]);
    const suggests = (command: string) => definitions.find((d) => d.name === command)?.options?.flatMap((o) => ("autocomplete" in o && o.autocomplete ? [o.name] : []));
    expect(suggests("thumbnail")).toEqual(["persona", "style_kit"]);
    expect(suggests("pack")).toEqual(["persona", "style_kit"]);
    expect(suggests("check")).toEqual(["image"]);
    // The pack is always 16:9: it offers no aspect.
    expect(definitions.find((d) => d.name === "pack")?.options?.map((o) => o.name)).toEqual(["prompt", "style", "persona", "model", "style_kit", "public"]);
    expect(definitions.find((d) => d.name === "edit")?.options?.map((o) => [o.name, o.required ?? false])).toEqual([["instruction", true], ["public", false]]);
    expect(definitions.find((d) => d.name === "pack")?.description_localizations?.["de"]).toBe(botMessages.de.pack.command);
    const style = thumbnail?.options?.find((o) => o.name === "style") as { choices?: { value: string; name_localizations?: Record<string, string> }[] } | undefined;
    expect(style?.choices?.map((c) => c.value)).toEqual(["realistic", "cartoon", "abstract", "vintage"]);
    expect(style?.choices?.[1]?.name_localizations?.["ja"]).toBe("カートゥーン");
    expect(definitions.find((d) => d.name === "link")?.options?.[0]).toMatchObject({ name: "email", required: true });
    expect(definitions.find((d) => d.name === "verify")?.options?.[0]).toMatchObject({ name: "code", required: true });
    const vote = definitions.find((d) => d.name === "vote");
    expect(vote?.options?.map((o) => [o.name, o.required ?? false, "autocomplete" in o ? (o.autocomplete ?? false) : false])).toEqual([
      ["what", false, false],
      ["item", false, true],
      ["hours", false, false],
    ]);
    const hours = vote?.options?.find((o) => o.name === "hours") as { choices?: { value: string; name: string; name_localizations?: Record<string, string> }[] } | undefined;
    expect(hours?.choices?.map((c) => [c.value, c.name])).toEqual([["1", "1 hour"], ["6", "6 hours"], ["12", "12 hours"], ["24", "1 day"], ["72", "3 days"], ["168", "7 days"]]);
    expect(hours?.choices?.[3]?.name_localizations?.["de"]).toBe("1 Tag");
  });

  it("describe themselves in the six languages under Discord's locale codes", () => {
    const help = commandDefinitions().find((d) => d.name === "help");
    expect(help?.description).toBe(botMessages.en.commands.help);
    expect(help?.description_localizations).toMatchObject({
      "es-ES": botMessages.es.commands.help,
      "es-419": botMessages.es.commands.help,
      fr: botMessages.fr.commands.help,
      de: botMessages.de.commands.help,
      "zh-CN": botMessages.zh.commands.help,
      "zh-TW": botMessages.zh.commands.help,
      ja: botMessages.ja.commands.help,
    });
    expect(commands.size).toBe(11);
  });

  it("say the new commands' words in each language, none left in English", () => {
    const blocks = ["posting", "moreHelp", "pack", "check", "personas", "edit", "style", "serviceErrors", "polls"] as const;
    const sample = { count: 3, model: "Studio", cost: 3, credits: 9, mention: "<@1>", prompt: "p", creditsLeft: 6, size: "343×193", seconds: 5 };
    // Every leaf as text: a function is called with sample values.
    const leaves = (value: unknown, path: string): [string, string][] =>
      typeof value === "string"
        ? [[path, value]]
        : typeof value === "function"
          ? [[path, String((value as (v: typeof sample) => string)(sample))]]
          : Object.entries(value as object).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
    const english = new Map(blocks.flatMap((b) => leaves(botMessages.en[b], b)));
    for (const language of ["es", "fr", "de", "zh", "ja"] as const) {
      const theirs = blocks.flatMap((b) => leaves(botMessages[language][b], b));
      expect(theirs.map(([path]) => path)).toEqual([...english.keys()]);
      for (const [path, text] of theirs) expect(text, `${language} ${path}`).not.toBe(english.get(path));
    }
  });

  it("map Discord locales to the six languages, English for the rest", () => {
    expect(["es-ES", "es-419", "zh-CN", "zh-TW", "ja", "de", "fr", "en-US", "en-GB", "pt-BR", ""].map(languageOf)).toEqual(["es", "es", "zh", "zh", "ja", "de", "fr", "en", "en", "en", "en"]);
    expect(messagesFor(undefined)).toBe(botMessages.en);
  });
});

describe("the bot's settings", () => {
  it("name each missing setting", () => {
    const config = loadConfig({ NODE_ENV: "test" }, "test");
    expect(() => botSettingsFrom(config)).toThrow(/DISCORD_TOKEN is not set\nDISCORD_GUILD_ID is not set\nDISCORD_WELCOME_CHANNEL_ID is not set/);
    expect(() => commandSettingsFrom(loadConfig({ NODE_ENV: "test", DISCORD_TOKEN: "t" }, "test"))).toThrow("DISCORD_GUILD_ID is not set");
    const full = loadConfig({ NODE_ENV: "test", DISCORD_TOKEN: "t", DISCORD_GUILD_ID: snowflake, DISCORD_WELCOME_CHANNEL_ID: snowflake }, "test");
    expect(botSettingsFrom(full)).toEqual({ token: "t", guildId: snowflake, welcomeChannelId: snowflake });
  });

  it("refuse ids that are not Discord ids", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DISCORD_GUILD_ID: "my-server", DISCORD_EARLY_BIRD_ROLE_ID: "12" }, "test")).toThrow(/DISCORD_GUILD_ID: must be a Discord id[\s\S]*DISCORD_EARLY_BIRD_ROLE_ID: must be a Discord id/);
  });
});

describe("npm run bot:commands", () => {
  it("registers every definition on the server through Discord's REST API (a local server speaking it)", async () => {
    const requests: { method: string; url: string; auth: string; body: unknown }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        const body: unknown = text ? JSON.parse(text) : undefined;
        requests.push({ method: req.method ?? "", url: req.url ?? "", auth: req.headers.authorization ?? "", body });
        res.setHeader("content-type", "application/json");
        if (req.method === "GET" && req.url === "/v10/applications/@me") return void res.end(JSON.stringify({ id: "987654321098765432" }));
        res.end(JSON.stringify(body));
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const names = await registerCommands({ token: "bot-token", guildId: snowflake, api: `http://127.0.0.1:${port}` });
      expect(names.sort()).toEqual(["check", "credits", "edit", "help", "link", "pack", "personas", "style", "thumbnail", "verify", "vote"]);
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /v10/applications/@me", `PUT /v10/applications/987654321098765432/guilds/${snowflake}/commands`]);
      expect(requests[1]?.auth).toBe("Bot bot-token");
      expect(requests[1]?.body).toEqual(JSON.parse(JSON.stringify(commandDefinitions())));
    } finally {
      server.close();
    }
  });
});

describe("npm run bot", () => {
  it("exits with a message naming each missing setting, before touching the database or Discord", () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("DISCORD_")));
    const run = spawnSync(process.execPath, ["bot/main.ts"], { env: { ...env, NODE_ENV: "test", DISCORD_TOKEN: "t" }, encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The Thumbforge bot cannot start.");
    expect(run.stderr).toContain("DISCORD_GUILD_ID is not set");
    expect(run.stderr).toContain("DISCORD_WELCOME_CHANNEL_ID is not set");
    expect(run.stderr).not.toContain("DISCORD_TOKEN is not set");
  });
});
