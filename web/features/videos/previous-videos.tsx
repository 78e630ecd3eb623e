import { useTranslation } from "react-i18next";
import type { Video } from "../../../contract/videos.ts";
import { formatTimecode } from "../../../contract/videos.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { formatBytes } from "../../lib/video-format.ts";
import { iconPaths } from "../../components/ui/icon-paths.ts";

/** The user's videos still kept (24 hours from upload), newest first; one opens on a click. */
export function PreviousVideos({ videos, openId, onOpen }: { videos: readonly Video[]; openId: string | undefined; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("videos");
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="previous-videos-title" className="grid gap-3" data-testid="previous-videos">
      <h2 id="previous-videos-title" className="font-bold">
        {t("previous.title")}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {videos.map((video) => {
          const cover = video.frames[0]?.url;
          const hoursLeft = Math.max(0, Math.ceil((Date.parse(video.expiresAt) - Date.now()) / 3_600_000));
          return (
            <li key={video.id}>
              <button
                type="button"
                onClick={() => onOpen(video.id)}
                aria-current={video.id === openId || undefined}
                className={`flex w-full items-center gap-3 rounded-2xl border bg-surface p-2 text-left transition hover:border-primary/60 ${video.id === openId ? "border-primary" : "border-border"}`}
              >
                <span className="grid aspect-video w-20 shrink-0 place-items-center overflow-hidden rounded-xl bg-surface-2 text-muted">
                  {cover ? <img src={cover} alt="" className="size-full object-cover" /> : <Icon d={iconPaths.video} className="size-6" />}
                </span>
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate text-sm font-semibold">{video.name}</span>
                  <span className="truncate text-xs text-muted">
                    {[video.probe ? formatTimecode(video.probe.durationMs) : null, formatBytes(video.bytes, i18n.language), t(`status.${video.status}`)].filter(Boolean).join(" · ")}
                  </span>
                  <span className="text-xs text-muted">{video.status === "expired" ? t("previous.kept") : t("previous.expires", { count: hoursLeft })}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
