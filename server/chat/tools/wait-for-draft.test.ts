import { describe, expect, it } from "vitest";
import type { PersonaDraft } from "../../../contract/personas.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { createRealtimeHub, heardAcrossNodes } from "../../realtime/publisher.ts";
import { createDraftWaiter } from "./wait-for-draft.ts";

const logger = createLogger(loadConfig({ LOG_LEVEL: "silent" }, "test"));

const draft = (id: string, status: PersonaDraft["status"]): PersonaDraft => ({
  id,
  role: "artist",
  status,
  error: status === "failed" ? "No clear subject." : null,
  errorCode: status === "failed" ? "invalid:no_subject" : null,
  suggestedName: status === "ready" ? "Artist" : null,
  description: null,
  photoCount: 1,
  createdAt: new Date(0).toISOString(),
  urls: null,
});

/** The real hub, and drafts as the database holds them, whose reads are counted. */
function setup(rows: Record<string, PersonaDraft>) {
  const hub = createRealtimeHub({ logger });
  const reads: string[] = [];
  const personas = {
    draft: async (_userId: string, id: string) => {
      reads.push(id);
      const row = rows[id];
      if (!row) throw new Error("not found");
      return row;
    },
  };
  return { hub, reads, wait: createDraftWaiter({ personas, realtime: hub, timeoutMs: 60_000 }) };
}

describe("waiting for a persona draft", () => {
  it("answers the draft when its ready event comes, after one read; another user's or draft's events are not it", async () => {
    const rows = { d1: draft("d1", "pending") };
    const { hub, reads, wait } = setup(rows);
    const waiting = wait("u1", "d1", new AbortController().signal);
    await Promise.resolve();
    hub.toUser("u2", "persona:draft", { draft: draft("d1", "ready") });
    hub.toUser("u1", "persona:draft", { draft: draft("d2", "ready") });
    hub.toUser("u1", "persona:draft", { draft: draft("d1", "running") });
    hub.toUser("u1", "persona:draft", { draft: draft("d1", "ready") });
    expect(await waiting).toMatchObject({ id: "d1", status: "ready", suggestedName: "Artist" });
    expect(reads).toEqual(["d1"]);
  });

  it("answers a draft that finished before the wait began from its one read, and a failed one as failed", async () => {
    const { reads, wait } = setup({ d1: draft("d1", "ready"), d2: draft("d2", "failed") });
    expect((await wait("u1", "d1", new AbortController().signal)).status).toBe("ready");
    expect(await wait("u1", "d2", new AbortController().signal)).toMatchObject({ status: "failed", errorCode: "invalid:no_subject" });
    expect(reads).toEqual(["d1", "d2"]);
  });

  it("reads again when the cross-node channel comes back, and stops at an abort with the draft as it stands", async () => {
    const rows: Record<string, PersonaDraft> = { d1: draft("d1", "pending") };
    const { hub, reads, wait } = setup(rows);
    const waiting = wait("u1", "d1", new AbortController().signal);
    await new Promise((resolve) => setImmediate(resolve));
    // The ready event went out while this node's channel was down: only the read after the resume can tell.
    rows.d1 = draft("d1", "ready");
    hub.resumed();
    expect((await waiting).status).toBe("ready");
    expect(reads).toEqual(["d1", "d1"]);

    rows.d2 = draft("d2", "running");
    const stop = new AbortController();
    const stopped = wait("u1", "d2", stop.signal);
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    expect((await stopped).status).toBe("running");
  });

  it("is heard from the other nodes, where the job may run", () => {
    expect(heardAcrossNodes({ type: "event", userId: "u1", event: "persona:draft", payload: { draft: draft("d1", "ready") } })).toBe(true);
  });
});
