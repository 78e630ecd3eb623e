import { describe, expect, it } from "vitest";
import { MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import { messageCost, requestedCount } from "./cost.ts";

describe("message cost", () => {
  it("reads how many images a message asks for, one by default, never past the limit", () => {
    expect(requestedCount("A chef in a kitchen")).toBe(1);
    expect(requestedCount("Make 3 thumbnails of a cat")).toBe(3);
    expect(requestedCount("2 variations please")).toBe(2);
    expect(requestedCount("20 images")).toBe(MAX_IMAGES_PER_MESSAGE);
    expect(requestedCount("0 images")).toBe(1);
  });

  it("is the model's price per image times the count", () => {
    expect(messageCost(6, "two? no: 2 images")).toBe(12);
    expect(messageCost(1, "one")).toBe(1);
  });
});
