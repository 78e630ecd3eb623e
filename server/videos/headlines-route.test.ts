import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import type { SubjectExtractor } from "../subjects/engine.ts";
import { videoHeadlinesPath, videoHeadlinesResponseSchema } from "../../contract/videos.ts";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createTestVideos, testFfmpeg } from "../testing/test-videos.ts";
import { uploadVideo } from "../testing/upload-video.ts";
import { type RecordedRequest, sendJson, startWireServer, type WireServer } from "../testing/wire-server.ts";

// POST /api/videos/:id/headlines on a real server with a real uploaded video, the transcription model a local
// stand-in speaking OpenAI's /audio/transcriptions.

const videos = createTestVideos();
// The frame finder runs behind these uploads and asks the subject model about its candidates; these tests are about
// the sound, so the model finds no subject rather than running ISNet on the CPU (as server/videos/videos.test.ts does).
const noSubject: SubjectExtractor = {
  extract: async () => {
    throw new AppError("invalid:no_subject", "No clear subject.");
  },
  warmUp: async () => {},
  close: async () => {},
};
const deps = { subjectExtractor: noSubject };
let whisper: WireServer;
let server: TestServer;
let offline: TestServer;

beforeAll(async () => {
  whisper = await startWireServer((_request, res) => sendJson(res, 200, { text: "Today I tried coding for 100 days straight. The first week was the worst week of my life!" }));
  [server, offline] = await Promise.all([
    startTestServer({ env: { TRANSCRIPTION_BASE_URL: `${whisper.url}/v1`, TRANSCRIPTION_API_KEY: "sk-whisper", TRANSCRIPTION_MODEL: "whisper-local" }, deps }),
    startTestServer({ deps }),
  ]);
});
afterAll(async () => {
  videos.cleanup();
  await Promise.all([server?.close(), offline?.close(), whisper?.close()]);
});

function askHeadlines(on: TestServer, token: string, id: string, body: unknown): Promise<Response> {
  return fetch(`${on.url}${videoHeadlinesPath(id)}`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(token) }, body: JSON.stringify(body) });
}

/** The multipart body the stand-in received, read as the form it is. */
function formOf(request: RecordedRequest): Promise<FormData> {
  return new Request("http://stand-in/", { method: "POST", headers: { "content-type": String(request.headers["content-type"]) }, body: new Uint8Array(request.body) }).formData();
}

describe.skipIf(!testFfmpeg)("POST /api/videos/:id/headlines", () => {
  it("sends the sound around the moment as 16 kHz WAV and answers the transcript with headlines from it", async () => {
    const { sessionToken } = await signInByCode(server, "headlines@example.com");
    const video = await uploadVideo(server, sessionToken, await videos.video({ audio: true, durationS: 6 }));
    const res = await askHeadlines(server, sessionToken, video.id, { timeMs: 3000 });
    expect(res.status).toBe(200);
    expect(videoHeadlinesResponseSchema.parse(await res.json())).toEqual({
      transcript: "Today I tried coding for 100 days straight. The first week was the worst week of my life!",
      headlines: ["Today I tried coding for 100 days", "The first week was the worst week"],
    });

    const request = whisper.requests.at(-1) as RecordedRequest;
    expect(request.path).toBe("/v1/audio/transcriptions");
    expect(request.headers.authorization).toBe("Bearer sk-whisper");
    const form = await formOf(request);
    expect(form.get("model")).toBe("whisper-local");
    const wav = Buffer.from(await (form.get("file") as Blob).arrayBuffer());
    expect(wav.subarray(0, 4).toString()).toBe("RIFF");
    expect(wav.subarray(8, 12).toString()).toBe("WAVE");
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16_000);
    // The whole six seconds lie within 15 s of the moment: about 6 s of 16-bit samples.
    expect(wav.length).toBeGreaterThan(5 * 16_000 * 2);
    expect(wav.length).toBeLessThan(7 * 16_000 * 2);
  });

  it("answers an empty transcript for a video without sound, without calling the model", async () => {
    const { sessionToken } = await signInByCode(server, "silent@example.com");
    const video = await uploadVideo(server, sessionToken, await videos.video({ durationS: 3 }));
    const before = whisper.requests.length;
    const res = await askHeadlines(server, sessionToken, video.id, { timeMs: 1000 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ transcript: "", headlines: [] });
    expect(whisper.requests.length).toBe(before);
  });

  it("refuses someone else's video, a bad body, and answers not_configured:transcription without a model", async () => {
    const owner = await signInByCode(server, "owner-headlines@example.com");
    const stranger = await signInByCode(server, "stranger-headlines@example.com");
    const video = await uploadVideo(server, owner.sessionToken, await videos.video({ audio: true, durationS: 6 }));
    const before = whisper.requests.length;
    const theirs = await askHeadlines(server, stranger.sessionToken, video.id, { timeMs: 1000 });
    expect([theirs.status, ((await theirs.json()) as { code: string }).code]).toEqual([404, "not_found:video"]);
    const bad = await askHeadlines(server, owner.sessionToken, video.id, { timeMs: -5 });
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, "invalid:body"]);
    expect(whisper.requests.length).toBe(before);

    const { sessionToken } = await signInByCode(offline, "no-model@example.com");
    const own = await uploadVideo(offline, sessionToken, await videos.video({ audio: true, durationS: 6 }));
    const res = await askHeadlines(offline, sessionToken, own.id, { timeMs: 1000 });
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe("not_configured:transcription");
    expect(res.status).toBe(409);
  });

  it("answers unavailable:transcription when the model fails, with nothing of its answer in the message", async () => {
    const failing = await startWireServer((_request, res) => sendJson(res, 500, { error: { message: "CUDA out of memory at /srv/whisper" } }));
    const broken = await startTestServer({ env: { TRANSCRIPTION_BASE_URL: failing.url }, deps });
    try {
      const { sessionToken } = await signInByCode(broken, "broken@example.com");
      const video = await uploadVideo(broken, sessionToken, await videos.video({ audio: true, durationS: 6 }));
      const res = await askHeadlines(broken, sessionToken, video.id, { timeMs: 2000 });
      const body = (await res.json()) as { code: string; error: string };
      expect(res.status).toBe(503);
      expect(body.code).toBe("unavailable:transcription");
      expect(body.error).not.toMatch(/CUDA|srv|500/);
    } finally {
      await broken.close();
      await failing.close();
    }
  });
});
