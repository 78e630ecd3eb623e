// /api/health (liveness), /api/health/ready (readiness, one database check a second) and / (index.html) through
// the whole app, next to a bare node:http server sending the same bytes — the ratio is what the framework and
// middleware cost; liveness never touches the database.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { compare, printTable, startBenchApp } from "./lib.ts";

export async function benchHttp(): Promise<void> {
  const { app, base, stop } = await startBenchApp("http");
  const healthBytes = Buffer.from(await (await fetch(`${base}/api/health`)).arrayBuffer());
  const indexBytes = Buffer.from(await (await fetch(`${base}/`)).arrayBuffer());

  const bare = createServer((req, res) => {
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
      "GET / (index.html) vs bare node:http",
      await compare({ "bare node:http": { url: `${bareUrl}/` }, "app /": { url: `${base}/` } }),
      "bare node:http",
    );
  } finally {
    bare.close();
    await stop();
  }
}
