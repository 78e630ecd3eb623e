import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { gridFit, paletteOf } from "./grid-palette.ts";
import type { PixelReader } from "./read-pixels.ts";

/** A channel page's Videos tab holds four to a row on a desktop; the new one and seven recent fill two rows. */
export const GRID_RECENT = 7;

type Ready = ImageRecord & { urls: NonNullable<ImageRecord["urls"]> };

/**
 * "Your grid": the new thumbnail first, beside the creator's recent ones as their channel page shows them, and a note
 * when its colours stand out from theirs or blend in (palette distance, docs/product/style-kits.md).
 */
export function YourGrid({ image, recent, readPixels }: { image: Ready; recent: readonly ImageRecord[]; readPixels: PixelReader }) {
  const { t } = useTranslation("app");
  const family = familyOf(image, recent);
  const others = recent.filter((r): r is Ready => !family(r) && r.status === "ready" && r.urls !== null).slice(0, GRID_RECENT);
  const all = [image, ...others];
  const palettes = useQueries({
    queries: all.map((item) => ({
      queryKey: ["feed-preview", "palette", item.id, item.urls.thumb],
      queryFn: async ({ signal }: { signal: AbortSignal }) => paletteOf(await readPixels(item.urls.thumb, signal)),
      staleTime: Infinity,
    })),
  });
  const [mine, ...theirs] = palettes;
  // A thumbnail whose pixels cannot be read is left out of the comparison rather than keeping it waiting for ever.
  const settled = palettes.every((p) => !p.isPending);
  const readable = theirs.flatMap((p) => (p.data ? [p.data] : []));
  const fit = settled && mine?.data && readable.length > 0 ? gridFit(mine.data, readable) : undefined;
  const unreadable = settled && !fit && others.length > 0;
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="your-grid-heading" data-testid="your-grid">
      <div className="grid gap-1">
        <h3 id="your-grid-heading" className="text-base font-bold">
          {t("feedPreview.grid.title")}
        </h3>
        <p className="text-sm text-muted">{t("feedPreview.grid.intro")}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {all.map((item, i) => (
          <li key={item.id} className={`relative overflow-hidden rounded-lg ${i === 0 ? "ring-2 ring-primary ring-offset-2 ring-offset-surface" : ""}`} data-testid={i === 0 ? "your-grid-new" : "your-grid-recent"}>
            <img src={item.urls.thumb} alt={i === 0 ? t("feedPreview.grid.newAlt") : ""} className="aspect-video w-full object-cover" loading="lazy" />
            {i === 0 && <span className="absolute top-1 left-1 rounded-md bg-primary px-1.5 py-0.5 text-xs font-semibold text-on-primary">{t("feedPreview.grid.new")}</span>}
          </li>
        ))}
      </ul>
      <p className="text-sm" data-testid="your-grid-note" data-fit={fit?.fit ?? (others.length === 0 ? "alone" : unreadable ? "unreadable" : "measuring")}>
        {others.length === 0
          ? t("feedPreview.grid.alone")
          : fit
            ? t(`feedPreview.grid.${fit.fit}`, { distance: fit.distance })
            : unreadable
              ? t("feedPreview.grid.unreadable")
              : t("feedPreview.grid.measuring")}
      </p>
    </section>
  );
}

/**
 * Whether a recent image is of the new one's own making: itself, the same pack, or the same version tree (edits and
 * variants, followed through parentId among the images at hand). Those are no part of "your channel".
 */
function familyOf(image: ImageRecord, recent: readonly ImageRecord[]): (other: ImageRecord) => boolean {
  const byId = new Map([image, ...recent].map((r) => [r.id, r]));
  const rootOf = (start: ImageRecord) => {
    let at = start;
    const seen = new Set<string>();
    while (at.parentId && !seen.has(at.id)) {
      seen.add(at.id);
      const parent = byId.get(at.parentId);
      if (!parent) return at.parentId;
      at = parent;
    }
    return at.id;
  };
  const root = rootOf(image);
  return (other) => other.id === image.id || (image.packId !== null && other.packId === image.packId) || rootOf(other) === root;
}
