import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { type ChildServer, signInThroughMailbox, startChildServer } from "../testing/child-server.ts";
import { createScratchDatabase } from "../testing/scratch-database.ts";

let provider: Server;
const waiting: IncomingMessage[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "tf-crash-"));
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const children: ChildServer[] = [];

// A provider that takes the request and never answers: the job is running when the process dies.
beforeAll(async () => {
  provider = createServer((req) => waiting.push(req));
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const scratch = await createScratchDatabase(base, "tf_crash");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});
afterAll(async () => {
  for (const child of children) await child.stop();
  provider.closeAllConnections();
  provider.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildServer> {
  const child = await startChildServer({
    DATA_DIR: dataDir,
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    JOB_LEASE_SECONDS: "5",
    FREE_SIGNUP_CREDITS: "10",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  children.push(child);
  return child;
}

describe("a process killed in the middle of a job", () => {
  it("leaves no charge behind: after a restart the job is failed and refunded exactly once", async () => {
    const first = await start();
    const { userId, token } = await signInThroughMailbox(first.url, "crash@example.com");
    const headers = { "x-session-token": token };
    const credits = async (url: string) => ((await (await fetch(`${url}/api/users/${userId}/credits`, { headers })).json()) as { credits: number; transactions: { reason: string; ref: string; delta: number }[] });
    const before = (await credits(first.url)).credits;

    const res = await fetch(`${first.url}/api/generate-kontext-image`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "A job that never finishes", model: "gpt-image" }),
    });
    expect(res.status).toBe(202);
    const { image } = imageResponseSchema.parse(await res.json());
    for (let i = 0; waiting.length === 0; i++) {
      if (i > 400) throw new Error("the provider never got the request");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const running = imageResponseSchema.parse(await (await fetch(`${first.url}/api/images/${image.id}`, { headers })).json()).image;
    expect(running.status).toBe("running");
    expect((await credits(first.url)).credits).toBe(before - image.creditsSpent);

    await first.kill();
    const second = await start();
    let after = running;
    for (let i = 0; after.status === "running" && i < 120; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = imageResponseSchema.parse(await (await fetch(`${second.url}/api/images/${image.id}`, { headers })).json()).image;
    }
    expect(after).toMatchObject({ status: "failed", errorCode: "unavailable:interrupted" });
    const statement = await credits(second.url);
    expect(statement.credits).toBe(before);
    expect(statement.transactions.filter((t) => t.ref === image.id).map((t) => [t.reason, t.delta]).sort()).toEqual([
      ["generation", -image.creditsSpent],
      ["refund", image.creditsSpent],
    ]);
  });
});
