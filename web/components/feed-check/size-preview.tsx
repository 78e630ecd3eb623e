import type { FeedSizeResult } from "../../../contract/feed-check.ts";
import { DEFAULT_DURATION } from "../feed-preview/card-text.ts";
import { lookStyle, Thumb } from "../feed-preview/video-card.tsx";

// Below this width YouTube draws the small duration badge.
const SMALL_BADGE_BELOW = 200;

/** The image at one checked size, in CSS pixels, on that YouTube look, with the duration badge where YouTube puts it. */
export function SizePreview({ src, result }: { src: string; result: FeedSizeResult }) {
  return (
    <div className="w-fit rounded-xl bg-(--yt-bg) p-2" style={lookStyle(result.theme)}>
      <div style={{ width: result.width, height: result.height }} data-testid="feed-check-box">
        <Thumb
          video={{ key: `${result.size}-${result.theme}`, src, title: "", channel: "", avatar: "", duration: DEFAULT_DURATION, yours: true }}
          badge={result.width < SMALL_BADGE_BELOW ? "sm" : "md"}
          className="size-full rounded-lg"
        />
      </div>
    </div>
  );
}
