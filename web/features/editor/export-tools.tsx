import { useTranslation } from "react-i18next";
import { type EditorDownloadFormat, editorDownloadFormats, outputSize } from "../../../contract/editor.ts";
import { ExportMenu } from "../../components/exports/export-menu.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { editorIcons } from "./icons.ts";
import type { ToolProps } from "./image-tools.tsx";

/**
 * Download Image: a format, rendered by the server at full resolution; Save as a new image; and the image's exports
 * for every screen (YouTube, the 4K master, Shorts, square), made from the image as it was drawn.
 */
export function ExportTools({
  imageId,
  doc,
  format,
  onFormat,
  onDownload,
  downloading,
  onSave,
  saving,
}: Pick<ToolProps, "doc"> & {
  imageId: string;
  format: EditorDownloadFormat;
  onFormat: (format: EditorDownloadFormat) => void;
  onDownload: () => void;
  downloading: boolean;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation("editor");
  const { width, height } = outputSize(doc);
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("export.format")}</legend>
        {editorDownloadFormats.map((f) => (
          <label key={f} className={`flex h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 text-sm ${format === f ? "border-primary bg-primary/10" : "border-border bg-surface"}`}>
            <input type="radio" name="editor-format" value={f} checked={format === f} onChange={() => onFormat(f)} className="size-4 accent-primary" />
            {t(`formats.${f}`)}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted">{t("export.size", { width, height })}</p>
      <Button size="sm" onClick={onDownload} loading={downloading} data-testid="editor-download">
        {!downloading && <Icon d={editorIcons.download} className="size-4" />}
        {downloading ? t("export.preparing") : t("export.download")}
      </Button>
      <div className="grid gap-2 border-t border-border pt-4">
        <Button size="sm" variant="secondary" onClick={onSave} loading={saving}>
          {!saving && <Icon d={editorIcons.save} className="size-4" />}
          {t("save.action")}
        </Button>
        <p className="text-xs text-muted">{t("save.hint")}</p>
      </div>
      <div className="grid gap-2 border-t border-border pt-4">
        <ExportMenu imageId={imageId} size="sm" />
        <p className="text-xs text-muted">{t("export.exportsHint")}</p>
      </div>
    </div>
  );
}
