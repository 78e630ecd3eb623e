import { type NextFunction, type Request, type Response, Router } from "express";
import { isFromThisMachine } from "../http/this-machine.ts";
import type { DevMailStore } from "./store.ts";

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** Anyone but this machine gets what any unknown path gets: the 404 that follows these routes. */
function onlyFromThisMachine(req: Request, _res: Response, next: NextFunction) {
  if (isFromThisMachine(req)) return next();
  next("router");
}

// A developer page, not a product screen; its sheet is a file of its own because the CSP allows no inline styles.
const styles = `
:root { color-scheme: light dark; --bg: #f8fafc; --card: #fff; --ink: #0f172a; --muted: #475569; --line: #e2e8f0; --accent: #4f46e5; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b1020; --card: #141a2e; --ink: #e2e8f0; --muted: #94a3b8; --line: #26304a; --accent: #a5b4fc; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 760px; margin: 0 auto; padding: 32px 16px 64px; }
h1 { font-size: 24px; margin: 0 0 4px; }
.lead { color: var(--muted); margin: 0 0 24px; }
a { color: var(--accent); }
article { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 16px 18px; margin: 0 0 14px; }
h2 { font-size: 16px; margin: 0 0 4px; overflow-wrap: anywhere; }
.meta { color: var(--muted); font-size: 13px; margin: 0 0 12px; overflow-wrap: anywhere; }
.code { display: inline-block; font: 600 22px/1 ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 4px; padding: 10px 14px; border-radius: 10px; background: color-mix(in srgb, var(--accent) 14%, transparent); margin: 0 0 12px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); }
.empty { color: var(--muted); background: var(--card); border: 1px dashed var(--line); border-radius: 14px; padding: 24px; text-align: center; }
`;

/** The dev mailbox pages; createApp mounts them only outside production and only without SMTP. */
export function devMailboxRoutes(deps: { store: DevMailStore }): Router {
  const router = Router();
  router.use("/dev", onlyFromThisMachine);
  router.get("/dev/mailbox.css", (_req, res) => {
    res.set("Cache-Control", "no-store").type("css").send(styles);
  });
  router.get("/dev/mailbox.json", async (_req, res) => {
    const mails = await deps.store.list();
    res.set("Cache-Control", "no-store").json(
      mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt.toISOString() })),
    );
  });
  router.get("/dev/mailbox", async (_req, res) => {
    const mails = await deps.store.list();
    const items = mails
      .map((m) => {
        const code = /\b(\d{6})\b/.exec(m.text)?.[1];
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To <b>${escapeHtml(m.to)}</b> · <time datetime="${m.sentAt.toISOString()}">${m.sentAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time></p>${code ? `<p class="code" aria-label="Sign-in code">${code}</p>` : ""}<pre>${escapeHtml(m.text)}</pre></article>`;
      })
      .join("\n");
    res
      .set("Cache-Control", "no-store")
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Dev mailbox — Thumbforge</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body><main><h1>Dev mailbox</h1><p class="lead">Mail the server would have sent, newest first. Only this machine can open this page; set SMTP_URL to deliver mail for real. <a href="/dev/mailbox.json">JSON</a></p>${items || '<p class="empty">No mail yet. Ask for a sign-in code and it shows up here.</p>'}</main></body></html>`,
      );
  });
  return router;
}
