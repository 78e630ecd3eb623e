import { describe, expect, it } from "vitest";
import { createCachedCheck } from "./cached-check.ts";

describe("createCachedCheck", () => {
  it("runs the check once per ttl and shares a run in flight", async () => {
    let now = 0;
    let runs = 0;
    let answer = true;
    const check = createCachedCheck(
      async () => {
        runs++;
        return answer;
      },
      { ttlMs: 1000, clock: () => now },
    );
    expect(await Promise.all([check.get(), check.get(), check.get()])).toEqual([true, true, true]);
    expect(runs).toBe(1);
    answer = false;
    now = 999;
    expect(await check.get()).toBe(true);
    expect(runs).toBe(1);
    now = 1000;
    expect(await check.get()).toBe(false);
    expect(runs).toBe(2);
  });

  it("counts a check that throws as failed", async () => {
    const check = createCachedCheck(() => Promise.reject(new Error("down")), { ttlMs: 1000, clock: () => 0 });
    expect(await check.get()).toBe(false);
  });

  it("peeks at the last answer without waiting, refreshing it in the background once stale", async () => {
    let now = 0;
    let answer = false;
    const check = createCachedCheck(async () => answer, { ttlMs: 1000, clock: () => now });
    expect(check.peek()).toBeUndefined();
    await check.get();
    expect(check.peek()).toBe(false);
    answer = true;
    now = 1000;
    expect(check.peek()).toBe(false);
    await check.get();
    expect(check.peek()).toBe(true);
  });

  it("takes a failure reported from elsewhere as its answer until the ttl runs out", async () => {
    let now = 0;
    const check = createCachedCheck(async () => true, { ttlMs: 1000, clock: () => now });
    await check.get();
    check.fail();
    expect(check.peek()).toBe(false);
    expect(await check.get()).toBe(false);
    now = 1000;
    expect(await check.get()).toBe(true);
  });
});
