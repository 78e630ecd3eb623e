import { desc, eq } from "drizzle-orm";
import type { SignInResponse } from "../../contract/auth.ts";
import { devMails } from "../../db/schema/dev-mails.ts";
import type { TestServer } from "./test-server.ts";

export function postJson(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The newest code the dev mailbox holds for an address. */
export async function latestCode(server: TestServer, email: string): Promise<string> {
  const [mail] = await server.database.db.select().from(devMails).where(eq(devMails.to, email.trim().toLowerCase())).orderBy(desc(devMails.sentAt)).limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export function cookieFrom(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("session=") || c.startsWith("__Host-session="));
  if (!header) throw new Error("no session cookie set");
  return header.split(";")[0] ?? "";
}

/** Signs up (or in) by code through the real endpoints. */
export async function signInByCode(server: TestServer, email: string) {
  const sent = await postJson(server, "/api/auth/send-otp", { email });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const res = await postJson(server, "/api/auth/verify-otp", { email, code: await latestCode(server, email) });
  if (res.status !== 200) throw new Error(`verify-otp answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as SignInResponse;
  return { ...body, cookie: cookieFrom(res) };
}
