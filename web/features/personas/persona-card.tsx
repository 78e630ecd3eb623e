import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PERSONA_NAME_MAX, type Persona, type PersonaListResponse } from "../../../contract/personas.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Field, TextField } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { serverErrorMessage } from "../../lib/api.ts";
import { deletePersona, personasKey, updatePersona } from "./api.ts";
import { handleIsValid, HandleInput } from "./handle-input.tsx";
import { personaIcons } from "./icons.ts";
import { RoleBadge } from "./role-badge.tsx";

/** Name and handle edited in place; only what changed is sent. */
function RenameForm({ persona, onClose }: { persona: Persona; onClose: () => void }) {
  const { t } = useTranslation("personas");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState(persona.name);
  const [handle, setHandle] = useState(persona.handle);
  const handleInvalid = handle !== "" && !handleIsValid(handle);

  const rename = useMutation({
    mutationFn: () =>
      updatePersona(persona.id, {
        ...(name.trim() !== persona.name ? { name: name.trim() } : {}),
        ...(handle && handle !== persona.handle ? { handle } : {}),
      }),
    onSuccess(updated) {
      queryClient.setQueryData<PersonaListResponse>(personasKey, (list) => list && { personas: list.personas.map((p) => (p.id === updated.id ? updated : p)) });
      void queryClient.invalidateQueries({ queryKey: personasKey });
      toast({ title: t("toast.renamed") });
      onClose();
    },
    onError(err) {
      toast({ variant: "destructive", title: t("toast.renameFailed"), description: serverErrorMessage(err) ?? t("toast.tryAgain") });
    },
  });

  function submit() {
    if (!name.trim()) {
      toast({ variant: "destructive", title: t("toast.nameRequired") });
      return;
    }
    if (handleInvalid || !handle) return;
    if (name.trim() === persona.name && handle === persona.handle) return onClose();
    rename.mutate();
  }

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <TextField label={t("fields.name")} value={name} onChange={setName} maxLength={PERSONA_NAME_MAX} disabled={rename.isPending} autoComplete="off" />
      <Field label={t("fields.handle")} error={handleInvalid || !handle ? t("fields.handleInvalid") : null}>
        {(control) => <HandleInput control={control} value={handle} onChange={setHandle} placeholder={persona.handle} disabled={rename.isPending} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="xs" onClick={onClose} disabled={rename.isPending}>
          {t("list.cancel")}
        </Button>
        <Button type="submit" size="xs" loading={rename.isPending}>
          {t("list.saveChanges")}
        </Button>
      </div>
    </form>
  );
}

/** One saved persona: face, name, @handle (copyable), role and description, with Rename and Delete. */
export function PersonaCard({ persona }: { persona: Persona }) {
  const { t } = useTranslation("personas");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);

  const remove = useMutation({
    mutationFn: () => deletePersona(persona.id),
    onSuccess() {
      queryClient.setQueryData<PersonaListResponse>(personasKey, (list) => list && { personas: list.personas.filter((p) => p.id !== persona.id) });
      void queryClient.invalidateQueries({ queryKey: personasKey });
      setConfirming(false);
      toast({ title: t("toast.deleted") });
    },
    onError(err) {
      setConfirming(false);
      toast({ variant: "destructive", title: t("toast.deleteFailed"), description: serverErrorMessage(err) ?? t("toast.tryAgain") });
    },
  });

  async function copyHandle() {
    try {
      await navigator.clipboard.writeText(`@${persona.handle}`);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast({ variant: "destructive", title: t("list.copyFailed") });
    }
  }

  return (
    <li className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-sm" data-testid="persona-card" data-persona-id={persona.id}>
      <div className="flex min-w-0 gap-4">
        <img
          src={persona.urls.thumb || persona.urls.image || persona.urls.cutout}
          alt=""
          className="checkerboard size-16 shrink-0 rounded-2xl border border-border object-cover sm:size-20"
        />
        <div className="grid min-w-0 flex-1 content-start gap-1">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <h3 className="min-w-0 truncate font-bold">{persona.name}</h3>
            <RoleBadge role={persona.role} />
          </div>
          <div className="flex min-w-0 items-center gap-1">
            <span className="truncate font-mono text-sm text-muted">@{persona.handle}</span>
            <IconButton label={copied ? t("list.copied") : t("list.copy", { handle: persona.handle })} variant="ghost" size="sm" className="size-7!" onClick={() => void copyHandle()}>
              <Icon d={copied ? personaIcons.check : personaIcons.copy} className={`size-4 ${copied ? "text-success" : ""}`} />
            </IconButton>
            <span className="sr-only" role="status">
              {copied ? t("list.copied") : ""}
            </span>
          </div>
          {persona.description && <p className="line-clamp-3 text-sm break-words">{persona.description}</p>}
        </div>
      </div>
      {editing ? (
        <RenameForm persona={persona} onClose={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
          <Button variant="ghost" size="xs" onClick={() => setEditing(true)} aria-label={t("list.renameLabel", { name: persona.name })}>
            <Icon d={personaIcons.rename} className="size-4" />
            {t("list.rename")}
          </Button>
          <Button variant="ghost" size="xs" className="text-danger hover:text-danger" onClick={() => setConfirming(true)} aria-label={t("list.deleteLabel", { name: persona.name })}>
            <Icon d={personaIcons.trash} className="size-4" />
            {t("list.delete")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={t("delete.title", { name: persona.name })}
        description={t("delete.description", { handle: persona.handle })}
        confirmLabel={t("delete.confirm")}
        cancelLabel={t("list.cancel")}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
