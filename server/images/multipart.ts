import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { Request } from "express";
import busboy from "busboy";
import { AppError } from "../errors/app-error.ts";

/** Room for the multipart boundaries and part headers around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;
const FILE_FIELDS = new Set(["image", "file"]);

/** An uploaded file on disk. `discard` removes it; the caller owns it from here on. */
export interface ReceivedFile {
  path: string;
  size: number;
  discard(): Promise<void>;
}

const tooLarge = (maxBytes: number) =>
  new AppError("payload_too_large:upload", `Images can be at most ${Math.round(maxBytes / 1024 / 1024)} MB.`);
const unreadable = (cause: unknown) => new AppError("invalid:upload", "The upload could not be read. Please try again.", undefined, { cause });

// Control characters, path separators and bidirectional overrides: no browser sends them in a file's name, and
// an override can make "gpj.exe" read as "exe.jpg".
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const isPlainFileName = (name: string | undefined) => name === undefined || (name.length <= 255 && !UNSAFE_NAME.test(name) && name !== "." && name !== "..");

/**
 * Streams the one image of a multipart/form-data upload to a file in `tempDir`, never holding it in memory. A
 * declared size over the limit is refused before a byte is read, an undeclared one as soon as the limit is passed.
 * Every stream involved (request, parser, each part, the file) has an error path: a body cut short, a malformed
 * envelope or a full disk is a 4xx for this request only, and whatever was written is removed.
 */
export function receiveImageUpload(req: Request, options: { maxBytes: number; tempDir: string }): Promise<ReceivedFile> {
  const { maxBytes, tempDir } = options;
  if (!req.is("multipart/form-data")) {
    return Promise.reject(new AppError("unsupported_media_type:multipart", "Send the image as multipart/form-data."));
  }
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) return Promise.reject(tooLarge(maxBytes));

  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // The name as sent, decoded as UTF-8, so the check below sees every character a client put in it.
        preservePath: true,
        defParamCharset: "utf8",
        limits: { files: 1, fileSize: maxBytes, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 },
      });
    } catch (err) {
      reject(unreadable(err));
      return;
    }
    // The file name the client sent is never used: NUL, `../` or right-to-left marks in it cannot reach the disk.
    const path = join(tempDir, `${randomUUID()}.upload`);
    let out: WriteStream | undefined;
    let size = 0;
    let settled = false;
    const discard = () => rm(path, { force: true });

    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Keep listening so late errors from a torn-down stream are swallowed rather than crash the process.
      req.resume();
      // The file is removed once its handle has closed: removed earlier, a still-pending open would make it again.
      const file = out;
      const closed = new Promise<void>((resolve) => {
        if (!file || file.closed) return resolve();
        file.once("close", () => resolve());
        file.destroy();
      });
      void closed.then(discard).finally(() => reject(err));
    };
    const succeed = () => {
      if (settled) return;
      if (!out || size === 0) return fail(new AppError("invalid:upload", "Select an image file"));
      const file = out;
      // The parser is done; the file is complete once the write stream has flushed and closed.
      file.end(() => {
        if (settled) return;
        settled = true;
        resolve({ path, size, discard });
      });
    };

    const ignore = (stream: Readable) => {
      stream.on("error", () => undefined);
      stream.resume();
    };

    parser.on("file", (name, stream, info) => {
      if (settled || !FILE_FIELDS.has(name) || out) return ignore(stream);
      if (!isPlainFileName(info.filename)) {
        ignore(stream);
        return fail(new AppError("invalid:upload_name", "That file name can't be used. Rename the file and try again."));
      }
      stream.on("error", (err) => fail(unreadable(err)));
      stream.on("limit", () => fail(tooLarge(maxBytes)));
      const file = createWriteStream(path, { flags: "wx" });
      out = file;
      file.on("error", (err) => fail(new AppError("unavailable:upload_storage", "We could not store your upload. Please try again.", undefined, { cause: err })));
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Back-pressure: a slow disk pauses the part (and so the request) instead of buffering in memory.
        if (!file.write(chunk)) {
          stream.pause();
          file.once("drain", () => stream.resume());
        }
      });
    });
    parser.on("close", succeed);
    parser.on("error", (err) => fail(unreadable(err)));
    parser.on("partsLimit", () => fail(new AppError("invalid:upload", "Send one image per upload.")));
    parser.on("filesLimit", () => fail(new AppError("invalid:upload", "Send one image per upload.")));
    parser.on("fieldsLimit", () => fail(new AppError("invalid:upload", "Send one image per upload.")));
    req.on("error", (err) => fail(unreadable(err)));
    req.on("aborted", () => fail(unreadable(new Error("request aborted"))));

    mkdir(tempDir, { recursive: true }).then(
      () => {
        if (!settled) req.pipe(parser);
      },
      (err: unknown) => fail(new AppError("unavailable:upload_storage", "We could not store your upload. Please try again.", undefined, { cause: err })),
    );
  });
}
