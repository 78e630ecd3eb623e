import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ShareTallyRow } from "../../contract/shares.ts";
import { shareLinks } from "./share-links.ts";
import { users } from "./users.ts";

/**
 * A creator's question to the Discord community (docs/product/community-votes.md): two or three of their images posted
 * by the bot in the feedback channel, with A/B/C buttons. Its Discord votes are share_votes (source `discord`) of the
 * hidden share link it owns (`share_id`), so they add up with the share page's in one tally (decision 044).
 */
export const communityPolls = pgTable(
  "community_polls",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: ["pack", "comparison", "images"] }).notNull(),
    /** The pack's or the comparison's id; null for a set of images. */
    targetId: uuid(),
    /** In label order: A, B, C. */
    imageIds: jsonb().$type<string[]>().notNull(),
    shareId: uuid()
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    guildId: text().notNull(),
    channelId: text().notNull(),
    /** Set once the bot has posted it. */
    messageId: text(),
    status: text({ enum: ["posting", "open", "closed", "failed"] }).notNull().default("posting"),
    /** The language the channel message is written in: its poster's. */
    language: text().notNull().default("en"),
    /** The member who posted it with /vote; null when it came from the web. */
    postedByDiscordUserId: text(),
    closesAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    closedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** The result as it stood when the poll closed: later share-page votes never change a closed poll's result. */
    finalTally: jsonb().$type<ShareTallyRow[]>(),
    /** When the bot last drew the message closed (result in, buttons off); null until that edit went through. */
    closedDrawnAt: timestamp({ withTimezone: true, precision: 3 }),
    /** How many closing edits were queued, and when the last was: the sweep retries a failed one a few times. */
    closeEdits: integer().notNull().default(0),
    closeEditQueuedAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("community_polls_user_created_idx").on(t.userId, t.createdAt),
    // The bot's sweep reads only open polls, by when they close.
    index("community_polls_open_idx")
      .on(t.closesAt)
      .where(sql`${t.status} = 'open'`),
    // The sweep's retries read only closed polls whose message was not yet drawn closed.
    index("community_polls_undrawn_idx")
      .on(t.closedAt)
      .where(sql`${t.status} = 'closed' and ${t.closedDrawnAt} is null`),
  ],
);

export type CommunityPollRow = typeof communityPolls.$inferSelect;
