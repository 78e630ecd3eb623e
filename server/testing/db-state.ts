import { count, sum } from "drizzle-orm";
import type { Db } from "../../db/open-db.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { devMails } from "../../db/schema/dev-mails.ts";
import { images } from "../../db/schema/images.ts";
import { otpCodes } from "../../db/schema/otp-codes.ts";
import { personas } from "../../db/schema/personas.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { waitlistEntries } from "../../db/schema/waitlist-entries.ts";

/**
 * What a request with bad input must not change: rows of every table a client can write to, and the credits
 * every user holds. (Rate-limit counters are left out: counting bad attempts is their job.)
 */
export async function stateOf(db: Db) {
  const [u] = await db.select({ n: count(), credits: sum(users.credits) }).from(users);
  const countOf = async (table: typeof creditTransactions | typeof devMails | typeof images | typeof otpCodes | typeof personas | typeof sessions | typeof waitlistEntries) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: u?.n ?? 0,
    credits: Number(u?.credits ?? 0),
    creditTransactions: await countOf(creditTransactions),
    devMails: await countOf(devMails),
    images: await countOf(images),
    otpCodes: await countOf(otpCodes),
    personas: await countOf(personas),
    sessions: await countOf(sessions),
    waitlistEntries: await countOf(waitlistEntries),
  };
}
