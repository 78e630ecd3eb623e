import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { OpenDb } from "../../db/open-db.ts";
import { loadConfig } from "../config.ts";
import { defineJobHandler, defineJobType } from "../jobs/job-type.ts";
import { createJobQueue } from "../jobs/queue.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { createLogger } from "../logger.ts";
import type { RealtimeMessage } from "../realtime/publisher.ts";
import { openTestDb } from "../testing/test-db.ts";
import { createServices, type Services } from "./services.ts";
import { createWorker } from "./worker.ts";

let database: OpenDb;
let services: Services;
const dataDir = mkdtempSync(join(tmpdir(), "tf-worker-"));

beforeAll(async () => {
  database = await openTestDb();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir }, "test");
  services = createServices({ config, database, logger: createLogger(config) });
});
afterAll(async () => {
  await services.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signs up through the auth service and the dev mailbox, as the bot or a script would: no HTTP anywhere. */
async function signUp(email: string): Promise<string> {
  await services.auth.sendOtp({ email }, "127.0.0.1", "script");
  const [mail] = await services.devMailStore.list();
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error("no code mailed");
  const signedIn = await services.auth.verifyOtp({ email, code }, "127.0.0.1", ["script"], undefined);
  return signedIn.user.id;
}

describe("services without an HTTP server", () => {
  it("run a generation end to end through createWorker alone, every event seen through the publisher", async () => {
    const userId = await signUp("worker-only@example.com");
    const before = (await services.credits.balance(userId)) ?? 0;
    const messages: RealtimeMessage[] = [];
    const unsubscribe = services.realtime.subscribe((m) => messages.push(m));
    const worker = createWorker(services, { jobSettings: { pollMs: 50 } });
    await worker.start();
    try {
      const queued = await services.generation.request(userId, { prompt: "I tried 100 days of coding", style: "cartoon", aspect: "16:9", model: "studio" });
      expect(queued.status).toBe("pending");
      await worker.jobs.idle();
      for (let i = 0; i < 200 && !messages.some((m) => m.type === "event" && m.event === "gallery:new"); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        await worker.jobs.idle();
      }
    } finally {
      await worker.stop();
      unsubscribe();
    }

    const events = messages.flatMap((m) => (m.type === "event" && m.userId === userId ? [m] : []));
    const statuses = events.flatMap((m) => (m.event === "image:update" ? [m.payload.image.status] : []));
    expect(statuses).toEqual(["pending", "running", "ready"]);
    const percents = events.flatMap((m) => (m.event === "image:progress" ? [m.payload.percent] : []));
    expect(percents.length).toBeGreaterThan(3);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    const [made] = events.flatMap((m) => (m.event === "gallery:new" ? [m.payload.image] : []));
    expect(made).toMatchObject({ status: "ready", width: 1280, height: 720, creditsSpent: 1 });
    expect(events.find((m) => m.event === "credits:update")?.payload).toEqual({ credits: before - 1 });

    // The picture is stored: the image service reads its bytes back for its owner.
    const file = await services.images.locate(userId, made?.id ?? "", "original");
    const { size } = await services.images.read(file);
    expect(size).toBeGreaterThan(1000);
  });
});

describe("a graceful stop", () => {
  it("hands a running generation back: pending again, charged once, and the next worker finishes it", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir }, "test");
    const studio = services.engines.get("studio");
    if (!studio) throw new Error("no studio engine");
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    // Works until it is aborted, as a provider call in flight does.
    const slow: typeof studio = {
      ...studio,
      generate: ({ signal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
    };
    const stopping = createServices({ config, database, logger: services.logger, engines: new Map([["studio", slow]]) });
    const userId = await signUp("handed-back@example.com");
    const before = (await services.credits.balance(userId)) ?? 0;
    const first = createWorker(stopping, { jobSettings: { pollMs: 50 } });
    await first.start();
    const queued = await stopping.generation.request(userId, { prompt: "Handed back", style: "vintage", aspect: "1:1", model: "studio" });
    await running;
    await first.stop();
    await stopping.close();
    expect((await services.images.record(userId, queued.id)).status).toBe("pending");
    expect(await services.credits.balance(userId)).toBe(before - 1);

    const second = createWorker(services, { jobSettings: { pollMs: 50 } });
    await second.start();
    try {
      for (let i = 0; i < 200 && (await services.images.record(userId, queued.id)).status !== "ready"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await second.stop();
    }
    expect(await services.images.record(userId, queued.id)).toMatchObject({ status: "ready", width: 1080, height: 1080 });
    const statement = await services.credits.statement(userId);
    expect(statement.credits).toBe(before - 1);
    expect(statement.transactions.filter((t) => t.ref === queued.id).map((t) => t.reason)).toEqual(["generation"]);
  });
});

describe("job kinds are checked when the worker is built", () => {
  const echo = defineJobType("echo", z.object({ text: z.string() }));
  const handler = defineJobHandler({ type: echo, run: async () => {} });
  const settings = { concurrency: 1, leaseMs: 5000, pollMs: 1000, soleProcess: false };
  const logger = () => services.logger;

  it("refuses a declared kind without a handler, and a handler for a kind no one declared", () => {
    const queue = createJobQueue([echo]);
    expect(() => createJobRunner({ db: database.db, queue, handlers: [], logger: logger(), settings })).toThrow('Job kind "echo" is declared but has no handler');
    expect(() => createJobRunner({ db: database.db, queue: createJobQueue([]), handlers: [handler], logger: logger(), settings })).toThrow(
      'Job kind "echo" has a handler but is not declared with the queue',
    );
    expect(() => createJobRunner({ db: database.db, queue, handlers: [handler, handler], logger: logger(), settings })).toThrow('Job kind "echo" has two handlers');
  });

  it("refuses two kinds of one name, a bad name, an undeclared kind and a payload that does not fit", async () => {
    expect(() => createJobQueue([echo, defineJobType("echo", z.object({}))])).toThrow("declared twice");
    expect(() => defineJobType("Echo Job", z.object({}))).toThrow("lower-case");
    const queue = createJobQueue([echo]);
    await expect(queue.enqueue(database.db, defineJobType("other", z.object({})), {})).rejects.toThrow("not declared");
    await expect(queue.enqueue(database.db, echo, { text: 42 } as never)).rejects.toThrow();
  });
});
