import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BranchPoint } from "../../../contract/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { icons } from "./icons.tsx";


/**
 * What the thread's messages can do about their branches (docs/product/chat.md, Editing and regenerating): edit a
 * user message, regenerate an answer, step between a message's versions. `busy` while an answer streams.
 */
export interface BranchActions {
  points: ReadonlyMap<string, BranchPoint>;
  busy: boolean;
  onSwitch(messageId: string): void;
  onEdit(messageId: string, text: string): void;
  onRegenerate(messageId: string): void;
}

/** "‹ 2/3 ›": the versions of one message, oldest first; each arrow shows the branch of the one beside. */
function BranchSwitcher({ point, busy, onSwitch }: { point: BranchPoint; busy: boolean; onSwitch(messageId: string): void }) {
  const { t } = useTranslation("chat");
  const count = point.siblingIds.length;
  const go = (offset: number) => {
    const id = point.siblingIds[point.index + offset];
    if (id !== undefined) onSwitch(id);
  };
  return (
    <div className="flex items-center text-sm text-muted" role="group" aria-label={t("branches.versions")} data-testid="branch-switcher">
      <IconButton label={t("branches.previous")} variant="ghost" disabled={busy || point.index === 0} onClick={() => go(-1)}>
        <Icon d={icons.previous} className="size-4" />
      </IconButton>
      <span className="min-w-9 text-center tabular-nums" aria-live="polite" aria-label={t("branches.position", { index: point.index + 1, count })}>
        {point.index + 1}/{count}
      </span>
      <IconButton label={t("branches.next")} variant="ghost" disabled={busy || point.index === count - 1} onClick={() => go(1)}>
        <Icon d={icons.next} className="size-4" />
      </IconButton>
    </div>
  );
}

/** Under a user message: its versions and the pencil that opens it for editing. */
export function UserMessageTools({ messageId, actions, focusEdit, onEditStart }: { messageId: string; actions: BranchActions; focusEdit: boolean; onEditStart(): void }) {
  const { t } = useTranslation("chat");
  const point = actions.points.get(messageId);
  const edit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) edit.current?.focus();
  }, [focusEdit]);
  return (
    <div className="-mr-2 flex items-center gap-1">
      {point && <BranchSwitcher point={point} busy={actions.busy} onSwitch={actions.onSwitch} />}
      <IconButton ref={edit} label={t("branches.edit")} variant="ghost" disabled={actions.busy} onClick={onEditStart}>
        <Icon d={icons.rename} className="size-4" />
      </IconButton>
    </div>
  );
}

/** Under an answer: its versions and Regenerate. */
export function AnswerTools({ messageId, actions }: { messageId: string; actions: BranchActions }) {
  const { t } = useTranslation("chat");
  const point = actions.points.get(messageId);
  // Pulled up to the answer and in to its left edge: the buttons' padding would leave them floating.
  return (
    <div className="-mt-2 -ml-2 flex items-center gap-1">
      {point && <BranchSwitcher point={point} busy={actions.busy} onSwitch={actions.onSwitch} />}
      <IconButton label={t("branches.regenerate")} variant="ghost" disabled={actions.busy} onClick={() => actions.onRegenerate(messageId)}>
        <Icon d={icons.regenerate} className="size-4" />
      </IconButton>
    </div>
  );
}

/** A user message opened for editing, in place: Save & send forks the thread there; Cancel (or Escape) leaves it. */
export function EditMessageForm({ text, busy, onSave, onCancel }: { text: string; busy: boolean; onSave(text: string): void; onCancel(): void }) {
  const { t } = useTranslation("chat");
  const [draft, setDraft] = useState(text);
  const id = useId();
  const empty = draft.trim() === "";
  return (
    <form
      className="grid w-full max-w-[85%] gap-2 justify-self-end rounded-3xl rounded-br-lg border border-border bg-surface p-3 sm:max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty && !busy) onSave(draft.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
      data-testid="edit-message"
    >
      <label htmlFor={id} className="sr-only">
        {t("branches.editLabel")}
      </label>
      <textarea
        id={id}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={3}
        autoFocus
        className="w-full resize-y rounded-2xl border border-border bg-bg px-3 py-2 text-fg focus:border-primary focus:outline-none"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="xs" onClick={onCancel}>
          {t("branches.cancel")}
        </Button>
        <Button type="submit" size="xs" disabled={empty || busy}>
          {t("branches.save")}
        </Button>
      </div>
    </form>
  );
}
