import { getErrorMessage } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages.ts";
import { AppError } from "../../errors/app-error.ts";
import { codedToolError } from "../tools/coded-error.ts";
import { closingReply } from "./closing.ts";
import { videoFrameLead } from "./offline-assistant.ts";
import { renderReply } from "./replies.ts";

// What the chat says after its video tools answered: told from the error's code and the images' states, never a
// frame's failure for a headline's, nor a failure for a frame still being cut.

const failedWith = (toolName: string, error: AppError) => closingReply({ toolName, output: { type: "error-text", value: getErrorMessage(codedToolError(error)) } });

const frame = {
  id: "00000000-0000-4000-8000-000000000001",
  kind: "upload",
  status: "pending",
  prompt: null,
  style: null,
  aspect: "16:9",
  model: "studio",
  width: null,
  height: null,
  creditsSpent: 0,
  error: null,
  errorCode: null,
  parentId: null,
  packId: null,
  personaIds: [],
  createdAt: "2026-11-27T00:00:00.000Z",
  urls: null,
};
const video = { id: "00000000-0000-4000-8000-000000000002", name: "trip.mp4", durationMs: 70_000 };

describe("what the chat says about the video tools", () => {
  it("says the transcription model is not answering, not that a frame failed, in every language", () => {
    const reply = failedWith("videoHeadlines", new AppError("unavailable:transcription", "The transcription model is not answering. Try again in a minute."));
    expect(reply).toEqual({ kind: "video-error", problem: "hearing-busy" });
    expect(renderReply(reply, "en", 0)).toContain("The transcription model isn't answering right now");
    const other = failedWith("videoHeadlines", new AppError("internal:unexpected", "Something went wrong on our side."));
    for (const language of languages) {
      expect(renderReply(reply, language, 0)).not.toBe(renderReply(failedWith("videoFrame", new AppError("internal:unexpected", "x")), language, 0));
      expect(renderReply(other, language, 0)).not.toBe(renderReply(failedWith("videoFrame", new AppError("internal:unexpected", "x")), language, 0));
    }
  });

  it("says a deleted video is gone and how to upload it again, apart from having no video at all", () => {
    const gone = failedWith("videoFrame", new AppError("not_found:video", "That video does not exist or has expired."));
    const none = failedWith("videoFrame", new AppError("not_found:video_none", "You have no video here yet."));
    expect(gone).toEqual({ kind: "video-error", problem: "gone" });
    expect(none).toEqual({ kind: "video-error", problem: "no-video" });
    expect(renderReply(gone, "en", 0)).toMatch(/That video is gone.*Upload it again on the From video screen/);
    expect(failedWith("videoHeadlines", new AppError("not_found:video", "That video does not exist or has expired."))).toEqual({ kind: "video-error", problem: "gone" });
    for (const language of languages) expect(renderReply(gone, language, 0)).not.toBe(renderReply(none, language, 0));
  });

  it("reads the code, not the words: a message that reads like another failure is told by its code", () => {
    expect(failedWith("videoFrame", new AppError("invalid:video_moment", "I'm still finding the best frames"))).toEqual({ kind: "video-error", problem: "moment" });
    expect(failedWith("videoFrame", new AppError("conflict:video_analysing", "no video here"))).toEqual({ kind: "video-error", problem: "still-finding" });
    expect(closingReply({ toolName: "videoFrame", output: { type: "error-text", value: "You have no video here yet." } })).toEqual({ kind: "video-error", problem: "other" });
  });

  it("says a frame still being cut will show up, instead of saying it failed", () => {
    const reply = closingReply({ toolName: "videoFrame", output: { type: "json", value: { images: [frame], creditsSpent: 0, creditsLeft: 5, video, frames: [{ imageId: frame.id, timeMs: 65_000, rank: null, reasons: [] }] } } });
    expect(reply).toMatchObject({ kind: "video-frames", taken: { ready: 0, pending: 1, failed: 0 } });
    expect(renderReply(reply, "en", 0)).toContain("still being cut out of the video");
    const failed = closingReply({ toolName: "videoFrame", output: { type: "json", value: { images: [{ ...frame, status: "failed" }], creditsSpent: 0, creditsLeft: 5, video, frames: [{ imageId: frame.id, timeMs: 65_000, rank: null, reasons: [] }] } } });
    for (const language of languages) expect(renderReply(reply, language, 0)).not.toBe(renderReply(failed, language, 0));
  });

  it("announces a rank of the best frames as that rank", () => {
    expect(renderReply(videoFrameLead({ moment: 3 }), "en", 0)).toBe("Taking the 3rd best frame of your video.");
    expect(renderReply(videoFrameLead({ moment: 1 }), "en", 0)).toMatch(/the best (frame|moment) of your video/);
    expect(renderReply({ kind: "lead-video", lead: { moment: "rank", rank: 2 } }, "en", 0)).toBe("Taking the 2nd best frame of your video.");
    for (const language of languages) expect(renderReply({ kind: "lead-video", lead: { moment: "rank", rank: 3 } }, language, 0)).toContain("3");
  });
});
