import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { COMMUNITY_POLL_MAX_IMAGES, COMMUNITY_POLL_MIN_IMAGES } from "../../../contract/community-polls.ts";
import type { Comparison } from "../../../contract/comparisons.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { isLanguage } from "../../../contract/languages.ts";
import { errorCodeOf } from "../../lib/api.ts";
import { pickWinner, storeComparison } from "../../lib/comparisons-api.ts";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { imageProgressAtom, newerImage, useImage, useImages } from "../../lib/image-cache.ts";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";
import { FeedCheckVerdict } from "../feed-check/feed-check-verdict.tsx";
import { AskCommunity } from "../community-poll/ask-community.tsx";
import { CommunityVotes, pollsView } from "../community-poll/community-votes.tsx";
import { useCommunityPolls } from "../community-poll/use-community-polls.ts";
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

/** The comparison's tiles as they are now: each one's live record once the cache holds it. */
export function useLiveTiles(comparison: Comparison): ImageRecord[] {
  const live = useImages(comparison.images.map((image) => image.id));
  return comparison.images.map((image) => {
    const found = live.find((each) => each.id === image.id);
    return found ? newerImage(image, found) : image;
  });
}

/**
 * What the set has cost so far: what the server said (its ledger), less the refund of every tile that has failed
 * since it said so.
 */
export function creditsOfTiles(comparison: Comparison, tiles: readonly ImageRecord[]): number {
  const failedSince = tiles.filter((tile) => tile.status === "failed" && comparison.images.some((saved) => saved.id === tile.id && saved.status !== "failed"));
  return Math.max(0, comparison.creditsSpent - failedSince.reduce((sum, tile) => sum + tile.creditsSpent, 0));
}

/** One model's try: its picture as it comes in, then its model, price, time and feed-check verdict, and the pick. */
function ComparisonTile({
  initial,
  label,
  winner,
  canPick,
  picking,
  onPick,
  focusWinner,
}: {
  initial: ImageRecord;
  label: string;
  winner: boolean;
  canPick: boolean;
  picking: boolean;
  onPick: (image: ImageRecord) => void;
  /** Just picked here: focus moves to its badge, so a screen reader hears the pick took. */
  focusWinner: boolean;
}) {
  const { t, i18n } = useTranslation("app");
  const image = useImage(initial);
  const progress = useAtomValue(imageProgressAtom)[initial.id];
  const working = image.status === "pending" || image.status === "running";
  const prompt = image.prompt ?? "";
  const badge = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (winner && focusWinner) badge.current?.focus();
  }, [winner, focusWinner]);
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
          <span
            ref={badge}
            tabIndex={-1}
            className="absolute top-2 left-2 z-10 inline-flex items-center gap-1 rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-on-primary shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-primary"
            data-testid="comparison-winner"
          >
            <Icon d={trophy} className="size-3.5" />
            {t("compare.winner")}
          </span>
        )}
        {image.status === "ready" && image.urls ? (
          <img src={image.urls.preview} alt={t("compare.alt", { model: label, prompt })} width={image.width ?? undefined} height={image.height ?? undefined} className="size-full object-contain" />
        ) : working ? (
          // Not a live region of its own: the grid announces what finished, not every percent of every tile.
          <div className="grid w-full max-w-[12rem] gap-2 px-3 text-center">
            <span aria-hidden="true" className="mx-auto size-6 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
            <p className="text-xs text-muted tabular-nums">
              {progress?.percent ?? 0}% · {t(`studio.stages.${progress?.stage ?? "queued"}`)}
            </p>
            <ProgressBar progress={progress} size="sm" />
          </div>
        ) : (
          <div className="grid gap-1 px-3 text-center text-xs">
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
 * picked as the winner. `canPick` is false while the chat is answering or waits on an Approve / Deny (the thread
 * would not take the note). A pick is stored wherever the comparison is shown (the chat's card, the gallery's tab).
 */
export function ComparisonGrid({ comparison, canPick = true, onPicked }: { comparison: Comparison; canPick?: boolean; onPicked?: (comparison: Comparison) => void }) {
  const { t, i18n } = useTranslation("app");
  const queryClient = useQueryClient();
  const tiles = useLiveTiles(comparison);
  const finished = tiles.filter((image) => image.status === "ready").length;
  const failed = tiles.filter((image) => image.status === "failed").length;
  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  const labelOf = (id: string | null) => models.data?.models.find((model) => model.id === id)?.label ?? id ?? "";
  const language = i18n.resolvedLanguage;
  const pick = useMutation({
    mutationFn: (image: ImageRecord) => pickWinner(comparison.id, image.id, isLanguage(language) ? language : "en"),
    onSuccess: (picked) => {
      storeComparison(queryClient, picked);
      onPicked?.(picked);
    },
  });
  const pickError = errorCodeOf(pick.error);
  const winnerId = pick.data?.winnerImageId ?? comparison.winnerImageId;
  // A community poll takes two or three images: a comparison of more models is not put to one.
  const pollable = finished >= COMMUNITY_POLL_MIN_IMAGES && tiles.length <= COMMUNITY_POLL_MAX_IMAGES;
  const polls = useCommunityPolls(finished > 0 ? { kind: "comparison", targetId: comparison.id } : null);
  const { latest: poll, mayAsk } = pollsView(polls.data);
  const names = Object.fromEntries(tiles.map((tile) => [tile.id, labelOf(tile.model)]));
  return (
    <div className="grid min-w-0 gap-3" data-testid="comparison-grid" data-comparison-id={comparison.id}>
      {/* The grid's one live region: how many models have finished or failed, said as each one does. */}
      <p className="sr-only" role="status" aria-live="polite" data-testid="comparison-progress">
        {t("compare.progress", { finished, failed, count: tiles.length })}
      </p>
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
            focusWinner={pick.isSuccess && pick.variables.id === image.id}
          />
        ))}
      </ul>
      {/* Others vote for the one they would click on the share page, which shows each image once it is ready (docs/product/sharing.md). */}
      <div className="flex flex-wrap items-center gap-2">
        <ShareButton kind="comparison" targetId={comparison.id} />
        {pollable && mayAsk && <AskCommunity list={polls.data} request={{ kind: "comparison", targetId: comparison.id }} again={Boolean(poll)} />}
      </div>
      <CommunityVotes list={polls.data} names={names} />
      {pick.isError && (
        <p role="alert" className="text-sm text-danger">
          {pickError === "conflict:chat_busy" ? t("compare.pickBusy") : pickError === "conflict:chat_approval_waiting" ? t("compare.pickApproval") : t("compare.pickFailed")}
        </p>
      )}
    </div>
  );
}
