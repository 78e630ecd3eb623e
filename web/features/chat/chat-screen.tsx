import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Conversation } from "../../../contract/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { Sheet } from "../../components/ui/sheet.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { createConversation, deleteConversation, fetchMessages, listConversations, messagesKey, renameConversation, conversationsKey } from "./api.ts";
import { ChatSession, type FirstMessage } from "./chat-session.tsx";
import { ConversationList } from "./conversation-list.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { Composer } from "./composer.tsx";
import { useAttachParam } from "./use-attach-param.ts";
import { StarterPrompts } from "./message-list.tsx";
import type { ChatOptions } from "./types.ts";

const CONVERSATION_PARAM = "c";

/** The saved thread of one conversation, then its live session; a failed load offers a retry. */
function ConversationThread({ id, credits, first, onFirstSent }: { id: string; credits: number; first: FirstMessage | null; onFirstSent: () => void }) {
  const { t } = useTranslation("chat");
  const messages = useQuery({ queryKey: messagesKey(id), queryFn: () => fetchMessages(id), staleTime: 0, gcTime: 0 });
  if (messages.isPending)
    return (
      <div className="grid content-start gap-4 p-2" role="status" aria-label={t("thread.loading")}>
        <Skeleton className="h-10 w-2/3 justify-self-end" />
        <Skeleton className="h-24 w-3/4" />
      </div>
    );
  if (messages.isError)
    return (
      <div role="alert" className="grid content-start gap-2 p-4 text-sm">
        <p className="font-semibold text-danger">{t("thread.loadFailed")}</p>
        <Button variant="secondary" size="xs" className="justify-self-start" onClick={() => void messages.refetch()}>
          {t("thread.retry")}
        </Button>
      </div>
    );
  return <ChatSession key={id} conversationId={id} initialMessages={messages.data} credits={credits} first={first} onFirstSent={onFirstSent} />;
}

/** Before any conversation is picked: starters and a composer; the first message creates the conversation. */
function NewThread({ credits, onStart, starting }: { credits: number; onStart: (first: FirstMessage) => void; starting: boolean }) {
  const [draft, setDraft] = useState("");
  const attachImage = useAttachParam();
  const start = (text: string, options: ChatOptions) => onStart({ text, options });
  return (
    <div className="grid h-full min-h-0 grid-rows-[minmax(0,1fr)_auto] gap-3">
      <div className="min-h-0 overflow-y-auto px-1 py-2">
        <StarterPrompts onPick={(prompt) => start(prompt, {})} disabled={starting} />
      </div>
      <Composer draft={draft} onDraftChange={setDraft} onSend={start} onStop={() => {}} streaming={false} credits={credits} attachImage={attachImage} />
    </div>
  );
}

/**
 * /app's chat: conversations on the left (a drawer on phones), the selected thread and its composer on the right.
 * The open conversation lives in the URL (?c=), so a reload comes back to it and resumes a running answer.
 */
export function ChatScreen({ credits }: { credits: number }) {
  const { t } = useTranslation("chat");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(CONVERSATION_PARAM);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [first, setFirst] = useState<{ id: string; message: FirstMessage } | null>(null);

  const list = useInfiniteQuery({
    queryKey: conversationsKey,
    queryFn: ({ pageParam }) => listConversations(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const conversations: Conversation[] | undefined = list.data?.pages.flatMap((page) => page.conversations);

  function select(id: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(CONVERSATION_PARAM, id);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: false },
    );
    setDrawerOpen(false);
  }

  const create = useMutation({
    mutationFn: (message: FirstMessage | null) => createConversation().then((conversation) => ({ conversation, message })),
    onSuccess({ conversation, message }) {
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      if (message) setFirst({ id: conversation.id, message });
      select(conversation.id);
    },
    onError() {
      toast({ variant: "destructive", title: t("list.createFailed") });
    },
  });

  async function rename(id: string, title: string) {
    await renameConversation(id, title);
    await queryClient.invalidateQueries({ queryKey: conversationsKey });
  }

  async function remove(id: string) {
    await deleteConversation(id);
    if (id === selectedId) select(null);
    await queryClient.invalidateQueries({ queryKey: conversationsKey });
  }

  const listView = (
    <div className="grid min-h-0 content-start gap-3">
      <ConversationList
        conversations={conversations}
        loading={list.isPending}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        selectedId={selectedId}
        onSelect={select}
        onNew={() => create.mutate(null)}
        creating={create.isPending && create.variables === null}
        onRename={rename}
        onDelete={remove}
      />
      {list.hasNextPage && (
        <Button variant="ghost" size="xs" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t("list.more")}
        </Button>
      )}
    </div>
  );

  const title = conversations?.find((c) => c.id === selectedId)?.title || t("thread.newTitle");

  return (
    <section aria-label={t("screen.label")} className="grid h-[calc(100dvh-4rem)] min-h-[32rem] grid-cols-1 md:grid-cols-[16rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside className="hidden min-h-0 overflow-y-auto border-r border-border p-3 md:block">{listView}</aside>
      <div className="grid min-h-0 grid-rows-[auto_minmax(0,1fr)] gap-2 p-2 sm:p-4">
        <div className="flex min-w-0 items-center gap-2">
          <div className="md:hidden">
            <Sheet
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              side="left"
              title={t("list.title")}
              closeLabel={t("list.close")}
              trigger={
                <IconButton label={t("list.open")} variant="ghost">
                  <ChatIcon d={icons.menu} />
                </IconButton>
              }
            >
              {listView}
            </Sheet>
          </div>
          <h2 className="min-w-0 truncate text-lg font-bold">{title}</h2>
        </div>
        <div className="mx-auto grid h-full min-h-0 w-full max-w-3xl">
          {selectedId ? (
            <ConversationThread
              key={selectedId}
              id={selectedId}
              credits={credits}
              first={first?.id === selectedId ? first.message : null}
              onFirstSent={() => setFirst(null)}
            />
          ) : (
            <NewThread credits={credits} starting={create.isPending} onStart={(message) => !create.isPending && create.mutate(message)} />
          )}
        </div>
      </div>
    </section>
  );
}
