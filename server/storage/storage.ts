import type { Readable } from "node:stream";

/**
 * Where image bytes live (docs/product/images.md). The database keeps keys (see keys.ts), never paths or URLs, so the
 * local-disk store can be swapped for an S3-compatible one without touching a row.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a file's bytes under a key without reading them into memory (a video of gigabytes); the file stays where it is. */
  putFile(key: string, path: string): Promise<void>;
  /** The whole object, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** A stream and its size for serving, or undefined when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Where a key's file is on this machine, when the store keeps files on local disk (FFmpeg reads it in place). */
  localPath?(key: string): string;
  /** Deleting a missing key is not an error: cleanup may run twice. */
  delete(key: string): Promise<void>;
}
