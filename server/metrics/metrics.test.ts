import type { IncomingMessage } from "node:http";
import { createHistogram } from "node:perf_hooks";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { loadConfig } from "../config.ts";
import { createProviderEngines } from "../generation/providers/provider-engines.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { endEarlyBird, generate, openSocket, settled } from "../testing/images.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";
import { startWireServer, type WireServer } from "../testing/wire-server.ts";
import { countAtMost, eventLoopDelayBuckets } from "./event-loop-delay.ts";
import { mayReadMetrics } from "./routes.ts";

let server: TestServer;
let openai: WireServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  // OpenAI's images endpoint, broken: a generation with GPT Image fails and is refunded.
  openai = await startWireServer((_req, res) => res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"boom"}}'));
  const env = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${openai.url}/v1`, FREE_SIGNUP_CREDITS: "10" };
  const providers = createProviderEngines(loadConfig({ NODE_ENV: "test", ...env }, "test").imageProviders);
  server = await startTestServer({ env, deps: { engines: new Map([["studio", createStudioEngine()], ...providers]) } });
  await endEarlyBird(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
  await openai?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
    out.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return out;
}

/** The value of the one sample with this name whose labels include these; undefined when there is none. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

async function scrape(target: TestServer = server, headers: Record<string, string> = {}) {
  const res = await fetch(`${target.url}/metrics`, { headers });
  return { res, text: await res.text() };
}

describe("GET /metrics", () => {
  it("counts requests by route, jobs by kind, model and outcome, credits charged and refunded, the queue and sockets", async () => {
    const joined = await postJson(server, "/api/waitlist", { email: "metrics-fan@example.com" });
    expect([200, 201]).toContain(joined.status);
    expect((await fetch(`${server.url}/api/no-such-endpoint/123`)).status).toBe(404);

    const { sessionToken } = await signInByCode(server, "metrics@example.com");
    sockets.push(await openSocket(server, sessionToken));
    const made = await generate(server, sessionToken, { prompt: "metrics are fun", model: "studio" });
    expect(made.status).toBe(202);
    const { image } = imageResponseSchema.parse(await made.json());
    expect((await settled(server, sessionToken, image.id)).status).toBe("ready");
    await server.jobs.idle();

    const first = await scrape();
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe(server.services.metrics.contentType);
    expect(first.res.headers.get("cache-control")).toBe("no-store");
    const before = samples(first.text);
    const waitlist = before.filter((s) => s.name === "http_request_duration_seconds_count" && s.labels.route === "/api/waitlist");
    expect(waitlist).toEqual([{ name: "http_request_duration_seconds_count", labels: { method: "POST", route: "/api/waitlist", status_code: String(joined.status) }, value: 1 }]);
    expect(valueOf(before, "http_request_duration_seconds_count", { method: "POST", route: "/api/generate-kontext-image", status_code: "202" })).toBe(1);
    // Patterns, never URLs: the image's id shows in no label, and an unknown API path is `unmatched`.
    expect(valueOf(before, "http_request_duration_seconds_count", { method: "GET", route: "/api/images/:id", status_code: "200" })).toBeGreaterThan(0);
    expect(valueOf(before, "http_request_duration_seconds_count", { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
    expect(first.text).not.toContain(image.id);
    expect(first.text).not.toContain("no-such-endpoint");

    expect(valueOf(before, "job_duration_seconds_count", { kind: "generate", model: "studio", outcome: "done" })).toBe(1);
    expect(valueOf(before, "credits_charged_total", { kind: "generate" })).toBe(1);
    expect(valueOf(before, "credits_refunded_total", { kind: "generate" })).toBe(0);
    expect(valueOf(before, "job_queue_depth", { kind: "generate", status: "queued" })).toBe(0);
    expect(valueOf(before, "job_queue_depth", { kind: "generate", status: "running" })).toBe(0);
    expect(valueOf(before, "job_queue_depth", { kind: "persona-draft", status: "queued" })).toBe(0);
    expect(valueOf(before, "socketio_connected_sockets")).toBe(1);
    // prom-client's process metrics, unprefixed like ours.
    // CPU since the process started, not since the first scrape: this test process has used far more than a second.
    expect(valueOf(before, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(valueOf(before, "process_cpu_seconds_total")).toBeGreaterThanOrEqual(Math.floor((process.cpuUsage().user + process.cpuUsage().system) / 1e6) - 1);
    expect(valueOf(before, "nodejs_eventloop_lag_seconds")).toBeDefined();

    const failing = await generate(server, sessionToken, { prompt: "this one fails", model: "gpt-image" });
    expect(failing.status).toBe(202);
    const failed = imageResponseSchema.parse(await failing.json()).image;
    expect((await settled(server, sessionToken, failed.id)).status).toBe("failed");
    await server.jobs.idle();

    const after = samples((await scrape()).text);
    expect(valueOf(after, "job_duration_seconds_count", { kind: "generate", model: "gpt-image", outcome: "failed" })).toBe(1);
    expect(valueOf(after, "credits_charged_total", { kind: "generate" })).toBe(1 + 6);
    expect(valueOf(after, "credits_refunded_total", { kind: "generate" })).toBe(6);
    // Scrapes count themselves like any request.
    expect(valueOf(after, "http_request_duration_seconds_count", { method: "GET", route: "/metrics", status_code: "200" })).toBe(1);
  });

  it("shows jobs waiting in the queue, of kinds this process runs and of others", async () => {
    // A kind only the Discord bot's runner claims: it waits here whatever this server's worker does.
    const { jobs } = await import("../../db/schema/jobs.ts");
    await server.database.db.insert(jobs).values([{ kind: "discord-post", payload: {} }, { kind: "discord-post", payload: {} }]);
    const depth = samples((await scrape()).text);
    expect(valueOf(depth, "job_queue_depth", { kind: "discord-post", status: "queued" })).toBe(2);
    expect(valueOf(depth, "job_queue_depth", { kind: "generate", status: "queued" })).toBe(0);
  });

  it("answers a request from this machine that came through a proxy like any unknown path", async () => {
    const forwarded = await scrape(server, { "x-forwarded-for": "203.0.113.9" });
    expect(forwarded.res.status).not.toBe(200);
    expect(forwarded.text).not.toContain("# HELP");
  });
});

describe("the event loop's delay", () => {
  it("is a histogram of how late the loop ran: a 300 ms block shows past the 0.25 s bucket", async () => {
    await scrape();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const blockedUntil = performance.now() + 300;
    while (performance.now() < blockedUntil);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { text } = await scrape();
    expect(text).toContain("# TYPE nodejs_eventloop_delay_seconds histogram");
    const all = samples(text);
    const buckets = all.filter((s) => s.name === "nodejs_eventloop_delay_seconds_bucket");
    expect(buckets.map((b) => b.labels.le)).toEqual([...eventLoopDelayBuckets.map(String), "+Inf"]);
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const count = valueOf(all, "nodejs_eventloop_delay_seconds_count") ?? 0;
    expect(valueOf(all, "nodejs_eventloop_delay_seconds_bucket", { le: "+Inf" })).toBe(count);
    expect(valueOf(all, "nodejs_eventloop_delay_seconds_bucket", { le: "0.25" })).toBeLessThan(count);
    expect(valueOf(all, "nodejs_eventloop_delay_seconds_sum")).toBeGreaterThanOrEqual(0.25);
    // Cumulative across scrapes: nothing the monitor saw is counted twice or lost.
    const again = samples((await scrape()).text);
    expect(valueOf(again, "nodejs_eventloop_delay_seconds_count")).toBeGreaterThanOrEqual(count);
  });

  it("counts the samples at most a bound from the monitor's percentiles", () => {
    const histogram = createHistogram();
    for (const ms of [1, 2, 2, 3, 50, 50, 400]) histogram.record(ms * 1e6);
    expect(countAtMost(histogram, 0.5e6)).toBe(0);
    expect(countAtMost(histogram, 2.5e6)).toBe(3);
    expect(countAtMost(histogram, 60e6)).toBe(6);
    expect(countAtMost(histogram, 1e9)).toBe(7);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  const token = "metrics-token-0123456789abcdef";
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ env: { METRICS_TOKEN: token }, deps: { webDir: shellOnlyWebDir() } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it("answers only the right bearer token, and everyone else what any unknown path gets", async () => {
    const unknown = await fetch(`${guarded.url}/no-such-page`);
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token-0123456789abcdefgh" }, { authorization: `Basic ${token}` }, { authorization: `Bearer ${token}x` }]) {
      const { res, text } = await scrape(guarded, headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(text).toBe(unknownBody);
    }
    const { res, text } = await scrape(guarded, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
  });
});

describe("who may read /metrics", () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  const token = "0123456789abcdefghijklmnop";

  it("without a token: loopback connections only, by the socket's own address, and never through a proxy", () => {
    for (const local of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(mayReadMetrics(request(local), undefined), local).toBe(true);
    for (const remote of ["10.0.0.5", "203.0.113.9", "::ffff:192.168.1.2", "fe80::1"]) expect(mayReadMetrics(request(remote), undefined), remote).toBe(false);
    // A public request a local proxy forwarded: loopback socket, but it says where it came from.
    expect(mayReadMetrics(request("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), undefined)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", { forwarded: "for=203.0.113.9" }), undefined)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", { "x-real-ip": "203.0.113.9" }), undefined)).toBe(false);
  });

  it("with a token: the matching bearer from anywhere, and nothing else, not even loopback", () => {
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `Bearer ${token}` }), token)).toBe(true);
    expect(mayReadMetrics(request("203.0.113.9", { authorization: `bearer ${token}` }), token)).toBe(true);
    expect(mayReadMetrics(request("127.0.0.1"), token)).toBe(false);
    expect(mayReadMetrics(request("127.0.0.1", { authorization: `Bearer ${token.slice(0, -1)}` }), token)).toBe(false);
    expect(mayReadMetrics(request("10.0.0.5", { authorization: token }), token)).toBe(false);
  });
});
