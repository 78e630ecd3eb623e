import { DetailedError } from "tus-js-client";
import { describe, expect, it } from "vitest";
import { checkVideoFile, firstVideoFile, uploadErrorOf, VIDEO_MAX_BYTES_DEFAULT, videoIdFromUploadUrl } from "./video-upload.ts";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("checkVideoFile", () => {
  it("takes the four containers by type, and by name when the browser gives no type (MKV)", () => {
    expect(checkVideoFile(file("a.mp4", "video/mp4"))).toBeUndefined();
    expect(checkVideoFile(file("a.mov", "video/quicktime"))).toBeUndefined();
    expect(checkVideoFile(file("a.webm", "video/webm"))).toBeUndefined();
    expect(checkVideoFile(file("a.mkv", ""))).toBeUndefined();
    expect(checkVideoFile(file("A.MKV", "video/x-matroska"))).toBeUndefined();
  });

  it("refuses other files, empty ones and ones above the limit", () => {
    expect(checkVideoFile(file("notes.txt", "text/plain"))).toBe("type");
    expect(checkVideoFile(file("clip.avi", "video/x-msvideo"))).toBe("type");
    expect(checkVideoFile(file("fake.mp4", "image/png"))).toBe("type");
    expect(checkVideoFile(file("a.mp4", "video/mp4", 0))).toBe("empty");
    expect(checkVideoFile(file("a.mp4", "video/mp4", VIDEO_MAX_BYTES_DEFAULT + 1))).toBe("too_large");
  });

  it("picks the video among several dropped files", () => {
    const picked = firstVideoFile([new File(["x"], "cover.png", { type: "image/png" }), new File(["x"], "talk.mkv")]);
    expect(picked?.name).toBe("talk.mkv");
  });
});

describe("a refused upload", () => {
  function refusal(status: number, body: string) {
    const response = { getStatus: () => status, getBody: () => body, getHeader: () => undefined, getUnderlyingObject: () => null };
    const err = new DetailedError("refused");
    err.originalResponse = response;
    return err;
  }

  it("carries the server's code for a translated sentence", () => {
    const err = uploadErrorOf(refusal(413, JSON.stringify({ error: "Too large", code: "payload_too_large:video_quota" })));
    expect(err.code).toBe("payload_too_large:video_quota");
    expect(err.status).toBe(413);
  });

  it("has no code when the body is not the API's (a proxy's page) or there was no answer", () => {
    expect(uploadErrorOf(refusal(502, "<html>Bad gateway</html>")).code).toBeUndefined();
    expect(uploadErrorOf(new Error("network")).code).toBeUndefined();
  });
});

describe("videoIdFromUploadUrl", () => {
  it("reads the video's id from the upload URL", () => {
    expect(videoIdFromUploadUrl("http://localhost/api/videos/uploads/5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f")).toBe("5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f");
    expect(videoIdFromUploadUrl("http://localhost/api/videos/uploads/nope")).toBeUndefined();
    expect(videoIdFromUploadUrl(null)).toBeUndefined();
  });
});
