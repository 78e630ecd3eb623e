import { useTranslation } from "react-i18next";
import { PACK_SIZE, PACKS_PATH } from "../../../contract/images.ts";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { ShareButton } from "../../components/share/share-button.tsx";
import { AskCommunity } from "../../components/community-poll/ask-community.tsx";
import { CommunityVotes, pollsView } from "../../components/community-poll/community-votes.tsx";
import { useCommunityPolls } from "../../components/community-poll/use-community-polls.ts";
import { Card } from "../../components/ui/card.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import { OutcomeStatus, Spinner, ToolFailed } from "./tool-card.tsx";
import type { PackToolPart } from "./types.ts";
import { useLiveStatuses, useRunningProgress } from "./use-live-image.ts";

/**
 * A generatePack call: the pack's three variants side by side (stacked on phones), each with its live progress and
 * the usual image actions, and one zip of all three for YouTube's Test & Compare once every variant is ready.
 */
export function PackToolCard({ part, actions }: { part: PackToolPart; actions: ImageActions }) {
  const { t } = useTranslation("chat");
  const running = useRunningProgress();
  const images = part.state === "output-available" ? part.output.images : [];
  const statuses = useLiveStatuses(images);
  const packId = images[0]?.packId;
  const complete = images.length === PACK_SIZE && statuses.every((status) => status === "ready");
  const broken = statuses.some((status) => status === "failed") && statuses.some((status) => status === "ready");
  const request = typeof part.input?.prompt === "string" ? part.input.prompt : undefined;
  // A finished pack can be put to the community's vote; its result shows under the variants.
  const polls = useCommunityPolls(complete && packId ? { kind: "pack", targetId: packId } : null);
  const { latest: poll, mayAsk } = pollsView(polls.data);

  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-4 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{t("pack.title")}</h3>
      <div role="status" aria-live="polite" className="grid gap-2">
        {part.state === "input-streaming" && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t("pack.preparing")}
          </p>
        )}
        {part.state === "input-available" && (
          <>
            <div className="flex items-center justify-between gap-3">
              <p className="flex items-center gap-2 font-semibold">
                <Spinner />
                {t("tool.generating")}
              </p>
              <p className="text-sm text-muted tabular-nums">{running?.percent ?? 0}%</p>
            </div>
            <ProgressBar progress={running} />
          </>
        )}
        {part.state === "output-available" && <OutcomeStatus images={images} />}
        {part.state === "output-error" && <ToolFailed />}
      </div>
      {request && part.state !== "output-available" && <p className="text-sm break-words text-muted">{request}</p>}
      {part.state === "output-available" && (
        <>
          <ol className="grid gap-4 sm:grid-cols-3" data-testid="pack-variants">
            {images.map((image, index) => (
              <li key={image.id} className="grid min-w-0 content-start gap-2" data-testid="pack-variant">
                <p className="text-sm font-semibold">{t("pack.variant", { letter: String.fromCharCode(65 + index) })}</p>
                <ImageResult initial={image} actions={actions} />
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            {complete && packId && (
              <a href={`${PACKS_PATH}/${packId}/zip`} download className={buttonClass({ size: "sm" })} data-testid="pack-download">
                <ChatIcon d={icons.download} className="size-4" />
                {t("pack.downloadAll")}
              </a>
            )}
            {complete && packId && <ShareButton kind="pack" targetId={packId} size="sm" />}
            {complete && packId && mayAsk && <AskCommunity list={polls.data} request={{ kind: "pack", targetId: packId }} again={Boolean(poll)} size="sm" />}
            <p className="text-sm text-muted">{broken ? t("pack.incomplete") : t("pack.hint")}</p>
          </div>
          {/* Each choice's small picture beside its letter: the versions themselves are scrolled far above on a phone. */}
          {complete && <CommunityVotes list={polls.data} showImages />}
          <p className="text-xs text-muted" data-testid="tool-credits">
            {t("tool.credits", { count: part.output.creditsSpent, left: part.output.creditsLeft })}
          </p>
        </>
      )}
    </Card>
  );
}
