import { useMutation, useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { Comparison } from "../../../contract/comparisons.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { isLanguage } from "../../../contract/languages.ts";
import { errorCodeOf } from "../../lib/api.ts";
import { pickWinner } from "../../lib/comparisons-api.ts";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { imageProgressAtom, useImage } from "../../lib/image-cache.ts";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";
import { FeedCheckVerdict } from "../feed-check/feed-check-verdict.tsx";
import { ShareButton } from "../share/share-button.tsx";
import { ProgressBar } from "../studio/progress-bar.tsx";
import { Button } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";

const trophy = "M8 21h8m-4-4v4m-5-17h10v5a5 5 0 01-10 0V4zM7 6H4a3 3 0 003 4m10-4h3a3 3 0 01-3 4";
const warning = "M12 9v4m0 4h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z";

/** Seconds with one decimal under a minute, else minutes and seconds: what a tile says it took. */
export function formatDuration(ms: number, language: string): string {
  if (ms < 60_000) return `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** One model's try: its picture as it comes in, then its model, price, time and feed-check verdict, and the pick. */
function ComparisonTile({
  initial,
  label,
  winner,
  canPick,
  picking,
  onPick,
}: {
  initial: ImageRecord;
  label: string;
  winner: boolean;
  canPick: boolean;
  picking: boolean;
  onPick: (image: ImageRecord) => void;
}) {
  const { t, i18n } = useTranslation("app");
  const image = useImage(initial);
  const progress = useAtomValue(imageProgressAtom)[initial.id];
  const working = image.status === "pending" || image.status === "running";
  const prompt = image.prompt ?? "";
  return (
    <li
      className={`flex min-w-0 flex-col gap-2 rounded-2xl border bg-surface p-3 ${winner ? "border-success ring-2 ring-success/40" : "border-border"}`}
      data-testid="comparison-tile"
      data-model={image.model ?? ""}
      data-status={image.status}
      data-winner={winner}
    >
      <p className="truncate text-sm font-semibold" title={label} data-testid="comparison-model">
        {label}
      </p>
      <div className="relative grid aspect-video w-full place-items-center overflow-hidden rounded-xl border border-border bg-surface-2">
        {winner && (
          // Over the picture's corner, so a long model name keeps the tile's whole width.
          <span className="absolute top-2 left-2 z-10 inline-flex items-center gap-1 rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-on-primary shadow-sm" data-testid="comparison-winner">
            <Icon d={trophy} className="size-3.5" />
            {t("compare.winner")}
          </span>
        )}
        {image.status === "ready" && image.urls ? (
          <img src={image.urls.preview} alt={t("compare.alt", { model: label, prompt })} width={image.width ?? undefined} height={image.height ?? undefined} className="size-full object-contain" />
        ) : working ? (
          <div className="grid w-full max-w-[12rem] gap-2 px-3 text-center" role="status" aria-live="polite">
            <span aria-hidden="true" className="mx-auto size-6 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
            <p className="text-xs text-muted tabular-nums">
              {progress?.percent ?? 0}% · {t(`studio.stages.${progress?.stage ?? "queued"}`)}
            </p>
            <ProgressBar progress={progress} size="sm" />
          </div>
        ) : (
          <div className="grid gap-1 px-3 text-center text-xs" role="status">
            <Icon d={warning} className="mx-auto size-6 text-danger" />
            <p className="font-semibold text-danger">{t("compare.failed")}</p>
            <p className="text-muted">{generationErrorMessage(t, image.errorCode)}</p>
          </div>
        )}
      </div>
      <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <div className="flex gap-1">
          <dt className="sr-only">{t("compare.costLabel")}</dt>
          <dd data-testid="comparison-cost">
            {image.status === "failed" ? t("compare.refunded", { count: image.creditsSpent }) : t("compare.cost", { count: image.creditsSpent })}
          </dd>
        </div>
        {image.status === "ready" && typeof image.durationMs === "number" && (
          <div className="flex gap-1">
            <dt className="sr-only">{t("compare.timeLabel")}</dt>
            <dd className="tabular-nums" data-testid="comparison-time">
              {formatDuration(image.durationMs, i18n.resolvedLanguage ?? "en")}
            </dd>
          </div>
        )}
      </dl>
      {image.status === "ready" && <FeedCheckVerdict image={image} />}
      {image.status === "ready" && !winner && (
        <Button variant="secondary" size="xs" className="mt-auto self-start" disabled={!canPick} loading={picking} onClick={() => onPick(image)} data-testid="comparison-pick">
          <Icon d={trophy} className="size-4" />
          {t("compare.pick")}
        </Button>
      )}
    </li>
  );
}

/**
 * A comparison's grid (docs/product/compare.md): one tile per model, each filling in live as its image finishes, with
 * the model, what it cost (or what was refunded), the time it took and its feed-check verdict; a finished tile can be
 * picked as the winner. `canPick` is false while the chat is answering (the thread would not take the note).
 */
export function ComparisonGrid({ comparison, canPick = true, onPicked }: { comparison: Comparison; canPick?: boolean; onPicked?: (comparison: Comparison) => void }) {
  const { t, i18n } = useTranslation("app");
  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  const labelOf = (id: string | null) => models.data?.models.find((model) => model.id === id)?.label ?? id ?? "";
  const language = i18n.resolvedLanguage;
  const pick = useMutation({
    mutationFn: (image: ImageRecord) => pickWinner(comparison.id, image.id, isLanguage(language) ? language : "en"),
    onSuccess: (picked) => onPicked?.(picked),
  });
  const winnerId = pick.data?.winnerImageId ?? comparison.winnerImageId;
  return (
    <div className="grid min-w-0 gap-3" data-testid="comparison-grid" data-comparison-id={comparison.id}>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {comparison.images.map((image) => (
          <ComparisonTile
            key={image.id}
            initial={image}
            label={labelOf(image.model)}
            winner={image.id === winnerId}
            canPick={canPick && !pick.isPending}
            picking={pick.isPending && pick.variables?.id === image.id}
            onPick={(picked) => pick.mutate(picked)}
          />
        ))}
      </ul>
      {/* Others vote for the one they would click on the share page, which shows each image once it is ready (docs/product/sharing.md). */}
      <ShareButton kind="comparison" targetId={comparison.id} className="justify-self-start" />
      {pick.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorCodeOf(pick.error) === "conflict:chat_busy" ? t("compare.pickBusy") : t("compare.pickFailed")}
        </p>
      )}
    </div>
  );
}
