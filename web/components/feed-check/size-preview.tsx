import type { FeedSizeResult } from "../../../contract/feed-check.ts";
import { DEFAULT_DURATION } from "../feed-preview/card-text.ts";
import { lookStyle, Thumb } from "../feed-preview/video-card.tsx";

// Below this width YouTube draws the small duration badge.
const SMALL_BADGE_BELOW = 200;

/**
 * The image at one checked size, in CSS pixels, on that YouTube look, with the duration badge where YouTube puts it.
 * Where the panel is narrower than the slot (a 360 px slot on a phone), it shrinks to fit rather than being cut off;
 * the figures beside it are measured at the real size.
 */
export function SizePreview({ src, result }: { src: string; result: FeedSizeResult }) {
  return (
    <div className="w-fit max-w-full rounded-xl bg-(--yt-bg) p-2" style={lookStyle(result.theme)}>
      <div style={{ width: result.width, maxWidth: "100%", aspectRatio: `${result.width} / ${result.height}` }} data-testid="feed-check-box">
        <Thumb
          video={{ key: `${result.size}-${result.theme}`, src, title: "", channel: "", avatar: "", duration: DEFAULT_DURATION, yours: true }}
          badge={result.width < SMALL_BADGE_BELOW ? "sm" : "md"}
          className="size-full rounded-lg"
        />
      </div>
    </div>
  );
}
