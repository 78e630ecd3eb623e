import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";

/**
 * An image's versions as a row of small thumbnails (v1, v2, …), oldest first: the shown one is marked, and a click
 * shows another in the card. It scrolls sideways when a long chain does not fit (a phone's 375 px).
 */
export function VersionStrip({ versions, shownId, onShow }: { versions: readonly ImageRecord[]; shownId: string; onShow: (image: ImageRecord) => void }) {
  const { t } = useTranslation("chat");
  return (
    <ol className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-2" aria-label={t("versions.strip", { count: versions.length })} data-testid="version-strip">
      {versions.map((version, index) => {
        const shown = version.id === shownId;
        const label = t("versions.label", { number: index + 1 });
        return (
          <li key={version.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onShow(version)}
              aria-pressed={shown}
              // Its name starts with the words it shows, so a voice command of "v2" finds it.
              aria-label={t("versions.show", { label, number: index + 1, of: versions.length })}
              data-testid="version-thumb"
              data-image-id={version.id}
              className={`grid w-20 gap-1 rounded-xl p-1 text-center text-xs font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none ${
                shown ? "bg-surface-2 text-fg ring-2 ring-primary" : "text-muted hover:bg-surface-2"
              }`}
            >
              {version.urls ? (
                <img src={version.urls.thumb} alt="" className="aspect-video w-full rounded-lg border border-border bg-surface-2 object-contain" loading="lazy" />
              ) : (
                <span aria-hidden="true" className="aspect-video w-full rounded-lg bg-surface-2" />
              )}
              <span>{label}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
