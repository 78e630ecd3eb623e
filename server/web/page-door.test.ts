import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Long enough for compression to matter, and different per language.
const page = (lang: string, words: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${words}</title></head><body><div id="root" data-prerendered="${lang}">${`<p>${words}</p>`.repeat(200)}</div></body></html>`;

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tf-pages-"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><html lang="en"><head><title>Thumbforge</title></head><body><div id="root"></div></body></html>');
  for (const [language, words] of [["en", "Make thumbnails"], ["de", "Erstelle Thumbnails"], ["ja", "サムネイルを作る"]] as const) {
    mkdirSync(join(dir, "prerendered", language), { recursive: true });
    writeFileSync(join(dir, "prerendered", language, "index.html"), page(language, words));
    writeFileSync(join(dir, "prerendered", language, "landing.html"), page(language, `${words} — landing`));
  }
  // The build's list of chunks per signed-in screen and language (scripts/prerender.ts).
  const preloads = {
    "/app": { de: ["/assets/app-home-de.js", '/assets/x.js"><script>alert(1)</script>'], en: ["/assets/app-home-en.js"] },
    "/landing": { en: ["/assets/landing-never.js"] },
  };
  writeFileSync(join(dir, "preloads.json"), JSON.stringify(preloads));
  // The signed-in screens' header as the build renders it, per language (scripts/prerender.ts).
  for (const [language, words] of [["en", "Chat"], ["de", "Chatten"]] as const) {
    mkdirSync(join(dir, "app-shells", language), { recursive: true });
    writeFileSync(join(dir, "app-shells", language, `${encodeURIComponent("/app")}.html`), `<nav>${words}</nav>`);
  }
  server = await startTestServer({ deps: { webDir: dir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// node:http rather than fetch: fetch decompresses and hides the bytes on the wire and their length.
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(res: Raw): string {
  const coding = res.headers["content-encoding"];
  const bytes = coding === "br" ? brotliDecompressSync(res.body) : coding === "gzip" ? gunzipSync(res.body) : res.body;
  return bytes.toString("utf8");
}

describe("the web app's pages, answered from memory", () => {
  it.each([
    ["br, gzip, deflate", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["identity", undefined],
    ["", undefined],
  ])("Accept-Encoding %j gets %s, with its length, and decompresses to the page", async (acceptEncoding, coding) => {
    const plain = await get("/", { "accept-language": "de" });
    const res = await get("/", { "accept-encoding": acceptEncoding, "accept-language": "de" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(coding);
    // Made once at start and sent whole: the length is known, never chunked on the fly.
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
    expect(decoded(res)).toBe(plain.body.toString("utf8"));
    expect(decoded(res)).toContain("Erstelle Thumbnails");
    if (coding) expect(res.body.length).toBeLessThan(plain.body.length / 4);
  });

  it("chooses the language from the cookie, else Accept-Language, else English, on / and the other pages", async () => {
    expect(decoded(await get("/", { cookie: "session=x; language=ja", "accept-language": "de", "accept-encoding": "br" }))).toContain("サムネイルを作る");
    expect(decoded(await get("/landing?ref=news", { "accept-language": "fr-CH;q=0.2, de-AT;q=0.9, en;q=0.5", "accept-encoding": "gzip" }))).toContain(
      "Erstelle Thumbnails — landing",
    );
    expect(decoded(await get("/", { "accept-language": "pt-BR" }))).toContain("Make thumbnails");
    // Not prerendered in French: the English page.
    expect(decoded(await get("/", { cookie: "language=fr" }))).toContain("Make thumbnails");
    // A page without prerendered markup gets the shell in the visitor's language.
    const shell = decoded(await get("/login", { "accept-language": "zh", "accept-encoding": "br" }));
    expect(shell).toContain('<html lang="zh"');
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const head = await get("/", { "accept-encoding": "br" }, "HEAD");
    const full = await get("/", { "accept-encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it("revalidates with a weak ETag per language that holds for every coding of it", async () => {
    const de = await get("/", { cookie: "language=de", "accept-encoding": "br" });
    const en = await get("/", { "accept-encoding": "br" });
    expect(de.headers.etag).toMatch(/^W\/"/);
    expect(de.headers.etag).not.toBe(en.headers.etag);
    const etag = de.headers.etag ?? "";
    const again = await get("/", { cookie: "language=de", "accept-encoding": "gzip", "if-none-match": `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
    expect((await get("/", { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(200);
    expect((await get("/", { cookie: "language=de", "if-none-match": etag, "cache-control": "no-cache" })).status).toBe(200);
  });

  it("carries the same security headers as every other answer", async () => {
    const api = await get("/api/health");
    const res = await get("/", { "accept-encoding": "br" });
    const security = Object.keys(api.headers).filter((name) => /^(content-security-policy|x-|cross-origin-|origin-agent|referrer-policy|strict-transport)/.test(name) && name !== "x-request-id");
    expect(security).toEqual(expect.arrayContaining(["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"]));
    for (const name of security) expect([name, res.headers[name]]).toEqual([name, api.headers[name]]);
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("leaves other spellings, methods and unknown paths to the app", async () => {
    expect((await get("/Landing", { "accept-language": "de" })).status).toBe(200);
    expect(decoded(await get("/landing/", { "accept-language": "de" }))).toContain('<html lang="de"');
    expect((await get("/", {}, "POST")).status).toBe(404);
    const missing = await get("/no-such-page", { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("br");
    expect(missing.headers["content-length"]).toBe(String(missing.body.length));
    expect(decoded(missing)).toContain('<div id="root"></div>');
  });

  it("is timed under the pages' route label like any answer", async () => {
    const series = (text: string, status: string) =>
      Number(new RegExp(`^http_request_duration_seconds_count\\{method="GET",route="/\\{\\*splat\\}",status_code="${status}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    const before = (await get("/metrics")).body.toString("utf8");
    const etag = (await get("/landing")).headers.etag ?? "";
    await get("/landing", { "if-none-match": etag });
    const after = (await get("/metrics")).body.toString("utf8");
    expect(series(after, "200") - series(before, "200")).toBe(1);
    expect(series(after, "304") - series(before, "304")).toBe(1);
  });

  it("names a signed-in screen's chunks in its page, in the visitor's language, so they are fetched at once", async () => {
    const de = decoded(await get("/app", { "accept-language": "de", "accept-encoding": "br" }));
    expect(de).toContain('<html lang="de"');
    expect(de).toContain('<link rel="modulepreload" href="/assets/app-home-de.js"></head>');
    expect(de).not.toContain("app-home-en");
    expect(de).not.toContain("<script>alert");
    expect(decoded(await get("/app"))).toContain('<link rel="modulepreload" href="/assets/app-home-en.js">');
    // Only the screen it was listed for: not the public pages, not another screen.
    for (const path of ["/", "/landing", "/app/personas", "/login"]) expect(decoded(await get(path))).not.toContain("modulepreload");
  });

  it("paints a signed-in screen's header from its page, in the visitor's language, and only there", async () => {
    expect(decoded(await get("/app", { "accept-language": "de" }))).toContain('<div id="root" data-app-shell=""><nav>Chatten</nav></div>');
    expect(decoded(await get("/app", { "accept-encoding": "gzip" }))).toContain('<div id="root" data-app-shell=""><nav>Chat</nav></div>');
    // A language the build has no header for gets the plain root, which React fills.
    expect(decoded(await get("/app", { "accept-language": "ja" }))).toContain('<div id="root"></div>');
    for (const path of ["/", "/landing", "/app/personas", "/login"]) expect(decoded(await get(path))).not.toContain("data-app-shell");
  });
});
