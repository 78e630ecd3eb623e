import { index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { personaDraftStatuses, personaRoles } from "../../contract/personas.ts";
import { users } from "./users.ts";

/** A reusable persona (docs/product/personas.md): referenced in prompts as `@handle`, drawn from its cut-out. */
export const personas = pgTable(
  "personas",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    handle: text().notNull(),
    role: text({ enum: personaRoles }).notNull(),
    description: text().notNull().default(""),
    /** Storage keys: the uploaded photo, the subject cut out of it (PNG with alpha), and the persona picture. */
    sourceKey: text(),
    cutoutKey: text().notNull(),
    imageKey: text(),
    /** A small square of the cut-out, for lists and the chat's @ menu. */
    thumbKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("personas_user_handle_unique").on(t.userId, t.handle), index("personas_user_idx").on(t.userId)],
);

export type PersonaRow = typeof personas.$inferSelect;

/**
 * A persona being made (docs/product/personas.md): the photos it came from, then — once its job has run — the
 * chosen cut-out, its picture and a suggested name and description. Saved drafts become personas; the rest expire.
 */
export const personaDrafts = pgTable(
  "persona_drafts",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text({ enum: personaRoles }).notNull(),
    status: text({ enum: personaDraftStatuses }).notNull().default("pending"),
    /** The uploads (images of kind upload) it was made from, in the order given. */
    photoIds: jsonb().$type<string[]>().notNull(),
    language: text().notNull().default("en"),
    error: text(),
    errorCode: text(),
    suggestedName: text(),
    description: text(),
    sourceKey: text(),
    cutoutKey: text(),
    imageKey: text(),
    thumbKey: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("persona_drafts_user_idx").on(t.userId), index("persona_drafts_expires_idx").on(t.expiresAt)],
);

export type PersonaDraftRow = typeof personaDrafts.$inferSelect;
