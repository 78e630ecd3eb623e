import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Conversation, CONVERSATION_TITLE_MAX_LENGTH } from "../../../contract/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogClose } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { Menu, MenuContent, MenuIcon, MenuItem, MenuTrigger } from "../../components/ui/menu.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { relativeTime } from "./relative-time.ts";

export interface ConversationListProps {
  conversations: readonly Conversation[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Opens a new chat on this screen only: the conversation is made by its first message. */
  onNew: () => void;
  onRename: (id: string, title: string) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  /** The clock relative times count from; tests pin it. */
  now?: number;
}

/** Re-renders once a minute so 'Just now' becomes '1 min ago' without a reload. */
function useMinuteClock(fixed: number | undefined): number {
  const [now, setNow] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [fixed]);
  return fixed ?? now;
}

/** The left column of the chat: New chat, then the user's conversations newest first, each with rename and delete. */
export function ConversationList(props: ConversationListProps) {
  const { t, i18n } = useTranslation("chat");
  const now = useMinuteClock(props.now);
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <nav aria-label={t("list.label")} className="grid min-h-0 content-start gap-3" data-testid="conversation-list">
      <Button size="sm" onClick={props.onNew} className="w-full">
        <ChatIcon d={icons.plus} />
        {t("list.new")}
      </Button>
      {props.loading ? (
        <div className="grid gap-2" aria-busy="true" aria-label={t("list.loading")} role="status">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : props.failed ? (
        <div className="grid gap-2 text-sm" role="alert">
          <p className="font-semibold text-danger">{t("list.failed")}</p>
          <Button variant="secondary" size="xs" onClick={props.onRetry} className="justify-self-start">
            {t("list.retry")}
          </Button>
        </div>
      ) : !props.conversations?.length ? (
        <EmptyState icon={<ChatIcon d={icons.chat} className="size-8" />} title={t("list.emptyTitle")} text={t("list.emptyBody")} className="px-4 py-8" />
      ) : (
        <ul className="grid gap-1">
          {props.conversations.map((conversation) => {
            const selected = conversation.id === props.selectedId;
            const title = conversation.title || t("list.untitled");
            return (
              <li key={conversation.id} className={`group flex min-w-0 items-center gap-1 rounded-xl ${selected ? "bg-surface-2" : "hover:bg-surface-2/60"}`} data-testid="conversation">
                <button
                  type="button"
                  onClick={() => props.onSelect(conversation.id)}
                  aria-current={selected ? "page" : undefined}
                  className="grid min-w-0 flex-1 gap-0.5 rounded-xl px-3 py-2 text-left"
                >
                  <span className={`truncate text-sm ${selected ? "font-semibold" : "font-medium"}`}>{title}</span>
                  <span className="text-xs text-muted">
                    <time dateTime={conversation.updatedAt}>{relativeTime(conversation.updatedAt, now, language, t("list.justNow"))}</time>
                  </span>
                </button>
                <Menu>
                  <MenuTrigger asChild>
                    <IconButton label={t("list.actions", { title })} variant="ghost" size="sm" className="mr-1">
                      <ChatIcon d={icons.more} />
                    </IconButton>
                  </MenuTrigger>
                  <MenuContent>
                    <MenuItem icon={<MenuIcon d={icons.rename} />} onSelect={() => setRenaming(conversation)}>
                      {t("list.rename")}
                    </MenuItem>
                    <MenuItem tone="danger" icon={<MenuIcon d={icons.trash} />} onSelect={() => setDeleting(conversation)}>
                      {t("list.delete")}
                    </MenuItem>
                  </MenuContent>
                </Menu>
              </li>
            );
          })}
        </ul>
      )}
      <RenameDialog conversation={renaming} onClose={() => setRenaming(null)} onRename={props.onRename} />
      <DeleteDialog conversation={deleting} onClose={() => setDeleting(null)} onDelete={props.onDelete} />
    </nav>
  );
}

function RenameDialog({ conversation, onClose, onRename }: { conversation: Conversation | null; onClose: () => void; onRename: ConversationListProps["onRename"] }) {
  const { t } = useTranslation("chat");
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTitle(conversation?.title ?? "");
    setError(null);
  }, [conversation]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!conversation) return;
    const trimmed = title.trim();
    if (!trimmed) return setError(t("rename.empty"));
    setBusy(true);
    try {
      await onRename(conversation.id, trimmed);
      onClose();
    } catch {
      setError(t("rename.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={conversation !== null} onOpenChange={(open) => !open && onClose()} title={t("rename.title")}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <TextField label={t("rename.label")} value={title} onChange={(value) => setTitle(value.slice(0, CONVERSATION_TITLE_MAX_LENGTH))} error={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="secondary" size="sm">
              {t("rename.cancel")}
            </Button>
          </DialogClose>
          <Button type="submit" size="sm" loading={busy}>
            {t("rename.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ conversation, onClose, onDelete }: { conversation: Conversation | null; onClose: () => void; onDelete: ConversationListProps["onDelete"] }) {
  const { t } = useTranslation("chat");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [conversation]);

  async function confirm() {
    if (!conversation) return;
    setBusy(true);
    try {
      await onDelete(conversation.id);
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={conversation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("delete.title")}
      description={t("delete.body", { title: conversation?.title || t("list.untitled") })}
    >
      {failed && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {t("delete.failed")}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose>
          <Button variant="secondary" size="sm">
            {t("delete.cancel")}
          </Button>
        </DialogClose>
        <Button variant="danger" size="sm" loading={busy} onClick={() => void confirm()}>
          {t("delete.confirm")}
        </Button>
      </div>
    </Dialog>
  );
}
