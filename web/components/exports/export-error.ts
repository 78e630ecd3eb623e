import type { TFunction } from "i18next";
import { z } from "zod/mini";
import { exportUnavailableReasons } from "../../../contract/exports.ts";
import { ApiError, errorCodeOf } from "../../lib/api.ts";

// A refused re-layout or master names why in its one issue (`{ path: "kind", message: <reason> }`), the same reasons
// the exports' list gives (contract/exports.ts), so the sentence is the note the menu shows for them.
const refusalSchema = z.object({ issues: z.array(z.object({ path: z.string(), message: z.string() })) });
const reasonSchema = z.enum(exportUnavailableReasons);

function refusedReason(err: ApiError): z.infer<typeof reasonSchema> {
  try {
    const body = refusalSchema.safeParse(JSON.parse(err.message.slice(err.message.indexOf(": ") + 2)));
    const reason = reasonSchema.safeParse(body.success ? body.data.issues.find((issue) => issue.path === "kind")?.message : undefined);
    return reason.success ? reason.data : "no_scene";
  } catch {
    return "no_scene";
  }
}

/** A failed export in the user's language, by the answer's code; the server's English is never shown. */
export function exportErrorMessage(t: TFunction<"app">, err: unknown): string {
  const code = errorCodeOf(err);
  if (code === "unprocessable:no_scene" && err instanceof ApiError) return t(`exports.unavailable.${refusedReason(err)}`);
  if (code === "unavailable:editor_busy") return t("exports.errors.busy");
  if (code === "unprocessable:image") return t("exports.errors.not_ready");
  if (code?.startsWith("rate_limited:") || (err instanceof ApiError && err.status === 429)) return t("exports.errors.rate_limited");
  if (!code && err instanceof TypeError) return t("exports.errors.network");
  return t("exports.failed");
}
