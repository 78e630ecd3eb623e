import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenDb } from "../../db/open-db.ts";
import { openTestDb } from "../testing/test-db.ts";
import { createRateLimiter, type RateRule } from "./service.ts";
import { createRateLimitStore } from "./store.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";

let database: OpenDb;
let now = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  database = await openTestDb();
});
afterAll(async () => {
  await database.close();
});

describe("rate limiter", () => {
  const rule: RateRule = { name: "waitlist-ip", limit: 3, windowMs: 60_000 };

  it("allows the limit, refuses the next, and starts over when the window lapses", async () => {
    const limiter = createRateLimiter({ store: createRateLimitStore(database), clock: () => now });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume(rule, "1.2.3.4"));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterSeconds).toBe(60);
    await expect(limiter.enforce(rule, "1.2.3.4")).rejects.toMatchObject({ code: "rate_limited:waitlist-ip", status: 429 });
    now += 60_001;
    expect((await limiter.consume(rule, "1.2.3.4")).allowed).toBe(true);
  });

  itOnPostgres("counts exactly under concurrency (one atomic upsert per hit)", async () => {
    const limiter = createRateLimiter({ store: createRateLimitStore(database), clock: () => now });
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.consume({ ...rule, limit: 10 }, "burst")));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("keeps subjects and rules apart", async () => {
    const limiter = createRateLimiter({ store: createRateLimitStore(database), clock: () => now });
    for (let i = 0; i < 3; i++) await limiter.consume(rule, "a");
    expect((await limiter.consume(rule, "b")).allowed).toBe(true);
    expect((await limiter.consume({ ...rule, name: "otp-ip" }, "a")).allowed).toBe(true);
  });

  it("peeks without counting, for failure lockouts", async () => {
    const limiter = createRateLimiter({ store: createRateLimitStore(database), clock: () => now });
    const lockout: RateRule = { name: "sign-in-failures", limit: 2, windowMs: 60_000 };
    await limiter.assertNotExhausted(lockout, "ip");
    await limiter.assertNotExhausted(lockout, "ip");
    await limiter.consume(lockout, "ip");
    await limiter.assertNotExhausted(lockout, "ip");
    await limiter.consume(lockout, "ip");
    await expect(limiter.assertNotExhausted(lockout, "ip")).rejects.toMatchObject({ code: "rate_limited:sign-in-failures" });
    now += 60_001;
    await limiter.assertNotExhausted(lockout, "ip");
  });
});
