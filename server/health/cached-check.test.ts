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
    expect(await Promise.all([check(), check(), check()])).toEqual([true, true, true]);
    expect(runs).toBe(1);
    answer = false;
    now = 999;
    expect(await check()).toBe(true);
    expect(runs).toBe(1);
    now = 1000;
    expect(await check()).toBe(false);
    expect(runs).toBe(2);
  });

  it("counts a check that throws as failed", async () => {
    const check = createCachedCheck(() => Promise.reject(new Error("down")), { ttlMs: 1000, clock: () => 0 });
    expect(await check()).toBe(false);
  });
});
