import { useTranslation } from "react-i18next";
import { editorCropAspects, type EditorDocument, editorFilters, type EditorRotation } from "../../../contract/editor.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { cropFor, placeCrop } from "./geometry.ts";
import { editorIcons } from "./icons.ts";
import { Slider } from "./slider.tsx";

export interface ToolProps {
  doc: EditorDocument;
  onChange: (update: (doc: EditorDocument) => EditorDocument, group?: string) => void;
}

/** Edit Image: crop (four aspects, size and position), quarter turns, flips, adjustments and filters. */
export function ImageTools({
  doc,
  onChange,
  source,
  cropping,
  onCropping,
}: ToolProps & { source: { width: number; height: number }; cropping: boolean; onCropping: (on: boolean) => void }) {
  const { t } = useTranslation("editor");
  const { crop } = doc;
  const full = cropFor(crop.aspect, source);
  const zoom = Math.round((crop.w / full.w) * 100);
  const zoomY = Math.round((crop.h / full.h) * 100);
  // A shaped crop scales both sides together; a free one sets width and height apart.
  const setCrop = (next: Partial<{ zoom: number; zoomY: number; cx: number; cy: number }>, group: string) =>
    onChange((d) => {
      const base = cropFor(d.crop.aspect, source);
      const kx = (next.zoom ?? Math.round((d.crop.w / base.w) * 100)) / 100;
      const ky = d.crop.aspect === "free" ? (next.zoomY ?? Math.round((d.crop.h / base.h) * 100)) / 100 : kx;
      const cx = next.cx ?? d.crop.x + d.crop.w / 2;
      const cy = next.cy ?? d.crop.y + d.crop.h / 2;
      return { ...d, crop: { aspect: d.crop.aspect, ...placeCrop(base.w * kx, base.h * ky, cx, cy, source) } };
    }, group);
  const turn = (by: 90 | 270) => onChange((d) => ({ ...d, rotation: (((d.rotation + by) % 360) as EditorRotation) }));

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t("image.crop")}</legend>
        <Button size="xs" variant={cropping ? "primary" : "secondary"} aria-pressed={cropping} onClick={() => onCropping(!cropping)}>
          <Icon d={editorIcons.crop} className="size-4" />
          {cropping ? t("image.cropDone") : t("image.cropOnCanvas")}
        </Button>
        <div className="grid grid-cols-4 gap-2" role="group" aria-label={t("image.aspect")}>
          {editorCropAspects.map((aspect) => (
            <Button
              key={aspect}
              size="xs"
              variant={crop.aspect === aspect ? "primary" : "secondary"}
              aria-pressed={crop.aspect === aspect}
              onClick={() => onChange((d) => ({ ...d, crop: cropFor(aspect, source, d.crop) }))}
            >
              {aspect === "free" ? t("image.free") : aspect}
            </Button>
          ))}
        </div>
        {crop.aspect === "free" ? (
          <>
            <Slider label={t("image.cropWidth")} min={10} max={100} step={1} value={zoom} format={() => `${crop.w}px`} onChange={(v) => setCrop({ zoom: v }, "crop-width")} />
            <Slider label={t("image.cropHeight")} min={10} max={100} step={1} value={zoomY} format={() => `${crop.h}px`} onChange={(v) => setCrop({ zoomY: v }, "crop-height")} />
          </>
        ) : (
          <Slider label={t("image.cropSize")} min={20} max={100} step={1} value={zoom} format={(v) => `${v}%`} onChange={(v) => setCrop({ zoom: v }, "crop-size")} />
        )}
        {crop.w < source.width && (
          <Slider
            label={t("image.cropX")}
            min={Math.round(crop.w / 2)}
            max={Math.round(source.width - crop.w / 2)}
            step={1}
            value={Math.round(crop.x + crop.w / 2)}
            format={(v) => `${v}px`}
            onChange={(v) => setCrop({ cx: v }, "crop-x")}
          />
        )}
        {crop.h < source.height && (
          <Slider
            label={t("image.cropY")}
            min={Math.round(crop.h / 2)}
            max={Math.round(source.height - crop.h / 2)}
            step={1}
            value={Math.round(crop.y + crop.h / 2)}
            format={(v) => `${v}px`}
            onChange={(v) => setCrop({ cy: v }, "crop-y")}
          />
        )}
      </fieldset>

      <div className="grid grid-cols-2 gap-2">
        <Button size="xs" variant="secondary" onClick={() => turn(270)}>
          <Icon d={editorIcons.rotateLeft} className="size-4" />
          {t("image.rotateLeft")}
        </Button>
        <Button size="xs" variant="secondary" onClick={() => turn(90)}>
          <Icon d={editorIcons.rotateRight} className="size-4" />
          {t("image.rotateRight")}
        </Button>
        <Button size="xs" variant="secondary" aria-pressed={doc.flipX} onClick={() => onChange((d) => ({ ...d, flipX: !d.flipX }))}>
          <Icon d={editorIcons.flipX} className="size-4" />
          {t("image.flipX")}
        </Button>
        <Button size="xs" variant="secondary" aria-pressed={doc.flipY} onClick={() => onChange((d) => ({ ...d, flipY: !d.flipY }))}>
          <Icon d={editorIcons.flipY} className="size-4" />
          {t("image.flipY")}
        </Button>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t("image.adjust")}</legend>
        {(["brightness", "contrast", "saturation"] as const).map((key) => (
          <Slider
            key={key}
            label={t(`image.${key}`)}
            min={-100}
            max={100}
            step={1}
            value={Math.round(doc.adjust[key] * 100)}
            format={(v) => (v > 0 ? `+${v}` : String(v))}
            onChange={(v) => onChange((d) => ({ ...d, adjust: { ...d.adjust, [key]: v / 100 } }), `adjust-${key}`)}
          />
        ))}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t("image.filter")}</legend>
        <div className="grid grid-cols-3 gap-2">
          {editorFilters.map((filter) => (
            <Button key={filter} size="xs" variant={doc.filter === filter ? "primary" : "secondary"} aria-pressed={doc.filter === filter} onClick={() => onChange((d) => ({ ...d, filter }))}>
              {t(`filters.${filter}`)}
            </Button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
