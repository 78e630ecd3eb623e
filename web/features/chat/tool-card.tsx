import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ImagesToolOutput, onlyHeadlineChanges } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import type { ImageToolPart, PersonasToolPart } from "./types.ts";
import { useLiveStatuses, useRunningProgress } from "./use-live-image.ts";

/** An edit of the headline alone, made and charged nothing (docs/product/credits.md): said to be free, and why. */
const headlineFree = (output: ImagesToolOutput) =>
  output.creditsSpent === 0 && (output.creditsRefunded ?? 0) === 0 && output.images.some((image) => image.status !== "failed") && onlyHeadlineChanges(output.changes);

export function Spinner() {
  return <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />;
}

/** A free tool's card: a spinner and `pending` while it runs, `children` with its output, ToolFailed when it failed. */
export function SimpleToolCard({ part, pending, children }: { part: { type: string; state: string }; pending: string; children: ReactNode }) {
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-2 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-2">
        {(part.state === "input-streaming" || part.state === "input-available") && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {pending}
          </p>
        )}
        {part.state === "output-available" && children}
        {part.state === "output-error" && <ToolFailed />}
      </div>
    </Card>
  );
}

/** A call that failed as a whole: it charged nothing (a call that queued images reports them instead of failing). */
export function ToolFailed() {
  const { t } = useTranslation("chat");
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-2 font-semibold text-danger">
        <ChatIcon d={icons.warning} className="size-5" />
        {t("tool.failed")}
      </p>
      <p className="text-sm text-muted">{t("tool.failedNotCharged")}</p>
    </div>
  );
}

/** The headline of an image card follows its images: working while any renders, failed when all failed. */
export function OutcomeStatus({ images }: { images: readonly ImageRecord[] }) {
  const { t } = useTranslation("chat");
  const statuses = useLiveStatuses(images);
  const working = statuses.some((s) => s === "pending" || s === "running");
  const failed = statuses.length > 0 && statuses.every((s) => s === "failed");
  if (working)
    return (
      <p className="flex items-center gap-2 font-semibold">
        <Spinner />
        {t("tool.generating")}
      </p>
    );
  if (failed)
    return (
      <p className="flex items-center gap-2 font-semibold text-danger">
        <ChatIcon d={icons.warning} className="size-5" />
        {t("tool.failed")}
      </p>
    );
  return (
    <p className="flex items-center gap-2 font-semibold text-success">
      <ChatIcon d={icons.check} className="size-5" />
      {t("tool.generated")}
    </p>
  );
}

/** A generateThumbnail, editImage or replaceSubject call, from its arguments streaming in to its images (or its failure). */
export function ImageToolCard({ part, actions }: { part: ImageToolPart; actions: ImageActions }) {
  const { t } = useTranslation("chat");
  const running = useRunningProgress();
  const editing = part.type === "tool-editImage";
  const swapping = part.type === "tool-replaceSubject";
  // A frame of the user's video is cut out, free: no model draws anything.
  const framing = part.type === "tool-videoFrame";
  // An edit that would have changed nothing made no image and charged nothing: never "Generated successfully".
  const unchanged = part.state === "output-available" && part.output.outcome === "no-change";
  const input: { prompt?: unknown; instruction?: unknown; personaHandle?: unknown; moment?: unknown } | undefined = part.input;
  const request =
    typeof input?.prompt === "string"
      ? input.prompt
      : typeof input?.instruction === "string"
        ? input.instruction
        : typeof input?.personaHandle === "string"
          ? t("tool.swapRequest", { handle: input.personaHandle })
          : undefined;
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-4 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-2">
        {part.state === "input-streaming" && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t(framing ? "tool.takingFrame" : swapping ? "tool.preparingSwap" : editing ? "tool.preparingEdit" : "tool.preparing")}
          </p>
        )}
        {part.state === "input-available" && (
          <>
            <div className="flex items-center justify-between gap-3">
              <p className="flex items-center gap-2 font-semibold">
                <Spinner />
                {t(framing ? "tool.takingFrame" : swapping ? "tool.swapping" : editing ? "tool.editing" : "tool.generating")}
              </p>
              <p className="text-sm text-muted tabular-nums">{running?.percent ?? 0}%</p>
            </div>
            <ProgressBar progress={running} />
          </>
        )}
        {unchanged && (
          <div className="grid gap-1" data-testid="tool-no-change">
            <p className="flex items-center gap-2 font-semibold">
              <ChatIcon d={icons.warning} className="size-5" />
              {t("tool.noChange")}
            </p>
            <p className="text-sm text-muted">{t("tool.noChangeHint")}</p>
          </div>
        )}
        {part.state === "output-available" && !unchanged && <OutcomeStatus images={part.output.images} />}
        {part.state === "output-error" && <ToolFailed />}
      </div>
      {request && part.state !== "output-available" && <p className="text-sm break-words text-muted">{request}</p>}
      {part.state === "output-available" && !unchanged && (
        <>
          <div className={`grid gap-4 ${part.output.images.length > 1 ? "sm:grid-cols-2" : ""}`}>
            {part.output.images.map((image) => (
              <ImageResult key={image.id} initial={image} actions={actions} />
            ))}
          </div>
          <p className="text-xs text-muted" data-testid="tool-credits">
            {framing
              ? t("tool.frameFree", { left: part.output.creditsLeft })
              : headlineFree(part.output)
              ? t("tool.headlineFree", { left: part.output.creditsLeft })
              : t("tool.credits", { count: part.output.creditsSpent, left: part.output.creditsLeft })}
          </p>
        </>
      )}
    </Card>
  );
}

/** A listPersonas call: the user's personas by handle, to @-mention next. */
export function PersonasToolCard({ part }: { part: PersonasToolPart }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-2 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      {part.state === "output-available" ? (
        part.output.personas.length === 0 ? (
          <p className="text-sm">{t("personas.none")}</p>
        ) : (
          <>
            <p className="font-semibold">{t("personas.title")}</p>
            <ul className="flex flex-wrap gap-2">
              {part.output.personas.map((persona) => (
                <li key={persona.id} className="rounded-full border border-border bg-surface-2 px-3 py-1 text-sm">
                  <span className="font-semibold">@{persona.handle}</span> <span className="text-muted">{persona.name}</span>
                </li>
              ))}
            </ul>
          </>
        )
      ) : part.state === "output-error" ? (
        <p className="text-sm font-semibold text-danger">{t("personas.failed")}</p>
      ) : (
        <p className="flex items-center gap-2 text-sm font-semibold" role="status">
          <Spinner />
          {t("personas.loading")}
        </p>
      )}
    </Card>
  );
}
