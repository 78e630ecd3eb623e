/** SVG path data of icons more than one screen draws (24×24, stroked). */
export const iconPaths = {
  download: "M12 4v11m0 0l-4-4m4 4l4-4M5 19h14",
  previous: "M15 18l-6-6 6-6",
  next: "M9 18l6-6-6-6",
} as const;
