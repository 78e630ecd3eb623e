import { describe, expect, it } from "vitest";
import { formatPrice } from "./money.ts";

describe("formatPrice", () => {
  it("reads minor units in the currency's own precision, in the reader's locale", () => {
    expect(formatPrice(499, "usd", "en")).toBe("$4.99");
    expect(formatPrice(39900, "inr", "en-IN")).toBe("₹399.00");
    expect(formatPrice(500, "jpy", "ja")).toMatch(/500/);
    expect(formatPrice(1999, "eur", "de").replace(/\s/g, " ")).toBe("19,99 €");
  });
});
