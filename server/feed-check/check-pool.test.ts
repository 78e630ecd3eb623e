import { describe, expect, it } from "vitest";
import { createCheckPool, MAX_WAITING_CHECKS } from "./check-pool.ts";

describe("the feed check pool", () => {
  it("runs two checks, starts a waiting one's work only in its turn, and refuses one past the queue as busy", async () => {
    const pool = createCheckPool();
    const started: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const checks = Array.from({ length: 2 + MAX_WAITING_CHECKS }, (_, n) =>
      pool(async () => {
        started.push(n);
        await gate;
        return n;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // The waiting ones have not read anything yet: their work has not begun.
    expect(started).toEqual([0, 1]);
    await expect(pool(async () => "one too many")).rejects.toMatchObject({ code: "unavailable:feed_check_busy", status: 503, retryAfterSeconds: 2 });
    release();
    expect(await Promise.all(checks)).toEqual(checks.map((_, n) => n));
    expect(await pool(async () => "after the burst")).toBe("after the burst");
  });
});
