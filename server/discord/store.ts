import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type DiscordLink, discordLinks } from "../../db/schema/discord-links.ts";
import { users } from "../../db/schema/users.ts";

export function createDiscordStore(db: DbOrTx) {
  return {
    async find(discordUserId: string): Promise<DiscordLink | undefined> {
      const [row] = await db.select().from(discordLinks).where(eq(discordLinks.discordUserId, discordUserId)).limit(1);
      return row;
    },

    /** The member linked to this account, if any. */
    async findByUser(userId: string): Promise<DiscordLink | undefined> {
      const [row] = await db.select().from(discordLinks).where(eq(discordLinks.userId, userId)).limit(1);
      return row;
    },

    /** Remembers the e-mail a code was sent to, for a member not linked yet; false when they are linked. */
    async setPending(discordUserId: string, email: string): Promise<boolean> {
      const rows = await db
        .insert(discordLinks)
        .values({ discordUserId, pendingEmail: email })
        .onConflictDoUpdate({ target: discordLinks.discordUserId, set: { pendingEmail: email }, setWhere: isNull(discordLinks.userId) })
        .returning({ id: discordLinks.discordUserId });
      return rows.length === 1;
    },

    /**
     * Links the member to the account, once: only a member not linked yet, whose pending e-mail is still this one.
     * False when that no longer holds; the unique index on user_id refuses an account linked to someone else.
     */
    async link(discordUserId: string, email: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(discordLinks)
        .set({ userId, linkedAt: now, pendingEmail: null })
        .where(and(eq(discordLinks.discordUserId, discordUserId), isNull(discordLinks.userId), eq(discordLinks.pendingEmail, email)))
        .returning({ id: discordLinks.discordUserId });
      return rows.length === 1;
    },

    async isEarlyBird(userId: string): Promise<boolean> {
      const [row] = await db.select({ earlyBird: users.earlyBird }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.earlyBird ?? false;
    },

    /** The member already linked to the account of this e-mail, if any. */
    async linkedToEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ discordUserId: discordLinks.discordUserId })
        .from(discordLinks)
        .innerJoin(users, eq(users.id, discordLinks.userId))
        .where(eq(users.email, email))
        .limit(1);
      return row?.discordUserId;
    },
  };
}

export type DiscordStore = ReturnType<typeof createDiscordStore>;
