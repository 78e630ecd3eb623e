import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTimecode, parseTimecode, type VideoFilmstrip } from "../../../contract/videos.ts";
import { Button } from "../../components/ui/button.tsx";
import { filmstripTile, timelineEndMs } from "./filmstrip.ts";

/** How far the slider's keys move: arrows a second, Page Up and Page Down ten. */
const ARROW_STEP_MS = 1000;
const PAGE_STEP_MS = 10_000;

/**
 * Any moment of the video: a slider over its whole length previews the moment from the filmstrip (arrow keys move a
 * second, Page keys ten, Home and End to the ends), a field takes a time typed as "2:31", and "Use this moment" picks it.
 */
export function FrameTimeline({
  filmstrip,
  durationMs,
  onPick,
  disabled = false,
}: {
  filmstrip: VideoFilmstrip;
  durationMs: number | undefined;
  onPick: (timeMs: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("videos");
  const id = useId();
  const end = timelineEndMs(durationMs, filmstrip);
  const [timeMs, setTimeMs] = useState(0);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState(false);
  const tile = filmstripTile(filmstrip, timeMs);
  const timecode = formatTimecode(timeMs);

  /** The keys move by whole seconds and stop at the ends exactly (a native step of a second would never reach an end between seconds). */
  function onSliderKey(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, (from: number) => number> = {
      ArrowLeft: (from) => from - ARROW_STEP_MS,
      ArrowDown: (from) => from - ARROW_STEP_MS,
      ArrowRight: (from) => from + ARROW_STEP_MS,
      ArrowUp: (from) => from + ARROW_STEP_MS,
      PageDown: (from) => from - PAGE_STEP_MS,
      PageUp: (from) => from + PAGE_STEP_MS,
      Home: () => 0,
      End: () => end,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setTimeMs((from) => Math.min(end, Math.max(0, move(from))));
  }

  function onGoTo(event: FormEvent) {
    event.preventDefault();
    const parsed = parseTimecode(typed);
    if (parsed === undefined || parsed > end) {
      setTypedError(true);
      return;
    }
    setTypedError(false);
    setTimeMs(parsed);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="frame-timeline">
      <h3 id={`${id}-title`} className="font-bold">
        {t("timeline.title")}
      </h3>
      <div className="grid gap-3 md:grid-cols-[minmax(0,22rem)_1fr] md:items-center">
        <div className="relative w-full overflow-hidden rounded-xl border border-border bg-surface-2 bg-no-repeat" style={tile.style} data-testid="timeline-preview" data-tile={tile.index}>
          <span className="absolute bottom-1.5 left-1.5 rounded-md bg-black/75 px-1.5 py-0.5 font-mono text-xs font-semibold text-white tabular-nums">{timecode}</span>
        </div>
        <div className="grid gap-3">
          <label htmlFor={`${id}-slider`} className="sr-only">
            {t("timeline.sliderLabel")}
          </label>
          <input
            id={`${id}-slider`}
            type="range"
            min={0}
            max={end}
            step="any"
            value={timeMs}
            disabled={disabled}
            aria-valuetext={timecode}
            onKeyDown={onSliderKey}
            onChange={(event) => setTimeMs(Math.round(Number(event.target.value)))}
            className="w-full accent-primary"
          />
          <div className="flex justify-between font-mono text-xs text-muted tabular-nums">
            <span>{formatTimecode(0)}</span>
            <span>{formatTimecode(end)}</span>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <form onSubmit={onGoTo} noValidate className="flex items-end gap-2">
              <label className="grid gap-1 text-sm">
                <span className="font-medium">{t("timeline.goTo")}</span>
                <input
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setTypedError(false);
                  }}
                  placeholder="2:31"
                  // "text", not "numeric": iOS's number pad has no ":".
                  inputMode="text"
                  pattern="[0-9:.]*"
                  aria-invalid={typedError || undefined}
                  aria-describedby={typedError ? `${id}-typed-error` : undefined}
                  className="h-10 w-24 rounded-xl border border-border bg-surface px-3 font-mono tabular-nums"
                />
              </label>
              <Button type="submit" variant="secondary" size="sm" disabled={disabled}>
                {t("timeline.go")}
              </Button>
            </form>
            <Button size="sm" onClick={() => onPick(timeMs)} disabled={disabled} className="ml-auto">
              {t("timeline.use", { timecode })}
            </Button>
          </div>
          {typedError && (
            <p id={`${id}-typed-error`} role="alert" className="text-sm text-danger">
              {t("timeline.badTime", { end: formatTimecode(end) })}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
