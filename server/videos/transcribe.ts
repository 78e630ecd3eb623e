import { randomBytes } from "node:crypto";
import { z } from "zod/mini";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";

/**
 * What is said in a stretch of a video (docs/product/videos.md, In the chat): an OpenAI-compatible
 * `POST {base}/audio/transcriptions` (multipart: `file`, `model`; answer `{ text }`), which OpenAI, Groq and local
 * Whisper servers all speak. Unconfigured, every call answers `not_configured:transcription`; any failure of the
 * model (refused, slow, too large, not JSON) is `unavailable:transcription`, its details logged, never shown.
 */
export interface TranscriptionSettings {
  /** Unset with a key: OpenAI's own endpoint. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
}

export interface Transcriber {
  /** False when neither a base URL nor a key is set. */
  readonly available: boolean;
  /** The words spoken in a WAV clip, trimmed (empty when nothing is said). */
  transcribe(wav: Buffer, signal: AbortSignal): Promise<string>;
}

const OPENAI_BASE_URL = "https://api.openai.com/v1";
/** A clip of half a minute transcribes in seconds; a model that takes longer is treated as down. */
export const TRANSCRIPTION_TIMEOUT_MS = 60_000;
/** The answer's largest size: half a minute of speech is a few hundred bytes of text, so this is far above any real one. */
export const TRANSCRIPTION_MAX_ANSWER_BYTES = 256 * 1024;
/** The longest transcript kept: what a headline is made from needs no more. */
export const TRANSCRIPT_MAX_CHARS = 4000;

const answerSchema = z.object({ text: z.string() });

export function createTranscriber(settings: TranscriptionSettings, logger: Pick<Logger, "warn">): Transcriber {
  const available = settings.baseUrl !== undefined || settings.apiKey !== undefined;
  const endpoint = `${(settings.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/u, "")}/audio/transcriptions`;

  const unavailable = (detail: string, cause?: unknown): AppError => {
    logger.warn({ err: cause, detail }, "transcription failed");
    return new AppError("unavailable:transcription", "The transcription model is not answering. Try again in a minute.");
  };

  return {
    available,
    async transcribe(wav, signal) {
      if (!available) throw new AppError("not_configured:transcription", "This server has no transcription model, so it cannot tell what is said in a video.");
      const { body: form, contentType } = multipart(wav, settings.model);
      const timeout = AbortSignal.timeout(TRANSCRIPTION_TIMEOUT_MS);
      // Ends the download of an answer over the cap (cancelling undici's body stream mid-read throws asynchronously).
      const tooLarge = new AbortController();
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          body: new Uint8Array(form),
          headers: { "content-type": contentType, ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          signal: AbortSignal.any([signal, timeout, tooLarge.signal]),
          redirect: "error",
        });
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        throw unavailable("request failed", err);
      }
      let body: string;
      try {
        body = await readCapped(response, TRANSCRIPTION_MAX_ANSWER_BYTES, tooLarge);
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        throw unavailable("answer unreadable or too large", err);
      }
      if (!response.ok) throw unavailable(`answered ${response.status}: ${body.slice(0, 200)}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch (err) {
        throw unavailable("answer is not JSON", err);
      }
      const answer = answerSchema.safeParse(parsed);
      if (!answer.success) throw unavailable("answer has no text");
      return answer.data.text.replace(/\s+/gu, " ").trim().slice(0, TRANSCRIPT_MAX_CHARS);
    },
  };
}

/**
 * The form as one buffer: undici streams a FormData body, and an abort in the middle of that stream throws outside
 * any caller (an unhandled "ReadableStream is already closed").
 */
function multipart(wav: Buffer, model: string): { body: Buffer; contentType: string } {
  const boundary = `----thumbforge-${randomBytes(12).toString("hex")}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field("model", model) + field("response_format", "json")),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
    wav,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body as text, stopped past `maxBytes` whatever Content-Length claimed. */
async function readCapped(response: Response, maxBytes: number, stop: AbortController): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    stop.abort();
    throw new Error(`answer of ${declared} bytes is over ${maxBytes}`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      stop.abort();
      throw new Error(`answer is over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
