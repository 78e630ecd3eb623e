import { describe, expect, it } from "vitest";
import { MAX_IMAGES_PER_MESSAGE } from "../../../contract/chat.ts";
import { messageCost, messageQuote } from "./cost.ts";

describe("message cost", () => {
  it("reads how many images a message asks for in each language, one by default, never past the limit", () => {
    expect(messageCost(1, "A chef in a kitchen", "en")).toBe(1);
    expect(messageCost(1, "Make 3 thumbnails of a cat", "en")).toBe(3);
    expect(messageCost(1, "two variations please", "en")).toBe(2);
    expect(messageCost(1, "haz tres miniaturas de un gato", "es")).toBe(3);
    expect(messageCost(1, "deux variations du titre", "fr")).toBe(2);
    expect(messageCost(1, "vier Varianten bitte", "de")).toBe(4);
    expect(messageCost(1, "做三张缩略图", "zh")).toBe(3);
    expect(messageCost(1, "サムネイルを2枚作って", "ja")).toBe(2);
    expect(messageCost(1, "2枚目を変えて", "ja")).toBe(1);
    expect(messageCost(1, "20 images", "en")).toBe(MAX_IMAGES_PER_MESSAGE);
  });

  it("counts an A/B pack as three images in every language, whatever else the message counts", () => {
    expect(messageCost(1, "give me three versions of 'I tried 100 days of coding'", "en")).toBe(3);
    expect(messageCost(4, "an A/B pack for my cooking video", "en")).toBe(12);
    expect(messageCost(1, "thumbnails for Test & Compare", "en")).toBe(3);
    expect(messageCost(1, "dame tres versiones de mi vlog", "es")).toBe(3);
    expect(messageCost(1, "donne-moi trois versions", "fr")).toBe(3);
    expect(messageCost(1, "gib mir drei Versionen", "de")).toBe(3);
    expect(messageCost(1, "给我三个版本", "zh")).toBe(3);
    expect(messageCost(1, "3パターン作って", "ja")).toBe(3);
    expect(messageCost(1, "A/B pack of 4 thumbnails", "en")).toBe(3);
    // Counted variations that are no pack keep their count.
    expect(messageCost(1, "make two versions of a castle", "en")).toBe(2);
  });

  it("is the model's price per image times the count", () => {
    expect(messageCost(6, "two? no: 2 images", "en")).toBe(12);
    expect(messageCost(6, "3 images please", "es")).toBe(18);
  });

  it("may be free for one edit of a Studio image (its headline alone), never for several images, a pack or another image", () => {
    expect(messageQuote(1, "make the headline yellow", "en", { laidOutByStudio: true })).toEqual({ cost: 1, headlineFree: true });
    expect(messageQuote(1, "two more versions", "en", { laidOutByStudio: true })).toEqual({ cost: 2, headlineFree: false });
    expect(messageQuote(1, "give me three versions", "en", { laidOutByStudio: true })).toEqual({ cost: 3, headlineFree: false });
    expect(messageQuote(6, "make the headline yellow", "en", { laidOutByStudio: false })).toEqual({ cost: 6, headlineFree: false });
  });
});
