import { hmac } from "@oslojs/crypto/hmac";
import { generateRandomIntegerNumber, type RandomReader } from "@oslojs/crypto/random";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { OTP_LENGTH } from "../../contract/auth.ts";
import { secretsEqual } from "../secret-equal.ts";

const random: RandomReader = {
  read: (bytes) => {
    crypto.getRandomValues(bytes as Uint8Array<ArrayBuffer>);
  },
};
const encoder = new TextEncoder();

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

export interface MintedToken {
  /** What the client keeps: `id.secret`. Never stored. */
  token: string;
  id: string;
  /** hex(SHA-256(secret)): the only trace of the secret in the database. */
  secretHash: string;
}

/** A random id and a 32-byte secret, base32 so the token is cookie- and header-safe (docs/product/accounts.md). */
export function mintSessionToken(): MintedToken {
  const id = encodeBase32LowerCaseNoPadding(randomBytes(15));
  const secret = encodeBase32LowerCaseNoPadding(randomBytes(32));
  return { token: `${id}.${secret}`, id, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(secret)));
}

const tokenPattern = /^([a-z2-7]{24})\.([a-z2-7]{52})$/;

export function parseSessionToken(token: string): { id: string; secret: string } | undefined {
  const match = tokenPattern.exec(token);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : undefined;
}

/** Compares the presented secret with the stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  return secretsEqual(hashSecret(secret), storedHash);
}

/** Six digits from a CSPRNG, leading zeros kept. */
export function generateOtp(): string {
  return generateRandomIntegerNumber(random, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, "0");
}

/** HMAC-SHA256 keyed by the server secret and bound to the e-mail, so one code's hash says nothing of another. */
export function hashOtp(key: Uint8Array, email: string, code: string): string {
  return encodeHexLowerCase(hmac(SHA256, key, encoder.encode(`${email}\n${code}`)));
}

/** Compares in constant time, as the session secret is. */
export function otpMatches(key: Uint8Array, email: string, code: string, storedHash: string): boolean {
  return secretsEqual(hashOtp(key, email, code), storedHash);
}
