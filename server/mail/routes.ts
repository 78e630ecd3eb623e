import { Router } from "express";
import type { DevMailStore } from "./store.ts";

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** The dev mailbox pages; createApp mounts them only outside production and only without SMTP. */
export function devMailboxRoutes(deps: { store: DevMailStore }): Router {
  const router = Router();
  router.get("/dev/mailbox.json", async (_req, res) => {
    const mails = await deps.store.list();
    res.set("Cache-Control", "no-store").json(
      mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt.toISOString() })),
    );
  });
  router.get("/dev/mailbox", async (_req, res) => {
    const mails = await deps.store.list();
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To <b>${escapeHtml(m.to)}</b> · <time datetime="${m.sentAt.toISOString()}">${m.sentAt.toISOString()}</time></p><pre>${escapeHtml(m.text)}</pre></article><hr>`,
      )
      .join("\n");
    res
      .set("Cache-Control", "no-store")
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox — Thumbforge</title></head><body><main><h1>Dev mailbox</h1><p>Mails the server would have sent; newest first. Set SMTP_URL to deliver them for real. <a href="/dev/mailbox.json">JSON</a></p>${items || "<p>No mail yet.</p>"}</main></body></html>`,
      );
  });
  return router;
}
