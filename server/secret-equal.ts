import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string | Uint8Array) => createHash("sha256").update(value).digest();

/**
 * Whether a presented secret (token, code hash, signature) equals the expected one, in time that says nothing of
 * where they differ. Both sides are compared as SHA-256 digests: always 32 bytes, so neither the expected length
 * shows nor does a presented value of another length throw. Every comparison of a secret goes through here.
 */
export function secretsEqual(presented: string | Uint8Array, expected: string | Uint8Array): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
