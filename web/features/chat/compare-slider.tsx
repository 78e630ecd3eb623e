import { Slider } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";

/**
 * Two versions over each other: the "before" one clipped from the right by the slider's value, so dragging (or the
 * arrow keys on the slider's thumb) wipes between them. Both keep their own frame, so different crops line up.
 */
export function CompareSlider({ before, after, beforeLabel, afterLabel }: { before: ImageRecord; after: ImageRecord; beforeLabel: string; afterLabel: string }) {
  const { t } = useTranslation("chat");
  const [split, setSplit] = useState(50);
  const ratio = before.width && before.height ? `${before.width} / ${before.height}` : "16 / 9";
  return (
    <div className="grid gap-3" data-testid="compare-slider">
      <div className="relative w-full overflow-hidden rounded-2xl border border-border bg-surface-2" style={{ aspectRatio: ratio }}>
        <img src={after.urls?.preview} alt={afterLabel} className="absolute inset-0 size-full object-contain" data-testid="compare-after" />
        <img
          src={before.urls?.preview}
          alt={beforeLabel}
          className="absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
          data-testid="compare-before"
        />
        <span aria-hidden="true" className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.4)]" style={{ left: `${split}%` }} />
        <span className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 text-xs font-semibold text-white">{beforeLabel}</span>
        <span className="absolute top-2 right-2 rounded-full bg-black/65 px-2 py-0.5 text-xs font-semibold text-white">{afterLabel}</span>
      </div>
      <Slider.Root value={[split]} onValueChange={([value]) => setSplit(value ?? 50)} min={0} max={100} step={1} className="relative flex h-6 w-full touch-none items-center select-none">
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-border">
          <Slider.Range className="absolute h-full bg-primary" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={t("versions.sliderLabel", { before: beforeLabel, after: afterLabel })}
          className="block size-5 rounded-full border-2 border-primary bg-surface shadow focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
        />
      </Slider.Root>
    </div>
  );
}
