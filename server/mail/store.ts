import { desc } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { devMails } from "../../db/schema/dev-mails.ts";
import type { OutgoingMail } from "./outgoing-mail.ts";

export function createDevMailStore(db: DbOrTx) {
  return {
    async insert(mail: OutgoingMail, sentAt: Date): Promise<void> {
      await db.insert(devMails).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, sentAt });
    },

    /** Newest first. */
    async list(limit = 100) {
      return db.select().from(devMails).orderBy(desc(devMails.sentAt)).limit(limit);
    },
  };
}

export type DevMailStore = ReturnType<typeof createDevMailStore>;
