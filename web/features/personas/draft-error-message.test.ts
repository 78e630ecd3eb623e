import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { draftErrorMessage } from "./draft-error-message.ts";

const t = ((key: string) => `translated ${key}`) as unknown as TFunction<"personas">;

describe("draftErrorMessage", () => {
  it("translates the codes it knows, the failed cut-out among them, instead of the server's English", () => {
    expect(draftErrorMessage(t, { error: "Something went wrong making this persona. Try again.", errorCode: "internal:subjects_worker" })).toBe("translated errors.cutout_failed");
    expect(draftErrorMessage(t, { error: "No subject.", errorCode: "invalid:no_subject" })).toBe("translated errors.no_subject");
  });

  it("shows the server's sentence for a code it has no words for, and the generic one when there is none", () => {
    expect(draftErrorMessage(t, { error: "A newer reason.", errorCode: "invalid:something_new" })).toBe("A newer reason.");
    expect(draftErrorMessage(t, { error: "", errorCode: null })).toBe("translated errors.generic");
  });
});
