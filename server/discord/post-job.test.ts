import { describe, expect, it } from "vitest";
import { discordPostJob } from "./post-job.ts";

const target = { applicationId: "333333333333333333", interactionToken: "t", channelId: null, discordUserId: "111111111111111111" };
const userId = "6f1c1f9e-8a4a-4f4b-9b1e-2a4f1f0c1d2e";
const imageId = "7f1c1f9e-8a4a-4f4b-9b1e-2a4f1f0c1d2e";

describe("the discord-post job's payload", () => {
  it("reads a post queued before packs as one public thumbnail", () => {
    expect(discordPostJob.payload.parse({ imageId, userId, language: "en", target })).toEqual({ imageIds: [imageId], userId, language: "en", kind: "thumbnail", public: true, target });
  });

  it("takes up to three images, and says whether the post is public", () => {
    const ids = [imageId, userId, "8f1c1f9e-8a4a-4f4b-9b1e-2a4f1f0c1d2e"];
    expect(discordPostJob.payload.parse({ imageIds: ids, userId, language: "ja", kind: "pack", public: false, target })).toMatchObject({ imageIds: ids, kind: "pack", public: false });
    expect(() => discordPostJob.payload.parse({ imageIds: [...ids, imageId], userId, language: "ja", kind: "pack", public: false, target })).toThrow();
    expect(() => discordPostJob.payload.parse({ imageIds: [], userId, language: "en", public: true, target })).toThrow();
  });
});
