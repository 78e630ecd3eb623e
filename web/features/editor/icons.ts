import { iconPaths } from "../../components/ui/icon-paths.ts";

/** Stroke icons of the editor (24×24). */
export const editorIcons = {
  back: "M15 6l-6 6 6 6",
  undo: "M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3",
  redo: "M15 14l5-5-5-5M20 9H10a6 6 0 000 12h3",
  rotateLeft: "M4 4v6h6M4.5 15a8 8 0 102-9L4 10",
  rotateRight: "M20 4v6h-6M19.5 15a8 8 0 11-2-9L20 10",
  flipX: "M12 3v18M8 7l-5 5 5 5V7zM16 7l5 5-5 5V7z",
  flipY: "M3 12h18M7 8l5-5 5 5H7zM7 16l5 5 5-5H7z",
  text: "M5 6V4h14v2M12 4v16M9 20h6",
  crop: "M6 2v14a2 2 0 002 2h14M2 6h14a2 2 0 012 2v14",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3",
  save: "M5 4h11l3 3v13H5zM8 4v5h8M8 20v-6h8v6",
  download: iconPaths.download,
  person: "M20 21a8 8 0 10-16 0M12 11a4 4 0 100-8 4 4 0 000 8z",
} as const;
