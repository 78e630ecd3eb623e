import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../contract/auth.ts";
import { AppError } from "../errors/app-error.ts";
import { commonPasswords } from "./common-passwords.ts";

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1), as docs/product/accounts.md asks. Algorithm 2 is Argon2id in
// @node-rs/argon2 (a const enum, which erasable-syntax TypeScript cannot import by name).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** 8 to 256 characters, not a common password, not the e-mail; no composition rules (ASVS 2.1). */
export function checkPasswordPolicy(password: string, email: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new AppError("invalid:password_length", `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower) || lower === email || lower === email.split("@")[0]) {
    throw new AppError("invalid:password_common", "That password is too common. Please choose another.");
  }
}

/**
 * A hash to verify against when there is no real one (unknown e-mail, code-only account), so a failed login
 * costs the same time either way and timing does not reveal which accounts exist.
 */
export function createDummyHash(): () => Promise<string> {
  let dummy: Promise<string> | undefined;
  return () => (dummy ??= hashPassword(crypto.randomUUID()));
}
