import { z } from "zod";
import { EMAIL_MAX_LENGTH, type WaitlistRequest, type WaitlistResponse } from "../../contract/waitlist.ts";
import { defaultLanguage, isLanguage } from "../../contract/languages.ts";
import { AppError } from "../http/app-error.ts";
import type { Logger } from "../logger.ts";
import type { WaitlistStore } from "./store.ts";

const emailSchema = z.email();

/** Trims and lower-cases, then checks real address syntax; one address is one entry whatever its case. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH || !emailSchema.safeParse(email).success) {
    throw new AppError("invalid:email", "Please enter a valid email address.");
  }
  return email;
}

export function createWaitlistService(deps: { store: WaitlistStore; logger: Logger }) {
  return {
    async join(request: WaitlistRequest): Promise<WaitlistResponse> {
      // Only bots fill the hidden field: answer as if it worked and keep nothing.
      if (request.website) {
        deps.logger.info("waitlist honeypot filled; ignored");
        return { success: true, alreadyExists: false };
      }
      const email = normaliseEmail(request.email);
      const language = isLanguage(request.language) ? request.language : defaultLanguage;
      const inserted = await deps.store.insertIfNew(email, language);
      return { success: true, alreadyExists: !inserted };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
