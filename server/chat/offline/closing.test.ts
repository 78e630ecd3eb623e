import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages.ts";
import { closingReply } from "./closing.ts";
import { renderReply } from "./replies.ts";

const failedSwap = {
  id: "00000000-0000-4000-8000-000000000001",
  kind: "subject-replaced",
  status: "failed",
  prompt: null,
  style: null,
  aspect: "16:9",
  model: "studio",
  width: null,
  height: null,
  creditsSpent: 1,
  error: "There is no one clear person in that image to swap.",
  errorCode: "unprocessable:swap_subject",
  parentId: null,
  packId: null,
  personaIds: [],
  createdAt: "2026-11-27T00:00:00.000Z",
  urls: null,
};

describe("closingReply", () => {
  it("says why a swap failed and what to try instead, in every language", () => {
    const reply = closingReply({ toolName: "replaceSubject", output: { type: "json", value: { images: [failedSwap], creditsSpent: 1, creditsLeft: 9, creditsRefunded: 1 } } });
    expect(reply).toMatchObject({ kind: "images", summary: { failed: 1, artProblem: "no-subject" } });
    expect(renderReply(reply, "en", 0)).toMatch(/clear person/);
    expect(renderReply(reply, "en", 0)).toContain("Studio thumbnails");
    for (const language of languages) expect(renderReply(reply, language, 1)).toContain("Studio");
  });
});
