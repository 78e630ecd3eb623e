import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { sendJson, startWireServer, type RecordedRequest, type WireServer } from "../testing/wire-server.ts";
import { createTranscriber, TRANSCRIPTION_MAX_ANSWER_BYTES } from "./transcribe.ts";

// The transcription client against a local stand-in speaking OpenAI's /audio/transcriptions: multipart in, JSON out.

const logged: unknown[] = [];
const logger = { warn: (...args: unknown[]) => void logged.push(args) };

/** A real WAV: 16 kHz mono 16-bit PCM, a tenth of a second of a tone. */
function wav(): Buffer {
  const samples = 1600;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin(i / 5) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The multipart body the stand-in received, read as the form it is. */
async function formOf(request: RecordedRequest): Promise<FormData> {
  return new Request("http://stand-in/", { method: "POST", headers: { "content-type": String(request.headers["content-type"]) }, body: new Uint8Array(request.body) }).formData();
}

let server: WireServer;
let answer: (request: RecordedRequest, res: Parameters<Parameters<typeof startWireServer>[0]>[1]) => void = () => undefined;

beforeAll(async () => {
  server = await startWireServer((request, res) => answer(request, res));
});
afterAll(async () => server?.close());

const signal = () => new AbortController().signal;

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("the transcription client", () => {
  it("posts the WAV and the model as multipart with the key, and answers the text tidied", async () => {
    answer = (_request, res) => sendJson(res, 200, { text: "  I tried 100 days\nof coding.  " });
    const transcriber = createTranscriber({ baseUrl: `${server.url}/v1/`, apiKey: "sk-test", model: "whisper-local" }, logger);
    const clip = wav();
    expect(await transcriber.transcribe(clip, signal())).toBe("I tried 100 days of coding.");

    const request = server.requests.at(-1) as RecordedRequest;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/audio/transcriptions");
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(request);
    expect(form.get("model")).toBe("whisper-local");
    const file = form.get("file");
    expect(file).toBeInstanceOf(Blob);
    const bytes = Buffer.from(await (file as Blob).arrayBuffer());
    expect((file as Blob).type).toBe("audio/wav");
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WAVE");
    expect(bytes.equals(clip)).toBe(true);
  });

  it("sends no authorization header to a server configured without a key", async () => {
    answer = (_request, res) => sendJson(res, 200, { text: "" });
    const transcriber = createTranscriber({ baseUrl: server.url, apiKey: undefined, model: "whisper-1" }, logger);
    expect(await transcriber.transcribe(wav(), signal())).toBe("");
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("answers not_configured:transcription when neither a base URL nor a key is set, and calls nothing", async () => {
    const before = server.requests.length;
    const transcriber = createTranscriber({ baseUrl: undefined, apiKey: undefined, model: "whisper-1" }, logger);
    expect(transcriber.available).toBe(false);
    const err = await failureOf(transcriber.transcribe(wav(), signal()));
    expect(err.code).toBe("not_configured:transcription");
    expect(server.requests.length).toBe(before);
  });

  it("turns every failure of the model into unavailable:transcription, its details kept out of the message", async () => {
    const transcriber = createTranscriber({ baseUrl: server.url, apiKey: "sk-secret", model: "whisper-1" }, logger);
    const failures: ((request: RecordedRequest, res: Parameters<typeof answer>[1]) => void)[] = [
      (_r, res) => sendJson(res, 401, { error: { message: "Incorrect API key provided: sk-secret" } }),
      (_r, res) => sendJson(res, 500, { error: "internal at /srv/whisper/model.py line 12" }),
      (_r, res) => res.writeHead(200, { "content-type": "text/plain" }).end("not json at all"),
      (_r, res) => sendJson(res, 200, { transcript: "the wrong field" }),
      (_r, res) => sendJson(res, 200, { text: "x".repeat(TRANSCRIPTION_MAX_ANSWER_BYTES + 10) }),
      // Over the cap with no Content-Length: the stream is cut as it arrives.
      (_r, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`{"text":"${"y".repeat(TRANSCRIPTION_MAX_ANSWER_BYTES + 10)}"}`);
      },
      (_r, res) => res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end(),
      (_r, res) => res.destroy(),
    ];
    for (const failure of failures) {
      answer = failure;
      const err = await failureOf(transcriber.transcribe(wav(), signal()));
      expect(err.code).toBe("unavailable:transcription");
      expect(err.message).toBe("The transcription model is not answering. Try again in a minute.");
    }
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    answer = () => undefined;
    const transcriber = createTranscriber({ baseUrl: server.url, apiKey: "sk-test", model: "whisper-1" }, logger);
    const controller = new AbortController();
    const pending = transcriber.transcribe(wav(), controller.signal);
    const reason = new Error("the request ended");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
