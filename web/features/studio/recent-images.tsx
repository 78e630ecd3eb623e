import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { Button } from "../../components/ui/button.tsx";
import { SwapSubjectDialog } from "./swap-subject-dialog.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { iconButtonClass } from "../../components/ui/icon-button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useSocketConnected } from "../../lib/socket-context.tsx";
import { RECENT_LIMIT } from "./api.ts";
import { noFilters, useImageList } from "../../lib/image-lists.ts";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { iconPaths } from "../../components/ui/icon-paths.ts";
import type { ImageProgress } from "../../lib/image-cache.ts";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";
import { imageProgressAtom } from "../../lib/image-cache.ts";
import { LoadFailed } from "../../components/ui/load-failed.tsx";
import { Icon } from "../../components/ui/icon.tsx";

const gridClass = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

function Tile({ image, progress }: { image: ImageRecord; progress: ImageProgress | undefined }) {
  const { t } = useTranslation("app");
  const working = image.status === "pending" || image.status === "running";
  const prompt = image.prompt ?? "";
  return (
    <Card
      as="li"
      padding="none"
      radius="md"
      className="grid min-w-0 grid-cols-1 content-start overflow-hidden"
      data-testid="recent-image"
      data-image-id={image.id}
      data-status={image.status}
    >
      <div className="relative grid aspect-video place-items-center bg-surface-2">
        {image.status === "ready" && image.urls ? (
          <img
            src={image.urls.thumb}
            alt={prompt}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            loading="lazy"
            className="absolute inset-0 size-full object-contain"
          />
        ) : working ? (
          <div className="grid w-full gap-2 px-3 text-center sm:px-4">
            <span aria-hidden="true" className="mx-auto size-6 animate-spin rounded-full border-[3px] border-primary/25 border-t-primary" />
            <p className="text-xs font-semibold sm:text-sm">{t("studio.generating")}</p>
            <ProgressBar progress={progress} size="sm" />
          </div>
        ) : (
          <p className="px-3 text-center text-xs font-semibold text-danger sm:text-sm">{generationErrorMessage(t, image.errorCode)}</p>
        )}
      </div>
      <div className="grid min-w-0 gap-1.5 p-3">
        <p className="line-clamp-2 text-sm font-medium break-words" title={prompt}>
          {prompt}
        </p>
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="min-w-0 truncate text-xs text-muted">
            {image.style ? t(`studio.styles.${image.style}.label`, { defaultValue: image.style }) : ""}
            {image.aspect ? ` · ${image.aspect}` : ""}
          </p>
          {image.status === "ready" && image.urls && (
            <div className="flex shrink-0 items-center gap-1">
              <SwapSubjectDialog image={image} label={prompt} />
              <a
                href={image.urls.download}
                download
                className={iconButtonClass()}
                data-testid="recent-download"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={iconPaths.download} />
                </svg>
                <span className="sr-only">
                  {t("studio.download")}: {prompt}
                </span>
              </a>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}

/**
 * The failed images of the grid as one card at its end: they were refunded and show no picture, so a few failures
 * never push the user's thumbnails out of sight. Opened, their tiles (each with its reason) follow it.
 */
function FailedGroup({ count, open, onToggle, controls }: { count: number; open: boolean; onToggle: () => void; controls: string }) {
  const { t } = useTranslation("app");
  return (
    <Card as="li" padding="none" radius="md" elevation="flat" className="grid min-w-0 grid-cols-1 content-start overflow-hidden" data-testid="recent-failed-group">
      <div className="grid aspect-video place-items-center gap-1 bg-surface-2 px-3 text-center">
        <p className="text-sm font-semibold text-danger">{t("recent.failedGroup", { count })}</p>
        <p className="text-xs text-muted">{t("recent.failedRefunded")}</p>
      </div>
      <div className="flex min-h-9 items-center p-3">
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
          {open ? t("recent.hideFailed") : t("recent.showFailed")}
        </Button>
      </div>
    </Card>
  );
}

/** A small "Live" mark: other tabs' work appears here only while the socket is connected. */
function LiveStatus() {
  const { t } = useTranslation("app");
  const connected = useSocketConnected();
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium" data-testid="live-status" data-connected={connected}>
      <span aria-hidden="true" className={`size-2 rounded-full ${connected ? "bg-success motion-safe:animate-pulse" : "bg-muted"}`} />
      {connected ? t("recent.live") : t("recent.connecting")}
    </p>
  );
}

/** The newest images of the user, kept live by the socket (web/lib/use-image-live.ts): other tabs' work shows up too. */
export function RecentImages({ userId }: { userId: string }) {
  const { t } = useTranslation("app");
  const id = useId();
  const { query, images: listed } = useImageList(userId, noFilters, RECENT_LIMIT);
  const progress = useAtomValue(imageProgressAtom);
  const images = listed.slice(0, RECENT_LIMIT);
  const made = images.filter((image) => image.status !== "failed");
  const failed = images.filter((image) => image.status === "failed");
  const [showFailed, setShowFailed] = useState(false);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4" aria-busy={query.isPending || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="text-xl font-bold sm:text-2xl">
            {t("recent.title")}
          </h2>
          <p className="text-muted">{t("recent.subtitle")}</p>
        </div>
        <LiveStatus />
      </div>
      {query.isPending ? (
        <ul className={gridClass} aria-label={t("recent.loading")}>
          {Array.from({ length: 4 }, (_, i) => (
            <Card as="li" key={i} padding="none" elevation="flat" radius="md" className="overflow-hidden">
              <Skeleton flush className="aspect-video" />
              <div className="grid gap-2 p-3">
                <Skeleton className="h-3 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </Card>
          ))}
        </ul>
      ) : query.isError ? (
        <LoadFailed message={t("recent.failed")} retryLabel={t("recent.retry")} onRetry={() => void query.refetch()} />
      ) : images.length === 0 ? (
        <EmptyState
          data-testid="recent-empty"
          icon={<Icon d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5" className="size-9" />}
          title={t("recent.emptyTitle")}
          text={t("recent.emptyBody")}
        />
      ) : (
        <ul className={gridClass} id={`${id}-grid`}>
          {made.map((image) => (
            <Tile key={image.id} image={image} progress={progress[image.id]} />
          ))}
          {failed.length > 0 && <FailedGroup count={failed.length} open={showFailed} onToggle={() => setShowFailed((open) => !open)} controls={`${id}-grid`} />}
          {showFailed && failed.map((image) => <Tile key={image.id} image={image} progress={undefined} />)}
        </ul>
      )}
    </section>
  );
}
