import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personaListResponseSchema } from "../../contract/personas.ts";
import { endEarlyBird, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { testFfmpeg } from "../testing/test-videos.ts";
import { uploadVideo, videoWhen } from "../testing/upload-video.ts";
import { newConversation, postChat, readChatStream, saidIn, toolResults } from "../testing/chat-stream.ts";

// "Make @me from this frame" against a real server: a real video upload, the real frame finder and the real subject
// model (ISNet) cutting the persona out of the frame, as the persona job does for a photo. The videos are a fixture
// photo held still for two seconds: one with a person (the astronaut), one of a brick wall (no subject).

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "tf-video-persona-"));
const fixture = (name: string) => fileURLToPath(new URL(`../subjects/fixtures/${name}`, import.meta.url));
let server: TestServer;
let token: string;

/** A two-second video of one still photo (2 frames a second), scaled to `width`. */
async function stillVideo(photo: string, width: number): Promise<string> {
  if (!testFfmpeg) throw new Error("FFmpeg is not installed");
  const path = join(dir, `${photo}.mp4`);
  const filter = `scale=${width}:-2,format=yuv420p`;
  await run(testFfmpeg.ffmpeg, ["-v", "error", "-y", "-loop", "1", "-i", fixture(photo), "-t", "2", "-r", "2", "-vf", filter, "-c:v", "libx264", "-preset", "veryfast", "-movflags", "+faststart", path]);
  return path;
}

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "10" } });
  await endEarlyBird(server);
  ({ sessionToken: token } = await signInByCode(server, "video-persona@example.com"));
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ToolResult {
  toolName: string;
  output?: { persona?: { handle: string; name: string; urls: { cutout: string } }; images?: { id: string; status: string }[] };
  errorText?: string;
}

async function ask(conversationId: string, words: string, videoId: string) {
  const res = await postChat(server, tokenHeaders(token), conversationId, words, { videoId });
  const chunks = await readChatStream(res);
  return { status: res.status, text: saidIn(chunks), tools: toolResults<ToolResult["output"]>(chunks) };
}

const conversation = (): Promise<string> => newConversation(server, tokenHeaders(token));

async function personas() {
  const res = await fetch(`${server.url}/api/personas`, { headers: tokenHeaders(token) });
  return personaListResponseSchema.parse(await res.json()).personas;
}

async function readyVideo(photo: string, width: number): Promise<string> {
  const uploaded = await uploadVideo(server, token, await stillVideo(photo, width));
  return (await videoWhen(server, token, uploaded.id, (video) => video.status === "ready" || video.status === "failed", 180_000)).id;
}

describe.skipIf(!testFfmpeg)("a persona from a frame of the user's video, in the chat", () => {
  let astronautVideo: string;

  it("cuts the person out of the best frame as @me, and says how to use it", { timeout: 400_000 }, async () => {
    astronautVideo = await readyVideo("astronaut.png", 512);
    const answer = await ask(await conversation(), "make @me from this frame", astronautVideo);
    expect(answer.tools.map((t) => t.toolName), answer.text).toEqual(["videoFrame", "personaFromFrame"]);
    const made = answer.tools[1]?.output?.persona;
    expect(made).toMatchObject({ handle: "me", name: "Artist" });
    expect(answer.text).toContain("Here's @me (Artist), cut out of the frame. Free. Mention @me in your next message to use it.");
    // Saved, with a real cut-out: the subject on transparency.
    expect((await personas()).map((p) => p.handle)).toEqual(["me"]);
    const cutout = await fetch(`${server.url}${made?.urls.cutout ?? ""}`, { headers: tokenHeaders(token) });
    expect(cutout.status).toBe(200);
    const { channels, isOpaque } = await sharp(Buffer.from(await cutout.arrayBuffer())).stats();
    expect(channels).toHaveLength(4);
    expect(isOpaque).toBe(false);
  });

  it("says a taken handle plainly, offers a free one, and makes nothing", { timeout: 200_000 }, async () => {
    const answer = await ask(await conversation(), "cut me out of this frame as @me", astronautVideo);
    expect(answer.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoFrame", false], ["personaFromFrame", true]]);
    expect(answer.text).toContain("@me is already one of your personas, so I made nothing. Say another handle, such as @me-2");
    expect((await personas()).map((p) => p.handle)).toEqual(["me"]);
  });

  it("makes a persona from the frame at a time with the name it suggests, then uses @me in the next message", { timeout: 400_000 }, async () => {
    const id = await conversation();
    const answer = await ask(id, "make a persona from the frame at 0:01", astronautVideo);
    expect(answer.tools.map((t) => t.toolName), answer.text).toEqual(["videoFrame", "personaFromFrame"]);
    // No handle asked for: one made from the suggested name, free.
    expect(answer.tools[1]?.output?.persona).toMatchObject({ handle: "artist", name: "Artist" });
    const swap = await ask(id, "swap @me into this frame", astronautVideo);
    expect(swap.tools.map((t) => t.toolName), swap.text).toEqual(["videoFrame", "replaceSubject"]);
    expect(swap.tools[1]?.output?.images?.map((image) => image.status)).toEqual(["ready"]);
  });

  it("says so plainly when the frame has no subject, and saves no persona", { timeout: 400_000 }, async () => {
    const wall = await readyVideo("texture.jpg", 512);
    const before = await personas();
    const answer = await ask(await conversation(), "make @wall from this frame", wall);
    expect(answer.tools.map((t) => [t.toolName, t.output === undefined])).toEqual([["videoFrame", false], ["personaFromFrame", true]]);
    expect(answer.text).toContain("I couldn't find a person or object to cut out of that frame, so no persona was made.");
    expect(await personas()).toEqual(before);
  });
});
