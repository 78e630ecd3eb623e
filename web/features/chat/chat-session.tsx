import { useChat } from "@ai-sdk/react";
import { generateId, lastAssistantMessageIsCompleteWithApprovalResponses } from "ai";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BranchPoint } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { Button } from "../../components/ui/button.tsx";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { conversationsKey, fetchBranch, stopChat, switchBranch } from "./api.ts";
import { chatErrorCode } from "./chat-error.ts";
import { Composer } from "./composer.tsx";
import { useCurrentImage } from "./current-image.ts";
import { isApprovalPart } from "./approval-card.tsx";
import type { ImageActions } from "./image-result.tsx";
import type { BranchActions } from "./message-branches.tsx";
import { isVisible, MessageList, StarterPrompts } from "./message-list.tsx";
import { createChatTransport } from "./transport.ts";
import type { ChatMessage, ChatOptions } from "./types.ts";

/** A message the server did not take: it goes back to the composer, with why. */
interface NotSent {
  messageId: string;
  text: string;
  reason: string;
}

/**
 * One conversation: the thread streamed by useChat over /api/chat (resumed after a reload when `resume`), and the
 * composer. A message the server does not take leaves the thread and goes back to the composer with a translated
 * reason, so nothing typed is lost; `onAccepted` follows each message the server took.
 */
export function ChatSession({
  conversationId,
  initialMessages,
  initialBranchPoints = [],
  credits,
  resume: resumeOnMount,
  onAccepted,
  attachImage,
}: {
  conversationId: string;
  initialMessages: ChatMessage[];
  /** Messages of the thread that have other versions (an edit, a regenerated answer). */
  initialBranchPoints?: BranchPoint[];
  credits: number;
  /** Follow an answer still running (a conversation opened from the list or the URL); a new chat has none. */
  resume: boolean;
  onAccepted?: () => void;
  attachImage?: ImageRecord | null;
}) {
  const { t } = useTranslation("chat");
  const { t: tApp } = useTranslation("app");
  const queryClient = useQueryClient();
  const [notSent, setNotSent] = useState<NotSent | null>(null);
  const [branchPoints, setBranchPoints] = useState<BranchPoint[]>(initialBranchPoints);
  const [switching, setSwitching] = useState(false);
  const [switchFailed, setSwitchFailed] = useState(false);
  // After an edit or a regenerated answer ends, the server's tree says which messages now have versions.
  const rereadBranchPoints = useRef((_withMessages: boolean) => {});
  // What the answer under way forks: an edit or a regenerated answer adds a version; a plain send adds none.
  const forking = useRef<"edit" | "regenerate" | null>(null);
  // A reload that lands after an answer ended but before the thread was read back finds nothing live to follow:
  // the finished answer is then read from the stored thread.
  const rereadThread = useRef(() => {});
  const accepted = useRef(onAccepted);
  accepted.current = onAccepted;
  const refused = useRef((_message: ChatMessage, _error: unknown) => {});
  const transport = useMemo(() => {
    const chatTransport = createChatTransport(undefined, () => rereadThread.current());
    // Whether the server took a user's message is known here, before any of its answer: the POST answered or not.
    const post = chatTransport.sendMessages.bind(chatTransport);
    chatTransport.sendMessages = async (options) => {
      // A regenerated answer posts no new message: nothing of the user's goes back to the composer.
      const last = options.trigger === "submit-message" ? options.messages.at(-1) : undefined;
      try {
        const stream = await post(options);
        if (last?.role === "user") accepted.current?.();
        return stream;
      } catch (error) {
        if (last?.role === "user" && !options.abortSignal?.aborted) refused.current(last, error);
        throw error;
      }
    };
    return chatTransport;
  }, []);
  // Fixed at mount: useChat resumes whenever this turns true, which would race an answer being streamed.
  const [resume] = useState(resumeOnMount);
  const { messages, sendMessage, setMessages, status, stop, error, regenerate, clearError, addToolApprovalResponse } = useChat<ChatMessage>({
    id: conversationId,
    messages: initialMessages,
    transport,
    resume,
    // Once every spend the answer waits on is approved or denied, the answer goes on (the transport posts the answers).
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    // The server titles a conversation from its first message and moves it to the top.
    onFinish: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      // A regenerated answer stopped before its first word is not kept: the server shows the one it was to replace.
      const forked = forking.current;
      forking.current = null;
      if (forked === null) return;
      const unsaid = forked === "regenerate" && !message.parts.some(isVisible);
      rereadBranchPoints.current(unsaid);
    },
  });
  rereadBranchPoints.current = (withMessages) => {
    fetchBranch(conversationId)
      .then((stored) => {
        if (withMessages) setMessages(stored.messages);
        setBranchPoints(stored.branchPoints);
      })
      .catch(() => {
        // The arrows stay as they were; the next visit reads them again.
      });
  };
  rereadThread.current = () => {
    if (messages.at(-1)?.role !== "user") return;
    fetchBranch(conversationId)
      .then((stored) => {
        if (stored.messages.at(-1)?.role === "assistant") {
          setMessages(stored.messages);
          setBranchPoints(stored.branchPoints);
        }
      })
      .catch(() => {
        // The thread stays as loaded; the next visit reads it again.
      });
  };
  refused.current = (message, cause) => {
    const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    const code = chatErrorCode(cause instanceof Error ? cause : undefined);
    const reason =
      code === "conflict:chat_busy" ? t("composer.busy") : !code && cause instanceof TypeError ? tApp("studio.errors.network") : generationErrorMessage(tApp, code);
    setNotSent({ messageId: message.id, text, reason });
  };
  const [draft, setDraft] = useState("");
  // The image the user picked with "Edit" on its card: the next messages change it, until the chip is removed.
  const [editing, setEditing] = useState<ImageRecord | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const streaming = status === "submitted" || status === "streaming";

  // A refused message leaves the thread once its request is over, and its words go back in front of anything typed since.
  useEffect(() => {
    if (!notSent || streaming) return;
    if (!messages.some((m) => m.id === notSent.messageId)) return;
    setMessages(messages.filter((m) => m.id !== notSent.messageId));
    setDraft((typed) => (typed.trim() === "" ? notSent.text : `${notSent.text}\n${typed}`));
    clearError();
  }, [notSent, streaming, messages]);

  function send(text: string, options: ChatOptions) {
    sendKeepingDraft(text, options);
    setDraft("");
  }

  // The pickers of the last message sent: an edit or a regenerated answer is made with them too.
  const lastOptions = useRef<ChatOptions>({});

  /** A chip's change of the current image: sent as a message of its own, leaving what is being typed. */
  function sendKeepingDraft(text: string, options: ChatOptions) {
    clearError();
    setNotSent(null);
    // The picked image is current for this message only: its result is the newest image, which the next one changes.
    setEditing(null);
    lastOptions.current = options;
    void sendMessage(options.videoId ? { text, metadata: { videoId: options.videoId } } : { text }, { body: options });
  }

  const currentImage = useCurrentImage(messages);

  const branches: BranchActions = {
    points: new Map(branchPoints.map((point) => [point.messageId, point])),
    busy: streaming || switching,
    onSwitch(messageId) {
      setSwitching(true);
      setSwitchFailed(false);
      switchBranch(conversationId, messageId)
        .then((branch) => {
          setMessages(branch.messages);
          setBranchPoints(branch.branchPoints);
        })
        .catch(() => setSwitchFailed(true))
        .finally(() => setSwitching(false));
    },
    onEdit(messageId, text) {
      clearError();
      setNotSent(null);
      setSwitchFailed(false);
      forking.current = "edit";
      // A new id for the new version: the one it replaces stays stored beside it.
      void sendMessage({ id: generateId(), role: "user", parts: [{ type: "text", text }], messageId }, { body: lastOptions.current });
    },
    onRegenerate(messageId) {
      clearError();
      setSwitchFailed(false);
      forking.current = "regenerate";
      void regenerate({ messageId, body: lastOptions.current });
    },
  };

  // Follow the answer as it grows, unless the reader scrolled up to read something else.
  const pinned = useRef(true);
  useEffect(() => {
    const el = scrollRef.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  function onStop() {
    void stop();
    stopChat(conversationId).catch(() => {
      // Nothing was running any more; the answer already ended.
    });
  }

  // A note added after an answer that waits on an Approve / Deny would strand it: no winner is picked meanwhile.
  const awaitingApproval = messages.at(-1)?.parts.some((part) => isApprovalPart(part) && part.state === "approval-requested") ?? false;
  const actions: ImageActions = {
    canSend: !streaming,
    canPick: !streaming && !awaitingApproval,
    onEdit(image: ImageRecord) {
      setEditing(image);
      requestAnimationFrame(() => {
        const el = textareaRef.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(el.value.length, el.value.length);
      });
    },
    onVariation(image: ImageRecord) {
      // A Studio image gets a variant of its own scene, edits kept; another model's is made again from its prompt.
      if (image.model === "studio") {
        send(t("image.variantRequest"), { imageId: image.id });
        return;
      }
      send(t("image.variationRequest", { prompt: image.prompt ?? "" }), {
        ...(image.style ? { style: image.style } : {}),
        ...(image.aspect ? { aspect: image.aspect } : {}),
        ...(image.model ? { model: image.model } : {}),
      });
    },
    onCompare(image: ImageRecord) {
      // The image picked is current for this message, so "this" is that image.
      send(t("image.compareRequest"), { imageId: image.id });
    },
    onComparisonWinner() {
      // The server put the winner in the thread as a note of its own: read it, so the chips and the next edit use it.
      rereadBranchPoints.current(true);
    },
  };

  const last = messages[messages.length - 1];
  // Until the answer shows a word or a tool card, the thread shows the thinking dots.
  const thinking = status === "submitted" || (status === "streaming" && (last?.role !== "assistant" || !last.parts.some(isVisible)));

  return (
    <div className="grid h-full min-h-0 grid-rows-[minmax(0,1fr)_auto] gap-3">
      <div
        ref={scrollRef}
        onScroll={(event) => {
          const el = event.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 overflow-y-auto px-1 py-2"
        data-testid="thread"
      >
        {messages.length === 0 && !streaming ? (
          <StarterPrompts onPick={(prompt) => send(prompt, {})} disabled={streaming} />
        ) : (
          <MessageList
            messages={messages}
            actions={actions}
            thinking={thinking}
            branches={branches}
            approvals={{
              busy: streaming,
              answer: (id, approved) => {
                clearError();
                void addToolApprovalResponse({ id, approved });
              },
            }}
          />
        )}
        {switchFailed && (
          <p role="alert" className="mt-4 text-sm text-danger">
            {t("branches.switchFailed")}
          </p>
        )}
        {error && !notSent && (
          <div role="alert" className="mt-4 grid gap-2 rounded-2xl border border-danger/40 bg-surface p-4 text-sm">
            <p className="font-semibold text-danger">{t("thread.failed")}</p>
            <p>{generationErrorMessage(tApp, chatErrorCode(error))}</p>
            <Button variant="secondary" size="xs" className="justify-self-start" onClick={() => void regenerate()}>
              {t("thread.retry")}
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-2">
        {notSent && (
          <div role="alert" className="grid gap-1 rounded-2xl border border-danger/40 bg-surface px-4 py-3 text-sm" data-testid="not-sent">
            <p className="font-semibold text-danger">{t("composer.notSent")}</p>
            <p>{notSent.reason}</p>
          </div>
        )}
        <Composer
          draft={draft}
          onDraftChange={setDraft}
          onSend={send}
          onStop={onStop}
          streaming={streaming}
          credits={credits}
          textareaRef={textareaRef}
          attachImage={attachImage}
          currentImage={currentImage}
          onSendChange={sendKeepingDraft}
          editing={editing}
          onStopEditing={() => setEditing(null)}
        />
      </div>
    </div>
  );
}
