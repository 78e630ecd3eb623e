import { describe, expect, it } from "vitest";
import { createFontStore } from "./fonts.ts";
import { fitText, shorten } from "./text-fit.ts";

const fonts = createFontStore();
const box = { x: 0, y: 0, w: 1000, h: 400 };
const options = { box, align: "left" as const, maxSize: 260, minSize: 70, leading: 0.06, cjk: false };
const headline = "THIS CHANGED EVERYTHING ABOUT HOW I CODE FOREVER AND EVER";

describe("fitText", () => {
  it("fits a long headline whole by breaking lines and shrinking while it stays legible", async () => {
    const faces = [await fonts.face("anton")];
    const fitted = fitText(headline, faces, { ...options, minSize: 40 });
    expect(fitted.lines.join(" ")).toBe(headline);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.size).toBeGreaterThanOrEqual(40);
  });

  it("shortens at a word boundary with an ellipsis only when even that is below the legible size", async () => {
    const faces = [await fonts.face("anton")];
    const fitted = fitText(headline, faces, { ...options, box: { x: 0, y: 0, w: 600, h: 200 } });
    const text = fitted.lines.join(" ");
    expect(text.endsWith("…")).toBe(true);
    expect(headline.startsWith(text.slice(0, -1))).toBe(true);
    expect(headline.split(" ")).toContain(text.slice(0, -1).split(" ").at(-1));
    expect(fitted.size).toBeGreaterThanOrEqual(70);
  });

  it("moves the ellipsis back one whole word at a time and drops trailing punctuation", () => {
    expect(shorten(["I", "QUIT,", "MY", "JOB"])).toEqual(["I", "QUIT,", "MY…"]);
    expect(shorten(["I", "QUIT,", "MY…"])).toEqual(["I", "QUIT…"]);
  });

  it("never ends a cut on a joining word or on a figure cut from its unit", () => {
    expect(shorten(["SURVIVING", "100", "DAYS", "FOR", "THE", "WEEK"])).toEqual(["SURVIVING", "100", "DAYS…"]);
    expect(shorten(["I", "LOST", "10", "KG"])).toEqual(["I", "LOST…"]);
    expect(shorten(["ICH", "HABE", "10", "000", "€"])).toEqual(["ICH", "HABE…"]);
    expect(shorten(["MY", "$50,000", "DEBT"])).toEqual(["MY", "$50,000…"]);
    expect(shorten(["东", "京", "3", "0", "天"])).toEqual(["东", "京…"]);
  });
});
