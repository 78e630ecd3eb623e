import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadTypes } from "../../../contract/images.ts";
import { MAX_PERSONA_PHOTOS } from "../../../contract/personas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { personaIcons } from "./icons.ts";
import type { PersonaPhoto } from "./use-persona-photos.ts";

/**
 * Where the photos go in: a drop zone with the file button, then a tile per photo (a spinner while it uploads,
 * its thumbnail once stored) with a remove button. Pasting is handled by the screen around it.
 */
export function PhotoPicker({
  photos,
  onAdd,
  onRemove,
  disabled,
}: {
  photos: readonly PersonaPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("personas");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = photos.length >= MAX_PERSONA_PHOTOS;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    setDragging(false);
    if (!event.dataTransfer.files.length) return;
    event.preventDefault();
    if (!disabled) onAdd([...event.dataTransfer.files]);
  }

  return (
    <div className="grid gap-3">
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="persona-dropzone"
        data-dragging={dragging || undefined}
        className={`grid justify-items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition sm:py-8 ${
          dragging ? "border-primary bg-primary/5" : "border-border bg-surface-2/40"
        }`}
      >
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-primary/10 text-primary">
          <Icon d={personaIcons.upload} className="size-6" />
        </span>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          multiple
          accept={uploadTypes.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="persona-file-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length) onAdd(files);
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={disabled || full} aria-describedby={`${id}-hint`}>
          {t("upload.select")}
        </Button>
        <p id={`${id}-hint`} className="max-w-xs text-sm text-muted">
          {full ? t("upload.full", { count: MAX_PERSONA_PHOTOS }) : t("upload.hint", { count: MAX_PERSONA_PHOTOS })}
        </p>
      </div>
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t("upload.listLabel", { added: photos.length, max: MAX_PERSONA_PHOTOS })}>
          {photos.map((photo) => (
            <li key={photo.key} className="relative aspect-square overflow-hidden rounded-xl border border-border bg-surface-2" data-testid="persona-photo" data-status={photo.status}>
              {photo.status === "ready" ? (
                photo.image.urls ? (
                  <img src={photo.image.urls.thumb} alt={t("upload.photoAlt", { name: photo.name })} className="size-full object-cover" />
                ) : (
                  <span className="grid size-full place-items-center p-2 text-center text-xs break-all text-muted">{photo.name}</span>
                )
              ) : (
                <span role="status" className="grid size-full place-items-center">
                  <span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
                  <span className="sr-only">{t("upload.uploading", { name: photo.name })}</span>
                </span>
              )}
              <IconButton
                label={t("upload.remove", { name: photo.name })}
                variant="secondary"
                size="sm"
                disabled={disabled}
                onClick={() => onRemove(photo.key)}
                className="absolute top-1 right-1 size-7! rounded-lg bg-surface/90 shadow-sm backdrop-blur"
              >
                <Icon d={personaIcons.close} className="size-4" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
