import type { TFunction } from "i18next";
import type { PersonaDraft } from "../../../contract/personas.ts";

// Draft failures this build has its own words for (keys under `errors.` in personas.json); any other code shows the
// server's sentence, which is safe to show.
const keyByCode: ReadonlyMap<string, string> = new Map([
  ["invalid:no_subject", "no_subject"],
  ["invalid:upload", "upload"],
  ["unavailable:interrupted", "interrupted"],
  ["internal:subjects_worker", "cutout_failed"],
]);

export function draftErrorMessage(t: TFunction<"personas">, draft: Pick<PersonaDraft, "error" | "errorCode">): string {
  const key = draft.errorCode ? keyByCode.get(draft.errorCode) : undefined;
  if (key) return t(`errors.${key}`);
  return draft.error || t("errors.generic");
}
