import type { VideoFilmstrip } from "../../../contract/videos.ts";

export interface FilmstripTile {
  index: number;
  column: number;
  row: number;
  /** CSS for a box of the tile's aspect ratio showing that tile of the filmstrip JPEG, at any size. */
  style: { backgroundImage: string; backgroundSize: string; backgroundPosition: string; aspectRatio: string };
}

/** The filmstrip tile nearest to `timeMs` (tile i shows the moment i × stepMs), and how to show it. */
export function filmstripTile(filmstrip: VideoFilmstrip, timeMs: number): FilmstripTile {
  const last = Math.max(0, filmstrip.count - 1);
  const index = Math.min(last, Math.max(0, Math.round(timeMs / Math.max(1, filmstrip.stepMs))));
  const column = index % filmstrip.columns;
  const row = Math.floor(index / filmstrip.columns);
  // Percent positions place the tile's edge at the box's edge whatever the box's size: p = i / (n − 1).
  const x = filmstrip.columns > 1 ? (column / (filmstrip.columns - 1)) * 100 : 0;
  const y = filmstrip.rows > 1 ? (row / (filmstrip.rows - 1)) * 100 : 0;
  return {
    index,
    column,
    row,
    style: {
      backgroundImage: `url("${filmstrip.url}")`,
      backgroundSize: `${filmstrip.columns * 100}% ${filmstrip.rows * 100}%`,
      backgroundPosition: `${x}% ${y}%`,
      aspectRatio: `${filmstrip.tileWidth} / ${filmstrip.tileHeight}`,
    },
  };
}

/** How far the timeline reaches: the probed duration, else the filmstrip's last moment. */
export function timelineEndMs(durationMs: number | undefined, filmstrip: VideoFilmstrip): number {
  return durationMs && durationMs > 0 ? durationMs : Math.max(0, (filmstrip.count - 1) * filmstrip.stepMs);
}
