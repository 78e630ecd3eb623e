import { iconPaths } from "../../components/ui/icon-paths.ts";

/** Stroke icons of the chat; the drawing is the shared Icon. */
export { Icon as ChatIcon } from "../../components/ui/icon.tsx";

export const icons = {
  plus: "M12 5v14M5 12h14",
  menu: "M4 6h16M4 12h16M4 18h16",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  rename: "M4 20h4L18.5 9.5a2.1 2.1 0 00-4-4L4 16v4zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3",
  send: "M5 12h14M13 6l6 6-6 6",
  stop: "M7 7h10v10H7z",
  attach: "M21 12.5l-8.5 8.5a5 5 0 01-7-7L14 5.5a3.5 3.5 0 015 5L10.5 19a2 2 0 01-3-3L15 8.5",
  close: "M6 6l12 12M18 6L6 18",
  download: iconPaths.download,
  expand: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  edit: "M4 20h4L18.5 9.5a2.1 2.1 0 00-4-4L4 16v4z",
  variation: "M4 4v6h6M20 20v-6h-6M5.5 15a7 7 0 0012 2.5M18.5 9A7 7 0 006.5 6.5",
  check: "M5 12l5 5 9-10",
  editor: "M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01",
  warning: "M12 8v5m0 3h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z",
  chat: "M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z",
  options: "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4",
  user: "M20 21a8 8 0 10-16 0M12 11a4 4 0 100-8 4 4 0 000 8z",
  compare: "M12 3v18M4 5h5v14H4zM15 5h5v14h-5",
  regenerate: "M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7",
  previous: iconPaths.previous,
  next: iconPaths.next,
} as const;
