import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VIDEO_TTL_HOURS, videoExtensions, videoTypes } from "../../../contract/videos.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { iconPaths } from "../../components/ui/icon-paths.ts";
import { firstVideoFile } from "../../lib/video-upload.ts";

const accept = [...videoTypes, ...videoExtensions].join(",");


/** Where a video comes in: dropped anywhere on the zone, or chosen with the button (MP4, MOV, WebM, MKV). */
export function VideoDropzone({ onFile, disabled = false }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation("videos");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const file = firstVideoFile(event.dataTransfer.files);
    if (file && !disabled) onFile(file);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="video-dropzone"
      className={`grid justify-items-center gap-3 rounded-3xl border-2 border-dashed px-4 py-10 text-center transition sm:px-8 sm:py-14 ${
        over ? "border-primary bg-primary/5" : "border-border bg-surface"
      }`}
    >
      <span aria-hidden="true" className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
        <Icon d={iconPaths.video} className="size-7" />
      </span>
      <p className="text-lg font-bold">{t("drop.title")}</p>
      <p className="max-w-md text-sm text-muted">{t("drop.text")}</p>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = firstVideoFile(event.target.files);
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <Button size="md" onClick={() => input.current?.click()} disabled={disabled}>
        {t("drop.choose")}
      </Button>
      <p className="text-xs text-muted">{t("drop.formats", { hours: VIDEO_TTL_HOURS })}</p>
    </div>
  );
}
