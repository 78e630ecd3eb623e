import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { COMMUNITY_POLL_DEFAULT_HOURS, type CommunityPoll, type CommunityPollListResponse, type CreateCommunityPollRequest } from "../../../contract/community-polls.ts";
import { createCommunityPoll, pollErrorKey, storeCommunityPoll } from "../../lib/community-polls-api.ts";
import { usePublicConfig } from "../../lib/public-config-context.ts";
import { Button, type ButtonSize, type ButtonVariant } from "../ui/button.tsx";
import { Dialog, DialogClose } from "../ui/dialog.tsx";
import { Icon } from "../ui/icon.tsx";
import { justPostedPollAtom } from "./just-posted.ts";

/** Three people: the community. */
export const communityIcon = "M16 19v-1a4 4 0 00-4-4H6a4 4 0 00-4 4v1M9 10a3 3 0 100-6 3 3 0 000 6zM22 19v-1a4 4 0 00-3-3.9M16 4.1a3 3 0 010 5.8";

/** How long a poll takes votes: an hour, a day (the default), three days, a week. */
export const pollDurations = [1, COMMUNITY_POLL_DEFAULT_HOURS, 72, 168] as const;

/** How to link: the bot's /link command, in the community server the invite opens. */
export function LinkDiscordHint() {
  const { discordInviteUrl } = usePublicConfig();
  return (
    <p className="text-xs text-muted" data-testid="poll-link-hint">
      <Trans
        ns="app"
        i18nKey="poll.linkHint"
        components={{
          command: <code className="rounded bg-surface-2 px-1 font-semibold text-fg" />,
          server: <a href={discordInviteUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-primary hover:underline" />,
        }}
      />
    </p>
  );
}

export interface AskCommunityProps {
  /** The list answer of this pack, comparison or image: whether and why (not) a poll can be posted. */
  list: CommunityPollListResponse | undefined;
  /** What to post; the dialog adds the hours. */
  request: CreateCommunityPollRequest;
  /** Shown but not yet usable (a gallery selection of one image), with this reason beside it. */
  disabledReason?: string;
  /** A poll was posted before for this: the action reads "Ask again". */
  again?: boolean;
  onPosted?: (poll: CommunityPoll) => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * "Ask the community": a button and its small dialog (how long the poll stays open, Post). Shown only when a poll can
 * be posted; an account not linked to Discord gets the hint how to link instead, and a server without the bot's
 * channel shows nothing.
 */
export function AskCommunity({ list, request, disabledReason, again = false, onPosted, variant = "secondary", size = "xs", className }: AskCommunityProps) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState<number>(COMMUNITY_POLL_DEFAULT_HOURS);
  const groupId = useId();
  const reasonId = useId();
  const setJustPosted = useSetAtom(justPostedPollAtom);
  const posted = useRef(false);
  const post = useMutation({
    mutationFn: () => createCommunityPoll({ ...request, hours }),
    onSuccess: (poll) => {
      posted.current = true;
      setJustPosted(poll.id);
      storeCommunityPoll(queryClient, poll);
      setOpen(false);
      onPosted?.(poll);
    },
  });

  if (!list) return null;
  if (!list.canPost) return list.cannotPostReason === "not_linked" ? <LinkDiscordHint /> : null;
  const count = request.kind === "images" ? request.imageIds.length : undefined;

  return (
    <>
      {disabledReason && (
        <span id={reasonId} className="text-xs text-muted">
          {disabledReason}
        </span>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            post.reset();
            posted.current = false;
          }
        }}
        // Posted: the poll's panel takes focus (this button is gone); cancelled: back to this button.
        onCloseAutoFocus={(event) => {
          if (posted.current) event.preventDefault();
        }}
        title={t("poll.ask.title")}
        description={t(`poll.ask.description.${request.kind}`, { count })}
        className="sm:max-w-md"
        trigger={
          <Button
            variant={variant}
            size={size}
            className={className}
            disabled={Boolean(disabledReason)}
            aria-describedby={disabledReason ? reasonId : undefined}
            data-testid="poll-ask"
          >
            <Icon d={communityIcon} className="size-4" />
            {again ? t("poll.ask.again") : t("poll.ask.open")}
          </Button>
        }
      >
        <fieldset className="grid gap-2">
          <legend id={groupId} className="mb-2 text-sm font-semibold">
            {t("poll.ask.closesAfter")}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {pollDurations.map((option) => (
              <label
                key={option}
                className="relative flex h-10 cursor-pointer items-center justify-center rounded-xl border border-border bg-surface px-3 text-sm font-semibold transition has-checked:border-primary has-checked:bg-primary/10 has-checked:text-fg has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input type="radio" name={groupId} value={option} checked={hours === option} onChange={() => setHours(option)} className="absolute inset-0 size-full cursor-pointer opacity-0" />
                {t(`poll.ask.hours.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-xs text-muted">{t("poll.ask.note")}</p>
        {post.isError && (
          <p role="alert" className="text-sm text-danger" data-testid="poll-ask-error">
            {t(pollErrorKey(post.error))}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="ghost" size="sm">
              {t("poll.ask.cancel")}
            </Button>
          </DialogClose>
          <Button size="sm" loading={post.isPending} onClick={() => post.mutate()} data-testid="poll-post">
            {t("poll.ask.post")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
