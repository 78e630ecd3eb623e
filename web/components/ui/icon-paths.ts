/** SVG path data of icons more than one screen draws (24×24, stroked). */
export const iconPaths = {
  download: "M12 4v11m0 0l-4-4m4 4l4-4M5 19h14",
  previous: "M15 18l-6-6 6-6",
  next: "M9 18l6-6-6-6",
  /** A film camera: From your video (its navigation entry, drop zone and the chat's video chip). */
  video: "M4 6h11a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1V7a1 1 0 011-1zM16 10l5-3v10l-5-3",
} as const;
