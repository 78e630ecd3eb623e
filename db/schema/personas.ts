import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { personaRoles } from "../../contract/personas.ts";
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("personas_user_handle_unique").on(t.userId, t.handle), index("personas_user_idx").on(t.userId)],
);

export type PersonaRow = typeof personas.$inferSelect;
