import type { Request } from "express";
import busboy from "busboy";
import { AppError } from "../http/app-error.ts";

/** Room for the multipart boundaries and part headers around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;
const FILE_FIELDS = new Set(["image", "file"]);

const tooLarge = (maxBytes: number) =>
  new AppError("payload_too_large:upload", `Images can be at most ${Math.round(maxBytes / 1024 / 1024)} MB.`);

/**
 * Reads the one image of a multipart/form-data upload into memory, refusing a declared size over the limit before
 * reading a byte and an undeclared one as soon as the limit is passed (issue 5: "rejected before reading it all").
 */
export function readImageUpload(req: Request, maxBytes: number): Promise<Buffer> {
  if (!req.is("multipart/form-data")) {
    return Promise.reject(new AppError("unsupported_media_type:multipart", "Send the image as multipart/form-data."));
  }
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) return Promise.reject(tooLarge(maxBytes));

  return new Promise<Buffer>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 8, fieldSize: 1024, parts: 10 } });
    } catch (err) {
      reject(new AppError("invalid:upload", "The upload could not be read.", undefined, { cause: err }));
      return;
    }
    const chunks: Buffer[] = [];
    let found = false;
    let settled = false;
    const finish = (err: AppError | undefined) => {
      if (settled) return;
      settled = true;
      if (err) {
        req.unpipe(parser);
        reject(err);
      } else if (!found || chunks.length === 0) {
        reject(new AppError("invalid:upload", "Select an image file"));
      } else {
        resolve(Buffer.concat(chunks));
      }
    };
    parser.on("file", (name, stream) => {
      if (!FILE_FIELDS.has(name) || found) {
        stream.resume();
        return;
      }
      found = true;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => finish(tooLarge(maxBytes)));
    });
    parser.on("close", () => finish(undefined));
    parser.on("error", (err) => finish(new AppError("invalid:upload", "The upload could not be read.", undefined, { cause: err })));
    req.on("error", (err) => finish(new AppError("invalid:upload", "The upload was interrupted.", undefined, { cause: err })));
    req.pipe(parser);
  });
}
