import { createTransport } from "nodemailer";
import type { Logger } from "../logger.ts";
import type { OutgoingMail } from "./outgoing-mail.ts";
import type { DevMailStore } from "./store.ts";

export type { OutgoingMail };

export interface Mailer {
  kind: "smtp" | "dev-mailbox";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP_URL (smtp:// or smtps://) through nodemailer. */
export function createSmtpMailer(deps: { url: string; from: string }): Mailer {
  const transport = createTransport(deps.url);
  return {
    kind: "smtp",
    async send(mail) {
      await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP the mail is kept in the database and printed to the log, so sign-in works on a bare machine:
 * open /dev/mailbox (outside production) to read it.
 */
export function createDevMailbox(deps: { store: DevMailStore; logger: Logger; clock: () => number }): Mailer {
  return {
    kind: "dev-mailbox",
    async send(mail) {
      await deps.store.insert(mail, new Date(deps.clock()));
      deps.logger.info({ to: mail.to, subject: mail.subject, mailbox: "/dev/mailbox" }, `dev mailbox:\n${mail.text}`);
    },
    close: () => {},
  };
}
