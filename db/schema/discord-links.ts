import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

// A Discord member and the account they linked from Discord (docs/product/discord-bot.md, Linking). `/link` keeps the
// e-mail a code was sent to; `/verify` sets the account, once: a member links one account, an account one member.
export const discordLinks = pgTable("discord_links", {
  discordUserId: text().primaryKey(),
  pendingEmail: text(),
  userId: uuid()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  linkedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type DiscordLink = typeof discordLinks.$inferSelect;
