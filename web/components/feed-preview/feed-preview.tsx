import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { authAtom } from "../../lib/auth-state.ts";
import { useImage } from "../../lib/image-cache.ts";
import { TextField } from "../ui/field.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs.tsx";
import { CHANNEL_MAX, channelFromEmail, DEFAULT_DURATION, defaultTitle, isDuration } from "./card-text.ts";
import { ChoiceGroup } from "./choice-group.tsx";
import { type FeedDevice, type FeedLayout, feedLayouts, FeedLayoutView } from "./feed-layouts.tsx";
import { type PixelReader, readImagePixels } from "./read-pixels.ts";
import { pickNeighbours, useImageScene, useRecentImages, useVerdict } from "./use-feed-data.ts";
import { YourGrid } from "./your-grid.tsx";
import { VerdictPanel } from "./verdict-panel.tsx";
import { VideoTitleField } from "./video-title-field.tsx";
import { type FeedLook, type FeedVideo, lookStyle } from "./video-card.tsx";

export interface FeedPreviewProps {
  /** A ready image (one with `urls`). */
  image: ImageRecord & { urls: NonNullable<ImageRecord["urls"]> };
  /** Gallery images the caller already holds; without them the newest page of the gallery is fetched. */
  others?: readonly ImageRecord[];
  /** The channel line's starting text; the signed-in user's name when omitted. */
  channel?: string;
  /** How pixels are read for the verdict; the browser's canvas unless a test hands in fixtures. */
  readPixels?: PixelReader;
  /** How "Your grid" reads the thumbnails' colours; the browser's canvas unless a test hands in fixtures. */
  readGridPixels?: PixelReader;
}

/** The scene's headline text, when the record carries a Studio scene. */
function sceneHeadline(scene: Record<string, unknown> | null | undefined): string | undefined {
  const layers = Array.isArray(scene?.text) ? (scene.text as { text?: unknown; size?: unknown }[]) : [];
  const largest = layers.reduce<{ text?: unknown; size?: unknown } | undefined>((a, b) => (!a || Number(b.size ?? 0) > Number(a.size ?? 0) ? b : a), undefined);
  return typeof largest?.text === "string" ? largest.text : undefined;
}

/**
 * The feed preview's body: the 168×94 verdict, the video's title (saved with the image), the editable channel and
 * duration, and the thumbnail in YouTube's home grid, search results and "up next" list at desktop and mobile sizes,
 * in YouTube's dark or light look, beside up to three of the user's own gallery images.
 */
export function FeedPreview({ image: given, others, channel, readPixels = readImagePixels, readGridPixels = readImagePixels }: FeedPreviewProps) {
  const { t } = useTranslation("app");
  const auth = useAtomValue(authAtom);
  const user = auth.status === "authenticated" ? auth.user : null;
  // The cache's copy: a title saved here or in another tab shows at once.
  const live = useImage(given);
  const image = { ...given, title: live.title };
  const scene = useImageScene(image.id);
  const recent = useRecentImages(user?.id, others);
  const neighbours = pickNeighbours(recent, image.id);
  const verdict = useVerdict(image.id, image.urls.preview, readPixels);

  const [layout, setLayout] = useState<FeedLayout>("home");
  // A phone first sees the phone feed; the desktop one is a tap away (it scrolls sideways there).
  const [device, setDevice] = useState<FeedDevice>(() => (typeof window !== "undefined" && window.matchMedia?.("(max-width: 639px)").matches ? "mobile" : "desktop"));
  const [look, setLook] = useState<FeedLook>("dark");
  // Until edited, the title follows the saved one, else its default (the scene's headline may arrive after opening);
  // the channel follows its default.
  const [title, setTitle] = useState<string | null>(null);
  const [channelName, setChannelName] = useState<string | null>(null);
  const [duration, setDuration] = useState(DEFAULT_DURATION);
  const durationOk = isDuration(duration);

  const channelText = channelName ?? channel ?? channelFromEmail(user?.email);
  const yours: FeedVideo = {
    key: image.id,
    src: image.urls.preview,
    title: title ?? image.title ?? defaultTitle(image.prompt, sceneHeadline(scene.data?.scene)),
    channel: channelText,
    avatar: channelText,
    duration: durationOk ? duration.trim() : DEFAULT_DURATION,
    yours: true,
  };
  const videos: FeedVideo[] = [
    yours,
    ...neighbours.map((other) => ({ key: other.id, src: other.urls?.preview ?? "", title: other.title ?? defaultTitle(other.prompt), channel: t("feedPreview.galleryChannel"), avatar: channelText, yours: false })),
  ];
  const lookLabel = t(`feedPreview.look.${look}`);
  const deviceLabel = t(`feedPreview.device.${device}`);

  return (
    <div className="grid min-w-0 gap-6" data-testid="feed-preview">
      <div className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <VerdictPanel video={yours} look={look} state={verdict} />
        <div className="grid min-w-0 content-start gap-3">
          <VideoTitleField image={image} value={yours.title} onChange={setTitle} name="feed-title" />
          <div className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <TextField label={t("feedPreview.fields.channel")} value={yours.channel} onChange={setChannelName} maxLength={CHANNEL_MAX} name="feed-channel" />
            <TextField
              label={t("feedPreview.fields.duration")}
              value={duration}
              onChange={setDuration}
              maxLength={8}
              inputMode="numeric"
              name="feed-duration"
              error={durationOk ? null : t("feedPreview.fields.durationInvalid")}
            />
          </div>
        </div>
      </div>

      <Tabs value={layout} onValueChange={(value) => setLayout(value as FeedLayout)} className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-[1_1_18rem] gap-1">
            <span className="text-xs font-semibold text-muted" aria-hidden="true">
              {t("feedPreview.layouts.label")}
            </span>
            <TabsList aria-label={t("feedPreview.layouts.label")}>
              {feedLayouts.map((id) => (
                <TabsTrigger key={id} value={id}>
                  {t(`feedPreview.layouts.${id}`)}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <ChoiceGroup
            label={t("feedPreview.device.label")}
            value={device}
            onChange={setDevice}
            testId="feed-device"
            options={[
              { value: "desktop", label: t("feedPreview.device.desktop") },
              { value: "mobile", label: t("feedPreview.device.mobile") },
            ]}
          />
          <ChoiceGroup
            label={t("feedPreview.look.label")}
            value={look}
            onChange={setLook}
            testId="feed-look"
            options={[
              { value: "dark", label: t("feedPreview.look.dark") },
              { value: "light", label: t("feedPreview.look.light") },
            ]}
          />
        </div>
        {feedLayouts.map((id) => (
          <TabsContent key={id} value={id} tabIndex={-1}>
            <div
              role="region"
              aria-label={t("feedPreview.stage", { layout: t(`feedPreview.layouts.${id}`), device: deviceLabel, look: lookLabel })}
              // Focusable so a keyboard can scroll a desktop frame sideways on a narrow screen.
              tabIndex={0}
              data-testid="feed-stage"
              data-look={look}
              style={lookStyle(look)}
              className={`overflow-x-auto rounded-2xl border border-border ${device === "mobile" ? "bg-surface-2 p-2 sm:p-4" : "bg-(--yt-bg)"}`}
            >
              <div data-testid="feed-screen" className={`bg-(--yt-bg) ${device === "mobile" ? "mx-auto w-full max-w-[375px] overflow-hidden rounded-2xl shadow-lg" : "w-max"}`}>
                <FeedLayoutView layout={id} device={device} videos={videos} label={t("feedPreview.listLabel")} />
              </div>
            </div>
          </TabsContent>
        ))}
      </Tabs>
      <p className="text-sm text-muted" data-testid="feed-note">
        {neighbours.length === 0 ? t("feedPreview.noteAlone") : t("feedPreview.note", { count: neighbours.length })}
      </p>
      <YourGrid image={image} recent={recent} readPixels={readGridPixels} />
    </div>
  );
}
