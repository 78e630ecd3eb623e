import { OTP_TTL_SECONDS } from "../../contract/auth.ts";
import { normalizedEmail } from "../../contract/email.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { AuthService } from "../auth/service.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { WaitlistService } from "../waitlist/service.ts";
import { createDiscordStore } from "./store.ts";

const isUniqueViolation = (err: unknown) => (err as { code?: unknown; cause?: { code?: unknown } }).code === "23505" || (err as { cause?: { code?: unknown } }).cause?.code === "23505";

const alreadyLinked = () => new AppError("conflict:discord_linked", "This Discord account is already linked.");
const linkedElsewhere = () => new AppError("conflict:discord_account_linked", "That e-mail is already linked to another Discord account.");

/**
 * Discord members and their accounts (docs/product/discord-bot.md, Linking). A member proves an e-mail with the same
 * one-time codes, mail and limits as sign-in — the member's own requester, so nobody else spends their sends — and is
 * then linked to that account and its waitlist entry, once.
 */
export function createDiscordService(deps: { db: DbOrTx; auth: AuthService; credits: CreditsService; waitlist: WaitlistService; clock: () => number }) {
  const store = createDiscordStore(deps.db);
  // Codes, sends and failures are counted per member, as sign-in counts them per browser and IP.
  const requester = (discordUserId: string) => `discord:${discordUserId}`;

  return {
    /** Sends a code to the e-mail and remembers it for `verifyLink`. */
    async requestLink(discordUserId: string, rawEmail: string, language: string): Promise<{ email: string; minutes: number }> {
      const email = normalizedEmail(rawEmail);
      if (!email) throw new AppError("invalid:email", "Please enter a valid email address.");
      if ((await store.find(discordUserId))?.userId) throw alreadyLinked();
      const holder = await store.linkedToEmail(email);
      if (holder !== undefined && holder !== discordUserId) throw linkedElsewhere();
      await deps.auth.sendOtp({ email, language }, requester(discordUserId), requester(discordUserId));
      if (!(await store.setPending(discordUserId, email))) throw alreadyLinked();
      return { email, minutes: OTP_TTL_SECONDS / 60 };
    },

    /** Checks the code sent by `requestLink` and links the member to that account (created if new) and waitlist entry. */
    async verifyLink(discordUserId: string, code: string, language: string) {
      const pending = await store.find(discordUserId);
      if (pending?.userId) throw alreadyLinked();
      const email = pending?.pendingEmail;
      if (!email) throw new AppError("invalid:discord_link", "There is no code waiting: run /link first.");
      if ((await store.linkedToEmail(email)) !== undefined) throw linkedElsewhere();
      const user = await deps.auth.redeemCode({ email, code, language }, requester(discordUserId), [requester(discordUserId)]);
      const waitlisted = await withTransaction(deps.db, async (tx) => {
        try {
          if (!(await createDiscordStore(tx).link(discordUserId, email, user.id, new Date(deps.clock())))) throw alreadyLinked();
        } catch (err) {
          if (isUniqueViolation(err)) throw linkedElsewhere();
          throw err;
        }
        return deps.waitlist.attachDiscordIn(tx, email, discordUserId);
      });
      return { email, userId: user.id, earlyBird: user.earlyBird, waitlisted };
    },

    /** The account a member linked; `unauthorized:discord_link` when there is none. */
    async accountOf(discordUserId: string): Promise<string> {
      const userId = (await store.find(discordUserId))?.userId;
      if (!userId) throw new AppError("unauthorized:discord_link", "Link your Thumbforge account first.");
      return userId;
    },

    /** Whether the account is one of the first EARLY_BIRD_ACCOUNTS (the Early Bird role's holders). */
    isEarlyBird: (userId: string) => store.isEarlyBird(userId),

    earlyBirdPlacesLeft: () => deps.credits.earlyBirdPlacesLeft(),
  };
}

export type DiscordService = ReturnType<typeof createDiscordService>;
