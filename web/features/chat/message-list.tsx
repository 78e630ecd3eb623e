import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChatToolName, isChatToolName } from "../../../contract/chat.ts";
import { CheckToolCard } from "./check-card.tsx";
import { CompareToolCard } from "./compare-card.tsx";
import { ApprovalCard, type ApprovalActions, isApprovalPart } from "./approval-card.tsx";
import { type ImageActions } from "./image-result.tsx";
import { AnswerTools, type BranchActions, EditMessageForm, UserMessageTools } from "./message-branches.tsx";
import { PackToolCard } from "./pack-card.tsx";
import { PersonaMadeToolCard } from "./persona-card.tsx";
import { PickToolCard } from "./pick-card.tsx";
import { TitleToolCard } from "./title-card.tsx";
import { HeadlinesToolCard } from "./headlines-card.tsx";
import { ImageToolCard, PersonasToolCard } from "./tool-card.tsx";
import type { ChatMessage, ChatPart, ChatToolPart } from "./types.ts";
import { useMessageFromUrl } from "./use-message-from-url.ts";
import { VideoCard, videoIdOf } from "./video-card.tsx";

const starterKeys = ["gaming", "cooking", "tech", "vlog"] as const;

/** 3–4 ways to begin, shown on an empty conversation; each sends its prompt. */
export function StarterPrompts({ onPick, disabled }: { onPick: (prompt: string) => void; disabled: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 py-6 text-center sm:py-10" data-testid="starter-prompts">
      <div className="grid gap-1">
        <h3 className="font-display text-2xl font-black tracking-tight sm:text-3xl">{t("starters.title")}</h3>
        <p className="text-muted">{t("starters.body")}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {starterKeys.map((key) => (
          <li key={key}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(t(`starters.${key}`))}
              className="size-full rounded-2xl border border-border bg-surface p-4 text-left text-sm transition hover:border-primary/60 hover:bg-surface-2 disabled:opacity-60"
            >
              {t(`starters.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

type ToolCardOf<Name extends ChatToolName> = (props: { part: ChatToolPart<Name>; actions: ImageActions }) => ReactNode;

/**
 * A frame of the user's video: its card once taken. When none could be taken (the video still arriving, its frames
 * still being found, a time past its end) the answer says so in words; a "Generation failed" card would claim a
 * generation that never was.
 */
const VideoFrameToolCard: ToolCardOf<"videoFrame"> = ({ part, actions }) => (part.state === "output-error" ? null : <ImageToolCard part={part} actions={actions} />);

/** The card of each of the contract's tools: a tool added to `chatTools` does not compile here until it has one. */
const toolCards: { [Name in ChatToolName]: ToolCardOf<Name> } = {
  generateThumbnail: ImageToolCard,
  generatePack: PackToolCard,
  editImage: ImageToolCard,
  varyImage: ImageToolCard,
  replaceSubject: ImageToolCard,
  listPersonas: PersonasToolCard,
  pickImage: PickToolCard,
  setTitle: TitleToolCard,
  checkImage: CheckToolCard,
  videoFrame: VideoFrameToolCard,
  videoHeadlines: HeadlinesToolCard,
  personaFromFrame: PersonaMadeToolCard,
  compareModels: CompareToolCard,
};

/** A call of one of the chat's tools (a stored part of a tool no longer offered is not one). */
function isChatToolPart(part: ChatPart): part is ChatToolPart {
  return part.type.startsWith("tool-") && isChatToolName(part.type.slice("tool-".length));
}

function ToolCard<Name extends ChatToolName>({ part, actions }: { part: ChatToolPart<Name>; actions: ImageActions }) {
  // A part's type is `tool-<its tool's name>`.
  const Card: ToolCardOf<Name> = toolCards[part.type.slice("tool-".length) as Name];
  return <Card part={part} actions={actions} />;
}

function Part({ part, actions, approvals }: { part: ChatPart; actions: ImageActions; approvals?: ApprovalActions | undefined }) {
  // A spend waiting for (or denied by) the user shows its quote, whichever tool asks.
  if (isApprovalPart(part)) return <ApprovalCard part={part} actions={approvals} />;
  if (isChatToolPart(part)) return <ToolCard part={part} actions={actions} />;
  if (part.type === "text") return part.text ? <p className="break-words whitespace-pre-wrap">{part.text}</p> : null;
  return null;
}

/** Whether a part shows anything: words said, or a tool card (step markers and empty text do not). */
export function isVisible(part: ChatPart): boolean {
  if (part.type === "text") return part.text.trim() !== "";
  return part.type.startsWith("tool-");
}

const textOf = (message: ChatMessage) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");

/**
 * The thread: the user's messages as bubbles on the right, the assistant's words and tool cards on the left.
 * `approvals` answers a spend the last answer waits on (`busy` while anything streams); `branches` edits, regenerates
 * and steps between versions of messages.
 */
export function MessageList({
  messages,
  actions,
  thinking,
  approvals,
  branches,
}: {
  messages: readonly ChatMessage[];
  actions: ImageActions;
  thinking: boolean;
  approvals?: { busy: boolean; answer(approvalId: string, approved: boolean): void } | undefined;
  branches?: BranchActions | undefined;
}) {
  const { t } = useTranslation("chat");
  const [editing, setEditing] = useState<string | null>(null);
  // After Cancel, the keyboard is back on the pencil it started from.
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  const lit = useMessageFromUrl(messages);
  const litClass = (id: string) => (lit === id ? "rounded-2xl bg-primary/10 ring-2 ring-primary ring-offset-4 ring-offset-bg transition" : "");
  return (
    <ol className="grid gap-6" aria-label={t("thread.label")}>
      {messages.map((message, index) =>
        message.role === "user" ? (
          // Keyed by place, not id: switching a message to another version keeps its controls, and the focus on them.
          <li key={`${index}-user`} className={`grid justify-items-end gap-1 ${litClass(message.id)}`} data-testid="message" data-role="user" data-message-id={message.id} data-highlighted={lit === message.id || undefined}>
            {branches && editing === message.id ? (
              <EditMessageForm
                text={textOf(message)}
                busy={branches.busy}
                onCancel={() => {
                  setEditing(null);
                  setReturnFocus(message.id);
                }}
                onSave={(text) => {
                  setEditing(null);
                  branches.onEdit(message.id, text);
                }}
              />
            ) : (
              <>
                <div className="max-w-[85%] rounded-3xl rounded-br-lg bg-primary px-4 py-2.5 text-on-primary">
                  <span className="sr-only">{t("thread.you")}: </span>
                  {message.parts.map((part, index) => (part.type === "text" ? <p key={index} className="break-words whitespace-pre-wrap">{part.text}</p> : null))}
                </div>
                {videoIdOf(message) !== undefined && <VideoCard videoId={videoIdOf(message) ?? ""} />}
                {branches && <UserMessageTools messageId={message.id} actions={branches} focusEdit={returnFocus === message.id} onEditStart={() => setEditing(message.id)} />}
              </>
            )}
          </li>
        ) : (
          !message.parts.some(isVisible) ? (
            // An answer still on its way shows the thinking dots; one stopped before a word says so.
            thinking && index === messages.length - 1 ? null : (
              <li key={`${index}-stopped`} className="text-sm text-muted italic" data-testid="message" data-role="assistant">
                {t("thread.stoppedEmpty")}
              </li>
            )
          ) : (
            <li key={`${index}-assistant`} className={`grid min-w-0 gap-3 ${litClass(message.id)}`} data-testid="message" data-role="assistant" data-message-id={message.id} data-highlighted={lit === message.id || undefined}>
              <span className="sr-only">{t("thread.assistant")}: </span>
              {message.parts.map((part, partIndex) => (
                <Part
                  key={"toolCallId" in part ? part.toolCallId : partIndex}
                  part={part}
                  actions={actions}
                  approvals={approvals && { answer: approvals.answer, availability: index < messages.length - 1 ? "closed" : approvals.busy ? "busy" : "open" }}
                />
              ))}
              {/* An answer still coming has nothing to regenerate or switch yet. */}
              {branches && !(branches.busy && index === messages.length - 1) && <AnswerTools messageId={message.id} actions={branches} />}
            </li>
          )
        ),
      )}
      {thinking && (
        <li className="flex items-center gap-2 text-sm text-muted" role="status">
          <span aria-hidden="true" className="flex gap-1">
            <span className="size-2 animate-bounce rounded-full bg-muted" />
            <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:150ms]" />
            <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:300ms]" />
          </span>
          {t("thread.thinking")}
        </li>
      )}
    </ol>
  );
}
