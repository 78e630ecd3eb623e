import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

// docs/product/api.md (Idempotent requests): one row per user and key. While `status` is null the first request is
// still running; then `status` and `body` hold its answer, given again to the same request until the window ends.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    /** sha256 of the method, path, query and body: what "the same request" means. */
    fingerprint: text().notNull(),
    /** The running request that owns the row; only it may store the answer or let the key go. */
    claim: uuid().notNull(),
    status: integer(),
    /** The answer's JSON text exactly as sent, so a replay is byte for byte the first answer. */
    body: text(),
    /** When the key was first used (the app's clock); the window and the abandoned-request limit count from here. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_at_idx").on(t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
