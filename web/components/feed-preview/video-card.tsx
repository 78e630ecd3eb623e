import type { CSSProperties } from "react";
import { initialOf } from "./card-text.ts";

/** One video in the previewed feed: the user's thumbnail, or one of their gallery images beside it. */
export interface FeedVideo {
  key: string;
  src: string;
  title: string;
  channel: string;
  /** Whose round picture the card shows: the user's, on their own gallery images too. */
  avatar: string;
  /** The duration badge; gallery neighbours have none, since they are not videos with a length. */
  duration?: string;
  /** The thumbnail being judged (the others are context). */
  yours: boolean;
}

export type FeedLook = "dark" | "light";

/**
 * YouTube's two looks, independent of the app's theme: page, primary and secondary text. The font is the system's
 * Roboto where there is one (Android, ChromeOS), else Arial, as YouTube falls back.
 */
export function lookStyle(look: FeedLook): CSSProperties {
  const colours = look === "dark" ? { bg: "#0f0f0f", fg: "#f1f1f1", muted: "#aaaaaa" } : { bg: "#ffffff", fg: "#0f0f0f", muted: "#606060" };
  return {
    "--yt-bg": colours.bg,
    "--yt-fg": colours.fg,
    "--yt-muted": colours.muted,
    fontFamily: 'Roboto, Arial, "Noto Sans", "Helvetica Neue", sans-serif',
    colorScheme: look,
  } as CSSProperties;
}

// Dark enough behind white initials in either look.
const avatarColours = ["#1e5bc6", "#b3261e", "#6d28d9", "#0f766e", "#9d174d", "#a43c00"];

function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return avatarColours[hash % avatarColours.length]!;
}

/** The round channel picture: YouTube's initial-on-colour default, since the preview has no channel picture. */
export function Avatar({ name, className }: { name: string; className: string }) {
  return (
    <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-full font-medium text-white ${className}`} style={{ backgroundColor: avatarColour(name) }}>
      {initialOf(name)}
    </span>
  );
}

/**
 * A thumbnail as YouTube draws it: black behind an image of another shape (letterboxed, never cropped), the
 * duration in a dark badge at the bottom right.
 */
export function Thumb({ video, className, badge = "md", testId }: { video: FeedVideo; className: string; badge?: "sm" | "md"; testId?: string }) {
  return (
    <div className={`relative shrink-0 overflow-hidden bg-black ${className}`} data-testid={testId} data-yours={video.yours || undefined}>
      <img src={video.src} alt="" draggable={false} className="size-full object-contain" />
      {video.duration && (
        <span
          data-testid="feed-duration"
          className={`absolute rounded bg-black/80 font-medium text-white tabular-nums ${badge === "sm" ? "right-1 bottom-1 px-1 text-[11px] leading-4" : "right-2 bottom-2 px-1 text-xs leading-[18px]"}`}
        >
          {video.duration}
        </span>
      )}
    </div>
  );
}

export type TitleLines = 1 | 2 | 3;

/** CSS line-clamp with its ellipsis, by lines; written out whole so the stylesheet build finds each class. */
export const clampClass: Record<TitleLines, string> = { 1: "line-clamp-1", 2: "line-clamp-2", 3: "line-clamp-3" };

/** A title and channel under or beside a thumbnail, sized per layout; the title cut at `lines` lines, as YouTube cuts it there. */
export function CardText({ video, lines, title, channel }: { video: FeedVideo; lines: TitleLines; title: string; channel: string }) {
  return (
    <div className="grid min-w-0 content-start">
      <p className={`${clampClass[lines]} break-words text-(--yt-fg) ${title}`} title={video.title} data-lines={lines} data-testid={video.yours ? "feed-title" : undefined}>
        {video.title}
      </p>
      <p className={`truncate text-(--yt-muted) ${channel}`} data-testid={video.yours ? "feed-channel" : undefined}>
        {video.channel}
      </p>
    </div>
  );
}
