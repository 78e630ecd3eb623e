import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ExportKind, type ExportOption, exportPath, exportsPath, exportsResponseSchema, exportZipPath } from "../../../contract/exports.ts";
import { apiRequest } from "../../lib/api.ts";
import { saveResponse } from "../../lib/save-response.ts";
import { Button, type ButtonSize } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";
import { iconPaths } from "../ui/icon-paths.ts";
import { exportErrorMessage } from "./export-error.ts";

/*
 * Export for every screen (docs/product/images.md, Exports), for the gallery's viewer and the editor:
 *
 *   <ExportMenu imageId={record.id} />
 *
 * YouTube's file under 2 MB, the 4K TV master, Shorts 9:16, square 1:1 and all of them as one zip, each a download the
 * server renders on request. A kind the image cannot have (no master without a Studio scene) is shown disabled with
 * the reason, never swapped for an upscale. Strings are in the `app` namespace, which every signed-in page loads.
 */

/** The menu's entries in order; the 16:9 re-layout is the YouTube file's picture, so it is not listed twice. */
const menuKinds = ["youtube", "master", "9x16", "1x1"] as const satisfies readonly ExportKind[];
type Busy = ExportKind | "zip" | null;

export const imageExportsKey = (imageId: string) => ["image-exports", imageId] as const;

export function ExportMenu({ imageId, size = "xs" }: { imageId: string; size?: ButtonSize }) {
  const { t } = useTranslation("app");
  const [busy, setBusy] = useState<Busy>(null);
  // Said beside the buttons rather than in a toast: the editor and the viewer both show it, whatever their providers.
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({
    queryKey: imageExportsKey(imageId),
    queryFn: async () => exportsResponseSchema.parse(await (await apiRequest("GET", exportsPath(imageId))).json()),
  });
  const options = new Map<ExportKind, ExportOption>((query.data?.exports ?? []).map((o) => [o.kind, o]));

  async function download(what: Exclude<Busy, null>, url: string, fallback: string) {
    setBusy(what);
    setFailure(null);
    try {
      await saveResponse(await apiRequest("GET", url), fallback);
    } catch (err) {
      setFailure(exportErrorMessage(t, err));
    } finally {
      setBusy(null);
    }
  }

  const unavailable = menuKinds.map((kind) => options.get(kind)).filter((o): o is ExportOption => o !== undefined && !o.available);
  const reason = unavailable[0]?.reason;
  return (
    <div role="group" aria-label={t("exports.title")} className="grid gap-2" data-testid="export-menu">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase" aria-hidden="true">
        {t("exports.title")}
      </p>
      <div className="grid grid-cols-2 gap-2">
        {menuKinds.map((kind) => {
          const option = options.get(kind);
          return (
            <Button
              key={kind}
              variant={kind === "youtube" ? "primary" : "secondary"}
              size={size}
              disabled={!option?.available || (busy !== null && busy !== kind)}
              loading={busy === kind}
              onClick={() => option && void download(kind, exportPath(imageId, kind), option.fileName)}
              title={option ? `${option.width}×${option.height}` : undefined}
              data-testid={`export-${kind}`}
              // YouTube's file is the one most people want, and its label is the longest: it takes a row of its own.
              className={kind === "youtube" ? "col-span-2" : undefined}
            >
              {busy !== kind && <Icon d={iconPaths.download} className="size-4" />}
              {t(`exports.kinds.${kind}`)}
            </Button>
          );
        })}
      </div>
      <Button
        variant="secondary"
        size={size}
        disabled={!query.data || (busy !== null && busy !== "zip")}
        loading={busy === "zip"}
        onClick={() => query.data && void download("zip", exportZipPath(imageId), query.data.zipName)}
        data-testid="export-zip"
      >
        {busy !== "zip" && <Icon d={iconPaths.download} className="size-4" />}
        {busy === "zip" ? t("exports.preparing") : t("exports.zip")}
      </Button>
      {failure && (
        <p role="alert" className="text-xs text-danger">
          {failure}
        </p>
      )}
      {reason && (
        <p role="note" className="text-xs text-muted" data-testid="export-note">
          {t(`exports.unavailable.${reason}`)}
        </p>
      )}
    </div>
  );
}
