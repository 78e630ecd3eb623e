import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languages } from "../../contract/languages.ts";
import { devMails } from "../../db/schema/dev-mails.ts";
import { postJson } from "../testing/sign-in.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { codeMail } from "../auth/code-mail.ts";

describe("code mail", () => {
  it("has HTML and text in all six languages, the code prominent in both", () => {
    const subjects = new Set<string>();
    for (const lang of languages) {
      const mail = codeMail("a@example.com", "042137", lang);
      expect(mail.text).toContain("042137");
      expect(mail.html).toMatch(/font-size:36px[^>]*>042137</);
      expect(mail.html).toContain(`lang="${lang}"`);
      expect(mail.subject).toContain("042137");
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(6);
    expect(codeMail("a@example.com", "1", "xx").html).toContain('lang="en"');
  });
});

describe("SMTP delivery", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Thumbforge <codes@thumbforge.test>" } });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("sends the code over SMTP, keeps nothing in the dev mailbox and serves no mailbox page", async () => {
    const res = await postJson(server, "/api/auth/send-otp", { email: "smtp@example.com", language: "en" });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe("codes@thumbforge.test");
    expect(mail?.to).toEqual(["smtp@example.com"]);
    expect(mail?.raw).toMatch(/Subject: \d{6} is your Thumbforge sign-in code/);
    expect(mail?.raw).toContain("multipart/alternative");
    expect(mail?.raw).toContain("text/html");
    expect(await server.database.db.select().from(devMails)).toHaveLength(0);
    expect((await fetch(`${server.url}/dev/mailbox.json`)).headers.get("content-type")).not.toContain("json");
  });

  it("answers 503 when the SMTP server is gone", async () => {
    const broken = await startTestServer({ env: { SMTP_URL: "smtp://127.0.0.1:9" } });
    try {
      const res = await postJson(broken, "/api/auth/send-otp", { email: "down@example.com" });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: "unavailable:mail" });
    } finally {
      await broken.close();
    }
  });
});

describe("dev mailbox", () => {
  it("answers only this machine: a request a local proxy forwarded gets the 404 card", async () => {
    const server = await startTestServer({ deps: { webDir: shellOnlyWebDir() } });
    try {
      await postJson(server, "/api/auth/send-otp", { email: "guarded@example.com" });
      const forwarded = await fetch(`${server.url}/dev/mailbox.json`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(forwarded.status).toBe(404);
      expect(await forwarded.text()).not.toContain("guarded@example.com");
      expect((await fetch(`${server.url}/dev/mailbox`, { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(404);
      expect((await fetch(`${server.url}/dev/mailbox.json`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("tells loopback peers from the rest by the socket's own address", async () => {
    const { isLoopbackAddress } = await import("../http/this-machine.ts");
    for (const local of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(local)).toBe(true);
    for (const remote of ["10.0.0.5", "192.168.1.20", "203.0.113.9", "::ffff:10.0.0.1", "fe80::1", "::", "0.0.0.0", "", undefined]) {
      expect(isLoopbackAddress(remote)).toBe(false);
    }
  });

  it("is not served from an address other than loopback", async () => {
    const { networkInterfaces } = await import("node:os");
    const address = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
    if (!address) {
      console.warn("no non-loopback IPv4 interface on this machine: the network-address check ran only as the unit check above");
      return;
    }
    const server = await startTestServer({ host: "0.0.0.0", deps: { webDir: shellOnlyWebDir() } });
    try {
      const { port } = new URL(server.url);
      const remote = await fetch(`http://${address}:${port}/dev/mailbox.json`);
      expect(remote.status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox.json`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("lists mails newest first as JSON and HTML outside production", async () => {
    const server = await startTestServer();
    try {
      await postJson(server, "/api/auth/send-otp", { email: "first@example.com" });
      await postJson(server, "/api/auth/send-otp", { email: "second@example.com", language: "ja" });
      const list = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as { to: string; subject: string; text: string; sentAt: string }[];
      expect(list.map((m) => m.to).slice(0, 2)).toEqual(["second@example.com", "first@example.com"]);
      expect(list[0]?.subject).toContain("ログインコード");
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(["sentAt", "subject", "text", "to"]);
      const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
      expect(html).toContain("Dev mailbox");
      expect(html).toContain("second@example.com");
    } finally {
      await server.close();
    }
  });
});
