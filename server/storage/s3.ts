import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { isStorageKey } from "./keys.ts";
import type { Storage } from "./storage.ts";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. Else any S3-compatible store (MinIO, R2, a local stand-in). */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Objects in one bucket of an S3-compatible store, named by their storage keys. Bytes are still served through the
 * node after the owner check (docs/decisions/016-s3-storage.md): nothing here makes URLs.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default since 2025 (CRC32 trailers on every request) is refused by many S3-compatible stores;
    // checksums are sent and checked only where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  function checked(key: string): string {
    // Keys come from keys.ts; a key that is not one never reaches the store (a key is a path in the bucket too).
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return key;
  }

  /** A missing object, not a missing bucket or a refusal: those must throw, not look like an empty store. */
  const missing = (err: unknown) => {
    const { name, $metadata } = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return name === "NoSuchKey" || (name !== "NoSuchBucket" && $metadata?.httpStatusCode === 404);
  };

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: checked(key) }));
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  return {
    async put(key, bytes) {
      // One PUT is atomic in S3: readers see the old object or the new one, never half of it.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checked(key), Body: bytes, ContentLength: bytes.length }));
    },
    async putFile(key, path) {
      // Streamed with its length: one PUT takes up to 5 GB, more than the largest video a setting allows.
      const { size } = await stat(path);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checked(key), Body: createReadStream(path), ContentLength: size }));
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      const bytes = await object.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async open(key) {
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      // In Node the body is the HTTP response itself (an IncomingMessage): streamed, never buffered here.
      const stream = object.Body as Readable;
      if (object.ContentLength === undefined) {
        // Routes send Content-Length from the size; a store that does not say it cannot be served as is.
        stream.destroy();
        throw new Error(`the store sent no Content-Length for ${key}`);
      }
      return { stream, size: object.ContentLength };
    },
    async delete(key) {
      // S3 answers 204 for a missing key as well, so cleanup may run twice.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
  };
}
