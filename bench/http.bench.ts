// /api/health (liveness), /api/health/ready (readiness, one database check a second) and / (index.html) through
// the whole app, next to a bare node:http server sending the same bytes — the ratio is what the framework and
// middleware cost; liveness never touches the database. `/` is asked for twice: bare (no Accept-Encoding or
// Accept-Language, as a load tool asks) and as a German browser asks (brotli, a language and a session cookie).
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { compare, printTable, startBenchApp } from "./lib.ts";

const browserHeaders = {
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "de-DE,de;q=0.9,en;q=0.8",
  cookie: "session=0123456789abcdef; theme=dark",
};

/** The bytes as they travel (fetch would decompress them). */
function rawBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ body: Buffer.concat(chunks), encoding: res.headers["content-encoding"] }));
    })
      .on("error", reject)
      .end();
  });
}

export async function benchHttp(): Promise<void> {
  const { app, base, stop } = await startBenchApp("http");
  const healthBytes = Buffer.from(await (await fetch(`${base}/api/health`)).arrayBuffer());
  const indexBytes = Buffer.from(await (await fetch(`${base}/`)).arrayBuffer());
  const browserIndex = await rawBytes(`${base}/`, browserHeaders);

  const bare = createServer((req, res) => {
    if (req.url === "/browser") {
      res.writeHead(200, { "content-type": "text/html", "content-length": browserIndex.body.length, ...(browserIndex.encoding ? { "content-encoding": browserIndex.encoding } : {}) });
      res.end(browserIndex.body);
      return;
    }
    const body = req.url === "/api/health" ? healthBytes : indexBytes;
    res.writeHead(200, { "content-type": req.url === "/api/health" ? "application/json" : "text/html", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  try {
    printTable(
      `GET /api/health (liveness) and /api/health/ready (app on ${app.database.kind}) vs bare node:http`,
      await compare({
        "bare node:http": { url: `${bareUrl}/api/health` },
        "app /api/health": { url: `${base}/api/health` },
        "app /api/health/ready": { url: `${base}/api/health/ready` },
      }),
      "bare node:http",
    );
    printTable(
      `GET / (index.html, ${indexBytes.length} bytes, no Accept-Encoding) vs bare node:http`,
      await compare({ "bare node:http": { url: `${bareUrl}/` }, "app /": { url: `${base}/` } }),
      "bare node:http",
    );
    printTable(
      `GET / as a browser asks (${browserIndex.encoding ?? "identity"}, ${browserIndex.body.length} bytes, German) vs bare node:http sending those bytes`,
      await compare({ "bare node:http": { url: `${bareUrl}/browser` }, "app /": { url: `${base}/`, headers: browserHeaders } }),
      "bare node:http",
    );
  } finally {
    bare.close();
    await stop();
  }
}
