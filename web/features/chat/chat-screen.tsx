import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Conversation } from "../../../contract/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { Sheet } from "../../components/ui/sheet.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { CONVERSATION_PARAM } from "../../lib/app-links.ts";
import { deleteConversation, fetchBranch, listConversations, messagesKey, renameConversation, conversationsKey } from "./api.ts";
import { ChatSession } from "./chat-session.tsx";
import { newConversationId } from "./conversation-id.ts";
import { ConversationList } from "./conversation-list.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { useAttachParam } from "./use-attach-param.ts";


/** The saved thread of one conversation, then its live session; a failed load offers a retry. */
function ConversationThread({ id, credits }: { id: string; credits: number }) {
  const { t } = useTranslation("chat");
  const messages = useQuery({ queryKey: messagesKey(id), queryFn: () => fetchBranch(id), staleTime: 0, gcTime: 0 });
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
  return <ChatSession conversationId={id} initialMessages={messages.data.messages} initialBranchPoints={messages.data.branchPoints} credits={credits} resume />;
}

/**
 * A new chat: a session under an id made here, with nothing to load or resume. The server makes the conversation
 * with its first message; `onStarted` follows once it has taken that message.
 */
function NewConversation({ id, credits, onStarted }: { id: string; credits: number; onStarted: () => void }) {
  const attachImage = useAttachParam();
  return <ChatSession conversationId={id} initialMessages={[]} credits={credits} resume={false} onAccepted={onStarted} attachImage={attachImage} />;
}

/** The thread on screen: one of the user's conversations, or a new chat that exists only here until its first message. */
interface OpenThread {
  id: string;
  isNew: boolean;
}

const newThread = (): OpenThread => ({ id: newConversationId(), isNew: true });

/**
 * /app's chat: conversations on the left (a drawer on phones), the open thread and its composer on the right.
 * The open conversation is also in the URL (?c=), so a reload comes back to it and resumes a running answer. The
 * screen switches threads at once, without waiting for the URL (whose updates render as a transition): a message
 * typed right after New chat belongs to the new chat.
 */
export function ChatScreen({ credits }: { credits: number }) {
  const { t } = useTranslation("chat");
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(CONVERSATION_PARAM);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [open, setOpen] = useState<OpenThread>(() => (selectedId ? { id: selectedId, isNew: false } : newThread()));
  // For callbacks that outlive their render (a send accepted after the screen moved on).
  const openId = useRef(open.id);
  useEffect(() => {
    openId.current = open.id;
  }, [open.id]);

  // A URL changed from outside the screen (back, forward, a link) opens what it names; one without a conversation
  // leaves the conversation it named for a new chat.
  const [urlSeen, setUrlSeen] = useState(selectedId);
  if (selectedId !== urlSeen) {
    setUrlSeen(selectedId);
    if (selectedId && selectedId !== open.id) setOpen({ id: selectedId, isNew: false });
    else if (!selectedId && urlSeen === open.id) setOpen(newThread());
  }

  const list = useInfiniteQuery({
    queryKey: conversationsKey,
    queryFn: ({ pageParam }) => listConversations(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const conversations: Conversation[] | undefined = list.data?.pages.flatMap((page) => page.conversations);

  function showInUrl(id: string | null, replace: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(CONVERSATION_PARAM, id);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace },
    );
  }

  function select(id: string) {
    setDrawerOpen(false);
    if (id === open.id) return;
    setOpen({ id, isNew: false });
    showInUrl(id, false);
  }

  function startNew() {
    setDrawerOpen(false);
    setOpen(newThread());
    showInUrl(null, false);
  }

  /** The server took a new chat's first message: the conversation exists, so it goes in the URL (if still open) and the list. */
  function started(id: string) {
    if (openId.current === id) showInUrl(id, true);
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  }

  async function rename(id: string, title: string) {
    await renameConversation(id, title);
    await queryClient.invalidateQueries({ queryKey: conversationsKey });
  }

  async function remove(id: string) {
    await deleteConversation(id);
    if (id === openId.current) startNew();
    await queryClient.invalidateQueries({ queryKey: conversationsKey });
  }

  const listView = (
    <div className="grid min-h-0 content-start gap-3">
      <ConversationList
        conversations={conversations}
        loading={list.isPending}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        selectedId={open.id}
        onSelect={select}
        onNew={startNew}
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

  const title = conversations?.find((c) => c.id === open.id)?.title || t("thread.newTitle");

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
          {open.isNew ? (
            <NewConversation key={open.id} id={open.id} credits={credits} onStarted={() => started(open.id)} />
          ) : (
            <ConversationThread key={open.id} id={open.id} credits={credits} />
          )}
        </div>
      </div>
    </section>
  );
}
