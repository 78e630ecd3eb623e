import { Avatar, CardText, clampClass, type FeedVideo, type TitleLines, Thumb } from "./video-card.tsx";

export const feedLayouts = ["home", "search", "upNext"] as const;
export type FeedLayout = (typeof feedLayouts)[number];
export type FeedDevice = "desktop" | "mobile";

/**
 * How many lines of a title YouTube shows at each place before it cuts the rest with an ellipsis (docs/product/
 * web-app.md, Feed preview): two everywhere, in a larger font in desktop search, and three in the narrow mobile search
 * rows. A title is never cut by characters, only by the lines it fills at that width.
 */
export const titleLines: Record<FeedDevice, Record<FeedLayout, TitleLines>> = {
  desktop: { home: 2, search: 2, upNext: 2 },
  mobile: { home: 2, search: 3, upNext: 2 },
};

/*
 * The three places a viewer meets a thumbnail, at YouTube's sizes. Desktop: the home grid (three columns of about
 * 320 px in a 1280 px window with the guide open), a search row (360×202), the watch page's "up next" list (168×94,
 * the smallest a thumbnail is ever shown). Mobile: full-width home cards, inset search cards, compact up-next rows
 * (160×90). Desktop frames keep their real width and scroll sideways on a narrow screen rather than shrink.
 */

interface LayoutProps {
  videos: readonly FeedVideo[];
  lines: TitleLines;
}

function HomeDesktop({ videos, lines }: LayoutProps) {
  return (
    <ul className="grid w-[1040px] grid-cols-3 gap-x-4 gap-y-10 p-6">
      {videos.map((video) => (
        <li key={video.key} className="grid min-w-0 content-start gap-3">
          <Thumb video={video} className="aspect-video w-full rounded-xl" />
          <div className="flex min-w-0 gap-3">
            <Avatar name={video.avatar} className="size-9 text-base" />
            <CardText video={video} lines={lines} title="text-base leading-[22px] font-medium" channel="mt-1 text-sm leading-5" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SearchDesktop({ videos, lines }: LayoutProps) {
  return (
    <ul className="grid w-[920px] gap-4 p-6">
      {videos.map((video) => (
        <li key={video.key} className="flex min-w-0 gap-4">
          <Thumb video={video} className="h-[202px] w-[360px] rounded-xl" />
          <div className="grid min-w-0 content-start gap-3 py-0.5">
            <p
              className={`${clampClass[lines]} text-lg leading-[26px] break-words text-(--yt-fg)`}
              title={video.title}
              data-lines={lines}
              data-testid={video.yours ? "feed-title" : undefined}
            >
              {video.title}
            </p>
            <div className="flex min-w-0 items-center gap-2">
              <Avatar name={video.avatar} className="size-6 text-xs" />
              <p className="truncate text-xs leading-[18px] text-(--yt-muted)">{video.channel}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function UpNextDesktop({ videos, lines }: LayoutProps) {
  return (
    <ul className="grid w-[426px] gap-2 p-3">
      {videos.map((video) => (
        <li key={video.key} className="flex min-w-0 gap-2">
          <Thumb video={video} badge="sm" className="h-[94px] w-[168px] rounded-lg" testId={video.yours ? "feed-upnext-thumb" : undefined} />
          <CardText video={video} lines={lines} title="text-sm leading-5 font-medium" channel="mt-1 text-xs leading-[18px]" />
        </li>
      ))}
    </ul>
  );
}

function HomeMobile({ videos, inset, lines }: LayoutProps & { inset: boolean }) {
  return (
    <ul className="grid w-full gap-5 py-3">
      {videos.map((video) => (
        <li key={video.key} className={`grid min-w-0 gap-3 ${inset ? "px-3" : ""}`}>
          <Thumb video={video} className={`aspect-video w-full ${inset ? "rounded-xl" : ""}`} />
          <div className={`flex min-w-0 gap-3 ${inset ? "" : "px-3"}`}>
            <Avatar name={video.avatar} className="size-9 text-base" />
            <CardText video={video} lines={lines} title="text-sm leading-5" channel="mt-0.5 text-xs leading-[18px]" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function UpNextMobile({ videos, lines }: LayoutProps) {
  return (
    <ul className="grid w-full gap-3 p-3">
      {videos.map((video) => (
        <li key={video.key} className="flex min-w-0 gap-3">
          <Thumb video={video} badge="sm" className="h-[90px] w-40 rounded-lg" />
          <CardText video={video} lines={lines} title="text-sm leading-5" channel="mt-1 text-xs leading-[18px]" />
        </li>
      ))}
    </ul>
  );
}

/** One layout at one device size; `label` names the list for assistive tech. */
export function FeedLayoutView({ layout, device, videos, label }: { layout: FeedLayout; device: FeedDevice; videos: readonly FeedVideo[]; label: string }) {
  const lines = titleLines[device][layout];
  const view =
    device === "desktop" ? (
      layout === "home" ? (
        <HomeDesktop videos={videos} lines={lines} />
      ) : layout === "search" ? (
        <SearchDesktop videos={videos} lines={lines} />
      ) : (
        <UpNextDesktop videos={videos} lines={lines} />
      )
    ) : layout === "upNext" ? (
      <UpNextMobile videos={videos} lines={lines} />
    ) : (
      <HomeMobile videos={videos} lines={lines} inset={layout === "search"} />
    );
  return (
    <div aria-label={label} role="group" data-testid="feed-layout" data-layout={layout} data-device={device}>
      {view}
    </div>
  );
}
