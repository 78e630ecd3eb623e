import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Video } from "../../contract/videos.ts";
import { images } from "../../db/schema/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { SubjectExtractor } from "../subjects/engine.ts";
import { videos as videoRows } from "../../db/schema/videos.ts";
import { newConversation, postChat, readChatStream, saidIn, toolResults } from "../testing/chat-stream.ts";
import { endEarlyBird, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createTestVideos, frameIndexOf, testFfmpeg } from "../testing/test-videos.ts";
import { uploadVideo, videoWhen } from "../testing/upload-video.ts";
import { sendJson, startWireServer } from "../testing/wire-server.ts";

// The offline assistant working from a real uploaded video: what it says must match what it did. The test video
// marks each frame with its own index (2 frames a second), so a frame image tells which moment it came from.

const FPS = 2;
const videos = createTestVideos();
let server: TestServer;
let token: string;
let userId: string;

// The frame finder asks the subject model about its candidates: ISNet on this CPU takes seconds a frame, and what a
// frame shows is not what these tests are about, so it finds no subject (as server/videos/videos.test.ts does).
const noSubject: SubjectExtractor = {
  extract: async () => {
    throw new AppError("invalid:no_subject", "No clear subject.");
  },
  warmUp: async () => {},
  close: async () => {},
};

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "30" }, deps: { subjectExtractor: noSubject } });
  await endEarlyBird(server);
  ({ sessionToken: token, user: { id: userId } } = await signInByCode(server, "video-chat@example.com"));
});
afterAll(async () => {
  videos.cleanup();
  await server?.close();
});

interface ToolResult {
  toolName: string;
  output?: { images: { id: string; status: string }[]; frames?: { imageId: string; timeMs: number }[]; transcript?: string; headlines?: string[] };
  errorText?: string;
}

async function ask(conversationId: string, words: string, extra: { language?: string; videoId?: string } = {}, on = { server, token }) {
  const res = await postChat(on.server, tokenHeaders(on.token), conversationId, words, extra);
  const chunks = await readChatStream(res);
  return { status: res.status, text: saidIn(chunks), tools: toolResults<ToolResult["output"]>(chunks) };
}

const conversation = (on = { server, token }): Promise<string> => newConversation(on.server, tokenHeaders(on.token));

const rowsOf = (ids: string[]) => server.database.db.select().from(images).where(inArray(images.id, ids));
const frameOf = async (imageId: string) => frameIndexOf(await server.services.images.originalBytes(userId, imageId));

describe.skipIf(!testFfmpeg)("the offline assistant and the user's video", () => {
  let video: Video;

  it("says plainly that there is no video yet, and makes nothing", async () => {
    const id = await conversation();
    const answer = await ask(id, "make a thumbnail from the best moment of my video");
    expect(answer.status).toBe(200);
    expect(answer.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoFrame", true]]);
    expect(answer.text).toMatch(/no video here yet.*Upload one on the From video screen/);
    expect(await server.database.db.select().from(images).where(eq(images.userId, userId))).toEqual([]);
  });

  it("makes the thumbnail from the frame at 1:05, and says so", async () => {
    const file = await videos.video({ width: 640, height: 360, fps: FPS, durationS: 70, marker: true });
    video = await videoWhen(server, token, (await uploadVideo(server, token, file)).id, (v) => v.status === "ready", 120_000);
    const id = await conversation();
    const answer = await ask(id, "use the frame at 1:05");
    expect(answer.tools.map((t) => t.toolName)).toEqual(["videoFrame", "generateThumbnail"]);
    const [taken, made] = answer.tools as [ToolResult, ToolResult];
    const frameId = taken.output?.images[0]?.id ?? "";
    expect(taken.output?.frames?.[0]).toMatchObject({ imageId: frameId, timeMs: 65_000 });
    expect(Math.abs((await frameOf(frameId)) - 65 * FPS)).toBeLessThanOrEqual(1);
    // The thumbnail started from that frame, and the answer names the moment.
    expect(made.output?.images.map((i) => i.status)).toEqual(["ready"]);
    const [row] = await rowsOf([made.output?.images[0]?.id ?? ""]);
    expect(row?.baseImageId).toBe(frameId);
    expect(answer.text).toContain("1:05");
    // The words were about the video, not a headline; the file's name ("v0.mp4") reads as none, so the hook is generic.
    expect(row?.prompt).toContain('"WATCH THIS"');
  });

  it("makes an A/B pack from three different moments: three different base images, each from its own frame", async () => {
    const id = await conversation();
    const answer = await ask(id, "three versions from different moments");
    expect(answer.tools.map((t) => t.toolName), `${answer.text} ${JSON.stringify(answer.tools)}`).toEqual(["videoFrame", "generatePack"]);
    const [taken, pack] = answer.tools as [ToolResult, ToolResult];
    const frames = taken.output?.frames ?? [];
    expect(frames).toHaveLength(3);
    expect(new Set(frames.map((f) => f.timeMs)).size).toBe(3);
    // The best frames first; this one long shot has fewer than three, so the rest come from moments spread across it.
    expect(frames.slice(0, video.frames.length).map((f) => f.timeMs)).toEqual(video.frames.slice(0, 3).map((f) => f.timeMs));
    const rows = await rowsOf(pack.output?.images.map((i) => i.id) ?? []);
    const bases = rows.sort((a, b) => (a.packVariant ?? 0) - (b.packVariant ?? 0)).map((r) => r.baseImageId);
    expect(bases).toEqual(frames.map((f) => f.imageId));
    expect(new Set(bases).size).toBe(3);
    const indexes = await Promise.all(frames.map((f) => frameOf(f.imageId)));
    expect(new Set(indexes).size).toBe(3);
    frames.forEach((f, i) => expect(Math.abs((indexes[i] ?? -9) - (f.timeMs / 1000) * FPS)).toBeLessThanOrEqual(1));
  });

  it("takes the best frame for \"use my video\", in Spanish when asked in Spanish", async () => {
    const id = await conversation();
    const answer = await ask(id, "haz una miniatura del mejor momento de mi video", { language: "es" });
    expect(answer.tools.map((t) => t.toolName)).toEqual(["videoFrame", "generateThumbnail"]);
    expect(answer.tools[0]?.output?.frames?.[0]?.timeMs).toBe(video.frames[0]?.timeMs);
    expect(answer.text).toMatch(/fotograma/);
    expect(answer.text).not.toMatch(/\b(the|your|here|frame)\b/i);
  });

  it("takes the frame from the video the message came with, and keeps it on the message", async () => {
    const other = await videoWhen(server, token, (await uploadVideo(server, token, await videos.video({ width: 320, height: 180, fps: FPS, durationS: 10, marker: true }))).id, (v) => v.probe !== null);
    const id = await conversation();
    const answer = await ask(id, "use the frame at 0:04", { videoId: other.id });
    const [taken] = answer.tools;
    expect(taken?.output?.frames?.[0]?.timeMs).toBe(4000);
    // Only the short video has this picture size.
    const frame = await server.services.images.record(userId, taken?.output?.images[0]?.id ?? "");
    expect([frame.width, frame.height]).toEqual([320, 180 + 16]);
    const stored = await fetch(`${server.url}/api/conversations/${id}/messages`, { headers: tokenHeaders(token) });
    const { messages } = (await stored.json()) as { messages: { role: string; parts: unknown[] }[] };
    expect(messages[0]?.parts).toContainEqual({ type: "data-video", data: { videoId: other.id } });
  });

  it("says its frames are still being found, or that finding them stopped, and still takes a frame at a time", async () => {
    const other = await videoWhen(server, token, (await uploadVideo(server, token, await videos.video({ width: 320, height: 180, fps: FPS, durationS: 12, marker: true }))).id, (v) => v.status === "ready");
    // The states a video passes through, set on its row: the frame finder's own speed decides nothing here.
    await server.database.db.update(videoRows).set({ status: "analysing", frames: [] }).where(eq(videoRows.id, other.id));
    const before = (await server.database.db.select().from(images).where(eq(images.userId, userId))).length;
    const busy = await ask(await conversation(), "make a thumbnail from the best moment of my video", { videoId: other.id });
    expect(busy.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoFrame", true]]);
    expect(busy.text).toContain("I'm still finding the best frames of your video.");
    await server.database.db.update(videoRows).set({ status: "cancelled" }).where(eq(videoRows.id, other.id));
    const stopped = await ask(await conversation(), "use my video", { videoId: other.id });
    expect(stopped.text).toContain("Finding the best frames of that video stopped.");
    expect(await server.database.db.select().from(images).where(eq(images.userId, userId))).toHaveLength(before);
    const timed = await ask(await conversation(), "use the frame at 0:06", { videoId: other.id });
    expect(timed.tools.map((t) => t.toolName)).toEqual(["videoFrame", "generateThumbnail"]);
    expect(Math.abs((await frameOf(timed.tools[0]?.output?.images[0]?.id ?? "")) - 6 * FPS)).toBeLessThanOrEqual(1);
  });

  it("takes three moments spread across a ready video that has no best frames", async () => {
    const plain = await videoWhen(server, token, (await uploadVideo(server, token, await videos.video({ width: 320, height: 180, fps: FPS, durationS: 12, marker: true }))).id, (v) => v.status === "ready");
    // Nothing stood out in it: the finder kept no best frame.
    await server.database.db.update(videoRows).set({ frames: [] }).where(eq(videoRows.id, plain.id));
    const three = await ask(await conversation(), "three versions from different moments", { videoId: plain.id });
    expect(three.text).not.toMatch(/That moment isn't in your video/);
    const taken = three.tools[0]?.output?.frames ?? [];
    expect(taken.map((frame) => frame.timeMs)).toEqual([3000, 6000, 9000]);
  });

  it("says a moment past the end is not in the video, and makes nothing", async () => {
    const id = await conversation();
    const before = (await server.database.db.select().from(images).where(eq(images.userId, userId))).length;
    const answer = await ask(id, "use the frame at 9:59");
    expect(answer.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoFrame", true]]);
    expect(answer.text).toMatch(/That moment isn't in your video/);
    expect(await server.database.db.select().from(images).where(eq(images.userId, userId))).toHaveLength(before);
  });
});

describe.skipIf(!testFfmpeg)("a video deleted since the message named it", () => {
  it("says the video is gone and how to upload it again, and makes nothing", async () => {
    const gone = await videoWhen(server, token, (await uploadVideo(server, token, await videos.video({ width: 320, height: 180, fps: FPS, durationS: 6, marker: true }))).id, (v) => v.status === "ready");
    const deleted = await fetch(`${server.url}/api/videos/${gone.id}`, { method: "DELETE", headers: tokenHeaders(token) });
    expect(deleted.status).toBeLessThan(300);
    const answer = await ask(await conversation(), "use the frame at 0:02", { videoId: gone.id });
    expect(answer.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoFrame", true]]);
    expect(answer.text).toMatch(/That video is gone.*Upload it again on the From video screen/);
  });
});

describe.skipIf(!testFfmpeg)("what is said in the video, in the chat", () => {
  it("says plainly that this server cannot tell what is said without a transcription model", async () => {
    const id = await conversation();
    const answer = await ask(id, "what do I say at 0:03?");
    expect(answer.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoHeadlines", true]]);
    expect(answer.text).toContain("This server has no transcription model");
  });

  it("quotes what is said at the moment and proposes headlines from it", async () => {
    const whisper = await startWireServer((_request, res) => sendJson(res, 200, { text: "I tried coding for 100 days. It was the worst week ever!" }));
    const listening = await startTestServer({ env: { TRANSCRIPTION_BASE_URL: whisper.url }, deps: { subjectExtractor: noSubject } });
    try {
      const { sessionToken } = await signInByCode(listening, "spoken@example.com");
      const on = { server: listening, token: sessionToken };
      await uploadVideo(listening, sessionToken, await videos.video({ audio: true, durationS: 10 }));
      const answer = await ask(await conversation(on), "what do I say at 0:05?", {}, on);
      expect(answer.tools.map((t) => t.toolName)).toEqual(["videoHeadlines"]);
      expect(answer.tools[0]?.output).toMatchObject({ timeMs: 5000, transcript: "I tried coding for 100 days. It was the worst week ever!", headlines: ["I tried coding for 100 days", "It was the worst week ever!"] });
      expect(answer.text).toContain("Around 0:05 you say: “I tried coding for 100 days. It was the worst week ever!”");
      expect(answer.text).toContain("Headlines from it: “I tried coding for 100 days” and “It was the worst week ever!”");
      expect(whisper.requests).toHaveLength(1);
    } finally {
      await listening.close();
      await whisper.close();
    }
  });
});
