import { type ErrorCode, isErrorCode } from "../../../contract/errors.ts";
import { AppError } from "../../errors/app-error.ts";
import { toAppError } from "../../errors/to-app-error.ts";

/**
 * A tool's failure as the model receives it: the SDK passes on only an error's message, so the message leads with
 * the AppError's code ("[not_found:video] …"), and the answer is chosen from the code, never from the words.
 */
export function codedToolError(error: unknown): AppError {
  const appError = toAppError(error);
  if (codeOfToolError(appError.message) !== undefined) return appError;
  return new AppError(appError.code, `[${appError.code}] ${appError.message}`, appError.issues, { cause: error });
}

/** The code a tool's error text leads with (after the error's name, "AppError: [code] …"), if it is one of the catalogue's. */
export function codeOfToolError(value: unknown): ErrorCode | undefined {
  if (typeof value !== "string") return undefined;
  const code = /^(?:\w+: )?\[([a-z_]+:[a-z_]+)\]/u.exec(value)?.[1];
  return isErrorCode(code) ? code : undefined;
}
