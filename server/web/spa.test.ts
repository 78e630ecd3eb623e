import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CONFIG_TOKENS } from "../../contract/public-config.ts";
import { loadPublicPages } from "./page-variants.ts";
import { spaRoutes } from "./spa.ts";

const shell = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body>${body}</body></html>`;

let dir: string;
let url: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "spa-"));
  writeFileSync(join(dir, "index.html"), shell("en", '<div id="root"></div>'));
  for (const [language, words] of [["en", "Make thumbnails"], ["de", "Erstelle Thumbnails"], ["ja", "サムネイルを作る"]]) {
    mkdirSync(join(dir, "prerendered", language as string), { recursive: true });
    writeFileSync(join(dir, "prerendered", language as string, "index.html"), shell(language as string, `<div id="root" data-prerendered="${language}">${words}</div>`));
  }
  const app = express();
  app.use(spaRoutes({ webDir: dir, pages: loadPublicPages(dir, { ...PUBLIC_CONFIG_TOKENS, version: "1" }), publicUrl: "https://thumbforge.test" }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close?.();
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, { headers });
  return { res, html: await res.text() };
}

describe("pages in the visitor's language before the first paint", () => {
  it("serves the language picked in the cookie, else the browser's, else English, and says it varies by both", async () => {
    const cookie = await page("/", { cookie: "session=x; language=de", "accept-language": "ja" });
    expect(cookie.html).toContain('<html lang="de"');
    expect(cookie.html).toContain("Erstelle Thumbnails");
    expect(cookie.res.headers.get("vary")).toMatch(/Cookie/);
    expect(cookie.res.headers.get("vary")).toMatch(/Accept-Language/);

    const browser = await page("/", { "accept-language": "fr-CH;q=0.2, ja-JP;q=0.9, en;q=0.5" });
    expect(browser.html).toContain("サムネイルを作る");
    expect(browser.html).toContain('<html lang="ja"');

    const none = await page("/", { "accept-language": "pt-BR" });
    expect(none.html).toContain("Make thumbnails");
    const bogus = await page("/", { cookie: "language=xx%zz", "accept-language": "de" });
    expect(bogus.html).toContain("Erstelle Thumbnails");
  });

  it("falls back to English for a page not prerendered in the language, and sets <html lang> on the plain shell", async () => {
    expect((await page("/", { cookie: "language=es" })).html).toContain("Make thumbnails");
    const shellPage = await page("/login", { cookie: "language=zh" });
    expect(shellPage.html).toContain('<html lang="zh"');
    expect(shellPage.res.headers.get("vary")).toMatch(/Accept-Language/);
  });

  it("tags each variant apart, so a cached German page is never revalidated as the English one", async () => {
    const en = await page("/");
    const de = await page("/", { cookie: "language=de" });
    expect(en.res.headers.get("etag")).not.toBe(de.res.headers.get("etag"));
    // node:http rather than fetch, which adds its own cache headers to a conditional request.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${url}/`, { headers: { cookie: "language=de", "if-none-match": de.res.headers.get("etag") ?? "" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on("error", reject);
    });
    expect(status).toBe(304);
  });
});
