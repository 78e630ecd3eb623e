import { QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { PublicShareResponse, SharedImage } from "../../contract/shares.ts";
import { type FeedDevice, FeedLayoutView } from "../components/feed-preview/feed-layouts.tsx";
import { type FeedLook, type FeedVideo, lookStyle } from "../components/feed-preview/video-card.tsx";
import { MarketingHeader } from "../components/site/marketing-header.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { ApiError } from "../lib/api.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { getSharedPage, voteOnShare } from "../lib/shares-api.ts";
import { usePageMeta } from "../lib/use-page-meta.ts";

const pageKey = (token: string) => ["shared-page", token] as const;

/** Whether the visitor's screen fits YouTube's desktop home row (1040 px): else the phone feed. */
const wideScreen = () => typeof window !== "undefined" && window.matchMedia?.("(min-width: 1100px)").matches;
const darkScheme = () => typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches;

function Gone() {
  const { t } = useTranslation("share");
  return (
    <Card padding="none" elevation="floating" className="mx-auto mt-10 w-full max-w-md p-8" data-testid="share-gone">
      <h1 className="text-2xl font-bold">{t("gone.title")}</h1>
      <p className="mt-3 text-muted">{t("gone.body")}</p>
      <Link to="/" className={buttonClass({ size: "md", className: "mt-6" })}>
        {t("home")}
      </Link>
    </Card>
  );
}

function Choice({
  image,
  page,
  chosen,
  sending,
  pending,
  onVote,
}: {
  image: SharedImage;
  page: PublicShareResponse;
  chosen: boolean;
  /** This choice's vote is on its way. */
  sending: boolean;
  /** Any vote is on its way: every button waits, so one browser never sends two at once. */
  pending: boolean;
  onVote: () => void;
}) {
  const { t } = useTranslation("share");
  const label = image.label ?? "";
  const name = image.label ? t("option", { label }) : (image.title ?? t("option", { label: "" }).trim());
  return (
    <li className={`grid min-w-0 content-start gap-3 rounded-3xl border bg-surface p-3 sm:p-4 ${chosen ? "border-primary ring-2 ring-primary" : "border-border"}`} data-testid="share-choice">
      <figure className="grid gap-2">
        <a href={image.urls.original} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-2xl bg-surface-2">
          <img
            src={image.urls.preview}
            alt={name}
            width={image.width ?? 1280}
            height={image.height ?? 720}
            className="aspect-video h-auto w-full object-cover"
            data-testid="share-image"
          />
        </a>
        <figcaption className="flex min-w-0 items-center gap-2">
          {image.label && <span className="grid size-8 shrink-0 place-items-center rounded-full bg-fg text-sm font-black text-bg">{label}</span>}
          <span className="min-w-0 truncate font-semibold">{image.title ?? (image.label ? t("option", { label }) : "")}</span>
        </figcaption>
      </figure>
      {page.voting && (
        <Button
          variant={chosen ? "primary" : "secondary"}
          size="md"
          aria-pressed={chosen}
          aria-label={chosen ? t("votedLabel", { label }) : t("vote", { label })}
          loading={sending}
          disabled={pending}
          onClick={onVote}
          data-testid={`share-vote-${label}`}
        >
          {chosen ? t("voted") : t("vote", { label })}
        </Button>
      )}
    </li>
  );
}

function SharedPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation("share");
  const queryClient = useQueryClient();
  const page = useQuery({ queryKey: pageKey(token), queryFn: () => getSharedPage(token), retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2 });
  const [device] = useState<FeedDevice>(() => (wideScreen() ? "desktop" : "mobile"));
  const [look] = useState<FeedLook>(() => (darkScheme() ? "dark" : "light"));
  const vote = useMutation({
    mutationFn: (imageId: string) => voteOnShare(token, imageId),
    onSuccess: (myVote) => queryClient.setQueryData<PublicShareResponse>(pageKey(token), (old) => (old ? { ...old, myVote } : old)),
  });
  // A page with one image takes no votes, whatever was shared: it reads as one image.
  const kind = page.data && !page.data.voting ? "image" : (page.data?.kind ?? "pack");
  usePageMeta(page.data ? t(`heading.${kind}`) : t("metaTitle"));

  if (page.isPending) return <p className="mt-10 text-center text-muted">{t("loading")}</p>;
  // The link was revoked or expired while the page was open.
  if (vote.error instanceof ApiError && vote.error.status === 404) return <Gone />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <Gone />;
    return (
      <div role="alert" className="mx-auto mt-10 grid max-w-md justify-items-center gap-4 text-center">
        <p>{t("error")}</p>
        <Button variant="secondary" size="md" onClick={() => void page.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  const data = page.data;
  const chosen = data.images.find((image) => image.id === data.myVote);
  const date = data.expiresAt ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "long", timeStyle: "short" }).format(new Date(data.expiresAt)) : null;
  const videos: FeedVideo[] = data.images.map((image) => ({
    key: image.id,
    src: image.urls.preview,
    title: image.title ?? (image.label ? `${t("videoTitle")} (${image.label})` : t("videoTitle")),
    channel: t("channel"),
    avatar: t("channel"),
    duration: "10:24",
    yours: true,
  }));
  const voteError = vote.error instanceof ApiError && vote.error.status === 429 ? t("rateLimited") : vote.isError ? t("voteFailed") : null;

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-primary">{t("brand")}</p>
        <h1 className="text-2xl font-black tracking-tight text-balance sm:text-4xl">{t(`heading.${kind}`)}</h1>
        <p className="max-w-2xl text-muted">{kind === "pack" ? t("intro.pack", { count: data.images.length }) : t(`intro.${kind}`)}</p>
        {date && <p className="text-sm text-muted">{t("expires", { date })}</p>}
      </div>

      <ul className={`grid gap-4 ${data.images.length === 1 ? "" : data.images.length === 2 ? "sm:grid-cols-2" : "md:grid-cols-2 xl:grid-cols-3"}`}>
        {data.images.map((image) => (
          <Choice
            key={image.id}
            image={image}
            page={data}
            chosen={image.id === data.myVote}
            sending={vote.isPending && vote.variables === image.id}
            pending={vote.isPending}
            onVote={() => vote.mutate(image.id)}
          />
        ))}
      </ul>
      <div aria-live="polite" className="-mt-4 min-h-6 text-sm">
        {voteError ? (
          <p role="alert" className="text-danger">
            {voteError}
          </p>
        ) : chosen?.label ? (
          <p className="font-semibold" data-testid="share-thanks">
            {t("thanks", { label: chosen.label })}
          </p>
        ) : null}
      </div>

      <section className="grid min-w-0 gap-3" aria-labelledby="share-feed">
        <h2 id="share-feed" className="text-lg font-bold">
          {t("feed")}
        </h2>
        <div className="overflow-x-auto rounded-3xl border border-border bg-(--yt-bg)" style={lookStyle(look)} data-testid="share-feed">
          <div className={device === "desktop" ? "mx-auto w-fit" : ""}>
            <FeedLayoutView layout="home" device={device} videos={videos} label={t("feedLabel")} />
          </div>
        </div>
      </section>
    </div>
  );
}

/**
 * The public share page, `/s/:token` (docs/product/sharing.md): no account, the visitor's language, the images large,
 * in a YouTube feed, and A/B/C votes for a pack or a comparison. The server already wrote its link preview and noindex.
 */
export default function SharePage() {
  const { token = "" } = useParams();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MarketingHeader />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-5 sm:py-12">
        <SharedPage token={token} />
      </main>
    </QueryClientProvider>
  );
}
