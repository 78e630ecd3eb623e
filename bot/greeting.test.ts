import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botTestServices } from "../server/testing/discord.ts";
import { welcomeMember, welcomeOnJoin, type WelcomeChannel } from "./greeting.ts";
import { botMessages } from "./i18n.ts";

let kit: Awaited<ReturnType<typeof botTestServices>>;
beforeAll(async () => {
  kit = await botTestServices();
});
afterAll(() => kit.close());

function channel() {
  const sent: { content: string; allowedMentions: { users: string[] } }[] = [];
  const ch: WelcomeChannel = { send: async (payload) => void sent.push(payload) };
  return { ch, sent };
}

const newcomer = { id: "445566778899001122" };

describe("the welcome for a new member", () => {
  it("mentions them, says what Thumbforge is, how to link their e-mail and how many early-bird places are left", async () => {
    const { ch, sent } = channel();
    await welcomeMember({ services: kit.services, channel: ch }, newcomer, "en-US");
    expect(sent).toHaveLength(1);
    const text = sent[0]?.content ?? "";
    expect(text).toContain("<@445566778899001122>");
    expect(text).toContain("**Thumbforge** is a chat-first studio");
    expect(text).toContain("`/link email:`");
    expect(text).toContain("50 of 50 places left");
    expect(sent[0]?.allowedMentions).toEqual({ users: [newcomer.id] });
  });

  it("counts the places the first accounts took", async () => {
    await kit.services.auth.sendOtp({ email: "first@example.com" }, "203.0.113.1", "test");
    await kit.services.auth.redeemCode({ email: "first@example.com", code: await kit.latestCode("first@example.com") }, "203.0.113.1", ["test"]);
    const { ch, sent } = channel();
    await welcomeMember({ services: kit.services, channel: ch }, newcomer, "en-GB");
    expect(sent[0]?.content).toContain("49 of 50 places left");
  });

  it.each([
    ["es-ES", "es"],
    ["es-419", "es"],
    ["fr", "fr"],
    ["de", "de"],
    ["zh-CN", "zh"],
    ["ja", "ja"],
    ["pt-BR", "en"],
    [undefined, "en"],
  ] as const)("speaks %s as %s", async (locale, language) => {
    const { ch, sent } = channel();
    await welcomeMember({ services: kit.services, channel: ch }, newcomer, locale);
    expect(sent[0]?.content).toBe(botMessages[language].welcome({ mention: "<@445566778899001122>", placesLeft: 49, total: 50 }));
  });

  it("says so when every place is taken", () => {
    for (const messages of Object.values(botMessages)) {
      const text = messages.welcome({ mention: "<@1>", placesLeft: 0, total: 50 });
      expect(text).toContain("50");
      expect(text).not.toBe(messages.welcome({ mention: "<@1>", placesLeft: 1, total: 50 }));
    }
  });
});

describe("a member joining", () => {
  const guildId = "100000000000000001";
  const joined = (over: { bot?: boolean; guild?: string; locale?: string } = {}) => ({
    id: newcomer.id,
    user: { bot: over.bot ?? false },
    guild: { id: over.guild ?? guildId, preferredLocale: over.locale ?? "ja" },
  });

  it("of the community server is welcomed in the welcome channel, in the server's language", async () => {
    const { ch, sent } = channel();
    expect(await welcomeOnJoin({ services: kit.services, guildId, welcomeChannel: async () => ch }, joined())).toBe(true);
    expect(sent[0]?.content).toBe(botMessages.ja.welcome({ mention: "<@445566778899001122>", placesLeft: 49, total: 50 }));
  });

  it("of another server, or a bot, is not", async () => {
    const { ch, sent } = channel();
    expect(await welcomeOnJoin({ services: kit.services, guildId, welcomeChannel: async () => ch }, joined({ guild: "100000000000000002" }))).toBe(false);
    expect(await welcomeOnJoin({ services: kit.services, guildId, welcomeChannel: async () => ch }, joined({ bot: true }))).toBe(false);
    expect(sent).toEqual([]);
  });

  it("fails loudly when the welcome channel cannot take messages", async () => {
    await expect(welcomeOnJoin({ services: kit.services, guildId, welcomeChannel: async () => undefined }, joined())).rejects.toThrow(/welcome channel/);
  });
});
