import { describe, expect, it, vi } from "vitest";

// node's constant-time comparison, watched: the helper must reach it, never a plain === or Buffer.equals.
const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock(import("node:crypto"), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls++;
      return real.timingSafeEqual(a, b);
    },
  };
});

const { secretsEqual } = await import("./secret-equal.ts");

describe("secretsEqual", () => {
  it("is true for equal secrets, as text or bytes, and false when one character or byte differs", () => {
    expect(secretsEqual("a-long-metrics-token-0123456789", "a-long-metrics-token-0123456789")).toBe(true);
    expect(secretsEqual("a-long-metrics-token-0123456789", "a-long-metrics-token-0123456788")).toBe(false);
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(secretsEqual(bytes, Uint8Array.from(bytes))).toBe(true);
    const flipped = Uint8Array.from(bytes);
    flipped[31] = 0xff;
    expect(secretsEqual(bytes, flipped)).toBe(false);
  });

  it("answers false for another length, the empty value or a prefix, without throwing", () => {
    const expected = "f".repeat(64);
    for (const presented of ["", "f", "f".repeat(63), "f".repeat(65), `${expected}\u0000`]) expect(secretsEqual(presented, expected)).toBe(false);
    expect(secretsEqual(new Uint8Array(0), new Uint8Array(32))).toBe(false);
    expect(secretsEqual(new Uint8Array(31), new Uint8Array(32))).toBe(false);
  });

  it("compares through node's constant-time comparison, whatever the lengths", () => {
    compared.calls = 0;
    secretsEqual("short", "a much longer expected secret");
    secretsEqual("same", "same");
    expect(compared.calls).toBe(2);
  });
});
