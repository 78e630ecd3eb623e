import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAtom, useSetAtom } from "jotai";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityPoll } from "../../../contract/community-polls.ts";
import type { ShareTallyRow } from "../../../contract/shares.ts";
import { closeCommunityPoll, createCommunityPoll, pollErrorKey, requestAgain, storeCommunityPoll } from "../../lib/community-polls-api.ts";
import { useImages } from "../../lib/image-cache.ts";
import { Button } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";
import { justPostedPollAtom } from "./just-posted.ts";
import { timeLeft } from "./time-left.ts";

const trophy = "M8 21h8m-4-4v4m-5-17h10v5a5 5 0 01-10 0V4zM7 6H4a3 3 0 003 4m10-4h3a3 3 0 01-3 4";
const noImages: readonly string[] = [];
const external = "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5";

/** The current time, again each minute while `ticking`: "closes in …" counts down without a request. */
function useMinuteClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * What a screen reader hears: the poll's status when it changes (posted, closed with its winner, failed), never each
 * vote, which the tally shows as text for whoever reads it.
 */
function useAnnouncement(poll: CommunityPoll, winner: string | undefined, panel: RefObject<HTMLElement | null>): string {
  const { t } = useTranslation("app");
  const seen = useRef(poll.status);
  const [said, setSaid] = useState("");
  const [justPosted, setJustPosted] = useAtom(justPostedPollAtom);
  // Just posted from this tab: the button that did it is gone, so focus comes here, and the sending is said.
  useEffect(() => {
    if (justPosted !== poll.id) return;
    setJustPosted(null);
    panel.current?.focus();
    setSaid(t("poll.announce.posting"));
  }, [justPosted, poll.id, setJustPosted, panel, t]);
  useEffect(() => {
    if (seen.current === poll.status) return;
    seen.current = poll.status;
    if (poll.status === "open") setSaid(t("poll.announce.open"));
    else if (poll.status === "failed") setSaid(t("poll.announce.failed"));
    else if (poll.status === "closed") setSaid(winner ? t("poll.announce.winner", { label: winner }) : t("poll.announce.closed"));
  }, [poll.status, winner, t]);
  return said;
}

function StatusLine({ poll, now }: { poll: CommunityPoll; now: number }) {
  const { t, i18n } = useTranslation("app");
  if (poll.status === "posting") {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted">
        <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
        {t("poll.status.posting")}
      </span>
    );
  }
  if (poll.status === "open") {
    const left = timeLeft(poll.closesAt, now, i18n.resolvedLanguage ?? "en");
    return (
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2 rounded-full bg-success" />
        <span className="font-semibold text-success">{t("poll.status.open")}</span>{" "}
        <span className="text-muted">· {left ? t("poll.status.closesIn", { when: left }) : t("poll.status.closing")}</span>
      </span>
    );
  }
  if (poll.status === "closed") return <span className="text-muted">{t("poll.status.closed")}</span>;
  return <span className="font-semibold text-danger">{t("poll.status.failed")}</span>;
}

/** One choice: its letter (and its name or picture where the screen gives them), a bar, the total and its sources. */
function TallyRow({ row, share, winner, name, thumb }: { row: ShareTallyRow; share: number; winner: boolean; name?: string; thumb?: string }) {
  const { t } = useTranslation("app");
  return (
    <li
      className={`grid gap-1 rounded-xl px-2 py-1.5 ${winner ? "bg-success/10 ring-1 ring-success/50" : ""}`}
      data-testid={`poll-row-${row.label}`}
      data-winner={winner}
    >
      <div className="flex min-w-0 items-center gap-2 text-sm">
        <span className={`grid size-6 shrink-0 place-items-center rounded-md text-xs font-bold ${winner ? "bg-success text-on-primary" : "bg-surface-2"}`}>{row.label}</span>
        {thumb && <img src={thumb} alt="" className="h-6 w-10 shrink-0 rounded object-cover" />}
        {name && <span className="min-w-0 truncate text-muted">{name}</span>}
        {winner && (
          // The word in the text colour: green text on the row's green tint is too faint to read; the trophy keeps the green.
          <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-fg" data-testid="poll-winner">
            <Icon d={trophy} className="size-3.5 text-success" />
            {t("poll.winner")}
          </span>
        )}
        <span className="ml-auto shrink-0 font-semibold tabular-nums">{t("poll.votes", { count: row.total })}</span>
      </div>
      <div className="flex items-center gap-2">
        <span className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
          <span className={`block h-full rounded-full ${winner ? "bg-success" : "bg-primary"}`} style={{ width: `${share}%` }} />
        </span>
        <span className="shrink-0 text-xs text-muted tabular-nums">{t("poll.bySource", { discord: row.discord, web: row.web })}</span>
      </div>
    </li>
  );
}

/**
 * A community poll's result beside its images: its status (posting, open and when it closes, closed, failed), each
 * choice's votes from Discord and the share page, the winner once closed, the Discord message, and the owner's Close
 * now or Try again. `names` says what each image is where the letters alone do not (a comparison's models);
 * `showImages` adds each image's small picture (the gallery's viewer, which shows one image at a time; the pack card,
 * whose versions are out of sight above the panel).
 */
export function CommunityPollPanel({ poll, names, showImages = false }: { poll: CommunityPoll; names?: Readonly<Record<string, string>>; showImages?: boolean }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const now = useMinuteClock(poll.status === "open");
  const panel = useRef<HTMLElement>(null);
  const setJustPosted = useSetAtom(justPostedPollAtom);
  const close = useMutation({
    mutationFn: () => closeCommunityPoll(poll.id),
    onSuccess: (closed) => {
      storeCommunityPoll(queryClient, closed);
      // Close now is gone once closed: focus stays in the panel rather than falling to the page.
      panel.current?.focus();
    },
  });
  const again = useMutation({
    mutationFn: () => createCommunityPoll(requestAgain(poll)),
    onSuccess: (posted) => {
      setJustPosted(posted.id);
      storeCommunityPoll(queryClient, posted);
    },
  });
  const images = useImages(showImages ? poll.imageIds : noImages);
  const total = poll.tally.reduce((sum, row) => sum + row.total, 0);
  const closed = poll.status === "closed";
  const winner = closed ? poll.tally.find((row) => row.imageId === poll.winnerImageId) : undefined;
  const announcement = useAnnouncement(poll, winner?.label, panel);
  const error = close.error ?? again.error;

  return (
    <section ref={panel} tabIndex={-1} className="grid gap-2 rounded-2xl border border-border bg-surface p-3" aria-label={t("poll.title")} data-testid="poll-panel" data-status={poll.status}>
      <p className="sr-only" role="status" aria-live="polite" data-testid="poll-announcement">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 className="text-sm font-semibold">{t("poll.title")}</h4>
        <p className="text-xs" data-testid="poll-status">
          <StatusLine poll={poll} now={now} />
        </p>
        {poll.messageUrl && (
          <a href={poll.messageUrl} target="_blank" rel="noopener noreferrer" className="ml-auto inline-flex items-center gap-1 text-xs font-semibold text-primary hover:underline" data-testid="poll-discord">
            {t("poll.openInDiscord")}
            <Icon d={external} className="size-3.5" />
            <span className="sr-only">{t("poll.newTab")}</span>
          </a>
        )}
      </div>
      {poll.tally.length > 0 && (
        <ul className="grid gap-1" data-testid="poll-tally">
          {poll.tally.map((row) => (
            <TallyRow
              key={row.imageId}
              row={row}
              share={total ? Math.round((row.total / total) * 100) : 0}
              winner={row.imageId === winner?.imageId}
              name={names?.[row.imageId]}
              thumb={images.find((image) => image.id === row.imageId)?.urls?.thumb}
            />
          ))}
        </ul>
      )}
      {closed && !winner && <p className="text-xs text-muted">{total > 0 ? t("poll.tie") : t("poll.noVotes")}</p>}
      {poll.status === "failed" && <p className="text-xs text-muted">{t("poll.failedHint")}</p>}
      {(poll.status === "open" || poll.status === "failed") && (
        <div className="flex flex-wrap items-center gap-2">
          {poll.status === "open" && (
            <Button variant="secondary" size="xs" loading={close.isPending} onClick={() => close.mutate()} data-testid="poll-close">
              {t("poll.closeNow")}
            </Button>
          )}
          {poll.status === "failed" && (
            <Button variant="secondary" size="xs" loading={again.isPending} onClick={() => again.mutate()} data-testid="poll-retry">
              {t("poll.tryAgain")}
            </Button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger" data-testid="poll-error">
          {t(pollErrorKey(error))}
        </p>
      )}
    </section>
  );
}
