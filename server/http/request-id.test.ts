import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { endEarlyBird, openSocket, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { requestIdFor } from "./request-log.ts";

type LogLine = Record<string, unknown> & { msg: string };

let server: TestServer;
const lines: LogLine[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // The server's real log, at debug, read back line by line.
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  server = await startTestServer({ deps: { logger: pino({ level: "debug" }, stream) } });
  await endEarlyBird(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it("follow a request into the job it queues, the job's log lines and the events it sends", async () => {
    const { sessionToken } = await signInByCode(server, "traced@example.com");
    const socket = await openSocket(server, sessionToken);
    sockets.push(socket);
    const requestId = "trace-0123456789";

    const res = await fetch(`${server.url}/api/generate-kontext-image`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": requestId, ...tokenHeaders(sessionToken) },
      body: JSON.stringify({ prompt: "follow me through the logs", model: "studio" }),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("x-request-id")).toBe(requestId);
    const { image } = imageResponseSchema.parse(await res.json());
    expect((await settled(server, sessionToken, image.id)).status).toBe("ready");
    await server.jobs.idle();

    const [job] = await server.database.db.select().from(jobs).where(sql`${jobs.payload}->>'imageId' = ${image.id}`);
    expect(job).toMatchObject({ kind: "generate", status: "done", requestId });

    expect(lines).toContainEqual(expect.objectContaining({ msg: "request completed", requestId, req: expect.objectContaining({ url: "/api/generate-kontext-image" }) }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "job finished", requestId, jobId: job?.id, kind: "generate", outcome: "done" }));
    // The job's events, published on the worker's side, carry the request and the job.
    expect(lines).toContainEqual(expect.objectContaining({ msg: "realtime message", event: "image:progress", requestId, jobId: job?.id }));
    // The socket's own lines carry its id.
    expect(lines).toContainEqual(expect.objectContaining({ msg: "socket connected", socketId: socket.id }));
  });

  it("are random per request unless the caller sends a well-formed one", async () => {
    const ids = await Promise.all(
      [undefined, undefined, "short", "has spaces in it", "a".repeat(65), "x'; drop table--"].map(async (sent) => {
        const res = await fetch(`${server.url}/api/models`, { headers: sent ? { "x-request-id": sent } : {} });
        return res.headers.get("x-request-id");
      }),
    );
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(requestIdFor("abc.DEF_123-xyz")).toBe("abc.DEF_123-xyz");
    expect(requestIdFor("a".repeat(64))).toBe("a".repeat(64));
  });
});
