import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useAtomValue } from "jotai";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { imageProgressAtom } from "../../lib/image-cache.ts";
import { dateGroupLabel } from "./date-groups.ts";
import { GalleryTile } from "./gallery-tile.tsx";
import { type GridMetrics, layoutGrid } from "./layout.ts";

function metricsFor(width: number): GridMetrics {
  if (width < 640) return { width, rowHeight: 128, gap: 6, headingHeight: 44 };
  return { width, rowHeight: width < 1024 ? 180 : 210, gap: 10, headingHeight: 52 };
}

/** The width of an element, followed as it changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The images in date groups, in justified rows, virtualised against the page's own scroll: only the rows near the
 * viewport are in the DOM, so ten thousand images cost what a few screens do. Asks for the next page as the end nears.
 */
export function GalleryGrid({
  images,
  now,
  hasMore,
  loadingMore,
  onLoadMore,
  selecting,
  selected,
  onOpen,
  onToggle,
}: {
  images: readonly ImageRecord[];
  now: Date;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onOpen: (image: ImageRecord) => void;
  onToggle: (image: ImageRecord) => void;
}) {
  const { t, i18n } = useTranslation("gallery");
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const progress = useAtomValue(imageProgressAtom);
  const metrics = useMemo(() => metricsFor(width), [width]);
  const lines = useMemo(() => layoutGrid(images, now, metrics), [images, now, metrics]);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin((container.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, [width]);

  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize: (index) => {
      const line = lines[index];
      return line ? line.height + (line.type === "row" ? metrics.gap : 0) : 0;
    },
    getItemKey: (index) => lines[index]?.key ?? index,
    overscan: 4,
    scrollMargin,
  });
  // Row heights change with the width: measured sizes are dropped when the layout changes.
  useEffect(() => virtualizer.measure(), [lines, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= lines.length - 4) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, lines.length, onLoadMore]);

  const locale = i18n.resolvedLanguage ?? "en";
  return (
    <div ref={container} className="w-full" data-testid="gallery-grid" data-images={images.length}>
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          const top = item.start - virtualizer.options.scrollMargin;
          if (line.type === "heading") {
            return (
              <h2
                key={item.key}
                className="absolute inset-x-0 flex items-end pb-2 text-base font-bold sm:text-lg"
                style={{ height: line.height, transform: `translateY(${top}px)` }}
                data-testid="date-heading"
              >
                {dateGroupLabel(line.group, locale)}
              </h2>
            );
          }
          return (
            <div key={item.key} className="absolute inset-x-0 flex" style={{ height: line.height, gap: metrics.gap, transform: `translateY(${top}px)` }}>
              {line.tiles.map(({ image, width: tileWidth }) => (
                <GalleryTile
                  key={image.id}
                  image={image}
                  width={tileWidth}
                  height={line.height}
                  progress={progress[image.id]}
                  selecting={selecting}
                  selected={selected.has(image.id)}
                  onOpen={onOpen}
                  onToggle={onToggle}
                />
              ))}
            </div>
          );
        })}
      </div>
      {loadingMore && (
        <p role="status" className="py-6 text-center text-sm text-muted">
          {t("states.more")}
        </p>
      )}
    </div>
  );
}
