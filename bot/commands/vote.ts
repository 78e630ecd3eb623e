import { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import { type CommunityPoll, COMMUNITY_POLL_DEFAULT_HOURS } from "../../contract/community-polls.ts";
import type { BotCommand, BotContext } from "../context.ts";
import { botMessages, languageOf, localizations, messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { en } from "../locales/en.ts";
import type { Messages } from "../locales/messages.ts";
import { readOptions } from "../options.ts";

/** The lengths /vote offers, in hours: an hour to a week. */
const HOURS = ["1", "6", "12", "24", "72", "168"] as const;
/** Discord shows at most 25 suggestions, each name at most 100 characters. */
const SUGGESTIONS = 25;
const NAME_MAX = 100;
/** How long the answer waits to give the message's link; past it, the member is told it is being posted. */
const POSTED_WAIT_MS = 20_000;

/** `pack:<uuid>` or `comparison:<uuid>`, as the suggestions write it; a malformed id is an invalid option, not a failure. */
const itemSchema = z
  .string()
  .regex(/^(pack|comparison):/)
  .transform((value) => {
    const at = value.indexOf(":");
    return { kind: value.slice(0, at), targetId: value.slice(at + 1) };
  })
  .pipe(z.object({ kind: z.enum(["pack", "comparison"]), targetId: z.uuid().transform((id) => id.toLowerCase()) }));

const schema = z.object({
  what: z.enum(["latest-pack", "latest-comparison"]).optional(),
  item: itemSchema.optional(),
  hours: z.enum(HOURS).optional(),
});

const choice = <K extends string>(value: K, pick: (m: Messages) => string) => ({ name: pick(botMessages.en), value, name_localizations: localizations(pick) });
const clip = (text: string) => (text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text);

/**
 * The poll once the bot has posted it (or Discord refused it): heard on this process's hub, where its post job runs,
 * or read once after listening in case it was posted before; undefined past the wait.
 */
function postedPoll(ctx: BotContext, userId: string, pollId: string): Promise<CommunityPoll | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (poll: CommunityPoll | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      resolve(poll);
    };
    const stop = ctx.services.realtime.listen((message) => {
      if (message.type !== "event" || message.event !== "community:poll" || message.userId !== userId) return;
      const { poll } = message.payload;
      if (poll.id === pollId && poll.status !== "posting") done(poll);
    });
    const timer = setTimeout(() => done(undefined), POSTED_WAIT_MS);
    ctx.services.communityPolls.read(userId, pollId).then(
      (poll) => poll.status !== "posting" && done(poll),
      () => undefined,
    );
  });
}

export const vote: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("vote")
    .setDescription(en.commands.vote)
    .setDescriptionLocalizations(localizations((m) => m.commands.vote))
    .addStringOption((o) =>
      o
        .setName("what")
        .setDescription(en.commands.voteWhat)
        .setDescriptionLocalizations(localizations((m) => m.commands.voteWhat))
        .addChoices(choice("latest-pack", (m) => m.commands.voteWhatLatestPack), choice("latest-comparison", (m) => m.commands.voteWhatLatestComparison)),
    )
    .addStringOption((o) =>
      o.setName("item").setDescription(en.commands.voteItem).setDescriptionLocalizations(localizations((m) => m.commands.voteItem)).setAutocomplete(true).setMaxLength(60),
    )
    .addStringOption((o) =>
      o
        .setName("hours")
        .setDescription(en.commands.voteHours)
        .setDescriptionLocalizations(localizations((m) => m.commands.voteHours))
        .addChoices(...HOURS.map((h) => choice(h, (m) => m.commands.voteHoursChoice({ hours: Number(h) })))),
    ),

  async execute(interaction, ctx) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["what", "item", "hours"], m);
    if (!input.ok) return void (await interaction.editReply({ content: input.message }));
    const { services } = ctx;
    const userId = await services.discord.accountOf(interaction.user.id);
    const target = input.value.item ?? (await latest(ctx, userId, input.value.what === "latest-comparison" ? "comparison" : "pack"));
    if (!target) return void (await interaction.editReply({ content: m.polls.nothingToPost }));
    const hours = input.value.hours ? Number(input.value.hours) : COMMUNITY_POLL_DEFAULT_HOURS;
    const poll = await services.communityPolls.create(userId, { ...target, hours }, { language: languageOf(interaction.locale), postedByDiscordUserId: interaction.user.id });
    const channel = `<#${services.config.discord.feedbackChannelId ?? ""}>`;
    const waiting = postedPoll(ctx, userId, poll.id);
    await interaction.editReply({ content: m.polls.posting({ channel }) });
    const posted = await waiting;
    // Never left on "Posting…": the link, or what became of the poll, or that it is still on its way.
    if (!posted) await interaction.editReply({ content: m.polls.stillPosting({ channel }) });
    else if (posted.messageUrl) await interaction.editReply({ content: m.polls.posted({ channel, url: posted.messageUrl }) });
    else if (posted.status === "closed") await interaction.editReply({ content: m.polls.closedBeforePosted });
    else await interaction.editReply({ content: m.polls.postFailed });
  },

  async autocomplete(interaction, { services }) {
    const m = messagesFor(interaction.locale);
    const typed = interaction.options.getFocused(true).value.trim().toLowerCase();
    const userId = await services.discord.accountOf(interaction.user.id).catch(() => undefined);
    if (!userId) return void (await interaction.respond([]));
    const recent = await services.communityPolls.recentTargets(userId, undefined, SUGGESTIONS);
    const choices = recent
      .map((t) => ({ name: clip((t.kind === "pack" ? m.polls.pack : m.polls.comparison)({ prompt: t.prompt.replace(/\s+/g, " ").trim() })), value: `${t.kind}:${t.id}` }))
      .filter((c) => typed === "" || c.name.toLowerCase().includes(typed));
    await interaction.respond(choices.slice(0, SUGGESTIONS));
  },
};

async function latest(ctx: BotContext, userId: string, kind: "pack" | "comparison") {
  const [newest] = await ctx.services.communityPolls.recentTargets(userId, kind, 1);
  return newest ? { kind: newest.kind, targetId: newest.id } : undefined;
}
