import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import type { OpenDb } from "../../db/open-db.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { describeOnPostgres } from "../testing/on-postgres.ts";
import { openTestDb } from "../testing/test-db.ts";
import { type App, createApp } from "./app.ts";

let database: OpenDb;
const dataDir = mkdtempSync(join(tmpdir(), "tf-roles-"));
const apps: App[] = [];

beforeAll(async () => {
  database = await openTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function node(role: "web" | "worker"): App {
  // The nodes share the test's PostgreSQL (passed in below); the URL only satisfies the split-role check.
  const env = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ROLE: role, DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" };
  const config = loadConfig({ ...env, AUTH_SECRET: "a-secret-the-two-nodes-share-0123456789" }, "test");
  const app = createApp({ config, database, logger: createLogger(config), jobSettings: { pollMs: 50 } });
  apps.push(app);
  return app;
}

describeOnPostgres("split roles on one PostgreSQL", () => {
  it("a web node takes the request and a worker node, with no HTTP server, makes the image", async () => {
    const web = node("web");
    const worker = node("worker");
    expect([web.web !== undefined, web.worker !== undefined, worker.web !== undefined, worker.worker !== undefined]).toEqual([true, false, false, true]);
    const http = web.web?.http;
    if (!http) throw new Error("no web door");
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    await web.startBackground();
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

    const email = "split@example.com";
    await post("/api/auth/send-otp", { email });
    const [mail] = await web.services.devMailStore.list();
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    const signedIn = (await (await post("/api/auth/verify-otp", { email, code })).json()) as { sessionToken: string };
    const headers = { "x-session-token": signedIn.sessionToken };

    const res = await post("/api/generate-kontext-image", { prompt: "Two nodes, one image", model: "studio" }, headers);
    expect(res.status).toBe(202);
    const { image } = imageResponseSchema.parse(await res.json());
    const read = async () => imageResponseSchema.parse(await (await fetch(`${url}/api/images/${image.id}`, { headers })).json()).image;
    // No worker yet: the job waits, queued, whatever the web node does.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await read()).status).toBe("pending");

    await worker.startBackground();
    let now = await read();
    for (let i = 0; i < 200 && now.status !== "ready"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      now = await read();
    }
    expect(now).toMatchObject({ status: "ready", width: 1280, height: 720 });
    const bytes = await fetch(`${url}${now.urls?.thumb ?? ""}`, { headers });
    expect(bytes.status).toBe(200);
  });

  it("a worker's own port answers health probes and metrics, and nothing a browser uses", async () => {
    const worker = node("worker");
    await new Promise<void>((resolve) => worker.http.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(worker.http.address() as AddressInfo).port}`;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${url}/api/health/ready`);
    expect(await ready.json()).toMatchObject({ status: "ok", database: { kind: "postgres", reachable: true } });
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("job_queue_depth");
    for (const path of ["/", "/api/models", "/socket.io/?EIO=4&transport=polling"]) expect((await fetch(`${url}${path}`)).status).toBe(404);
  });
});
