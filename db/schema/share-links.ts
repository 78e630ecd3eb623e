import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A read-only link to an image, an A/B pack or a comparison (docs/product/sharing.md). Only the SHA-256 of its
 * token is kept: the link itself is shown once to its owner and a leaked table opens nothing. Revoked or past its
 * expiry, the page and its image URLs answer 404 at once.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    kind: text({ enum: ["image", "pack", "comparison"] }).notNull(),
    /** The image's, the pack's or the comparison's id. */
    targetId: uuid().notNull(),
    /**
     * `link`: a link its owner shares. `poll`: the hidden link a community poll owns, whose token nobody ever sees; its
     * Discord votes live in share_votes beside the page's, so both add up in one tally (decision 044).
     */
    purpose: text({ enum: ["link", "poll"] }).notNull().default("link"),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [unique("share_links_token_hash_unique").on(t.tokenHash), index("share_links_user_target_idx").on(t.userId, t.targetId)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;

/**
 * One voter's choice among a shared pack's or comparison's images: a browser (a cookie's hashed id) on the share page
 * or a Discord member, one row per voter and source, changed in place.
 */
export const shareVotes = pgTable(
  "share_votes",
  {
    id: uuid().primaryKey().defaultRandom(),
    shareId: uuid()
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    imageId: uuid().notNull(),
    source: text({ enum: ["web", "discord"] }).notNull(),
    voterKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("share_votes_voter_unique").on(t.shareId, t.source, t.voterKey)],
);

export type ShareVoteRow = typeof shareVotes.$inferSelect;
