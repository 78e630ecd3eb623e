import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { handleFromName, PERSONA_DESCRIPTION_MAX, PERSONA_NAME_MAX, type PersonaDraft } from "../../../contract/personas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field, TextField, Textarea } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { serverErrorMessage } from "../../lib/api.ts";
import { discardPersonaDraft, personasKey, savePersona } from "./api.ts";
import { handleIsValid, HandleInput } from "./handle-input.tsx";
import { RoleBadge } from "./role-badge.tsx";

/**
 * A ready draft: its picture and cut-out, then the name (prefilled with the suggestion), an optional @handle (made
 * from the name when left empty) and the description, with Save and Discard. Either one ends the draft.
 */
export function DraftCard({ draft, onDone }: { draft: PersonaDraft; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation("personas");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState(draft.suggestedName ?? "");
  const [handle, setHandle] = useState("");
  const [description, setDescription] = useState(draft.description ?? "");
  const handleInvalid = !handleIsValid(handle);
  const heading = useRef<HTMLHeadingElement>(null);
  // The card appears below the form (far below on a phone): bring it into view and start the reader at it.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    const still = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    heading.current?.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "center" });
  }, []);
  const derived = handleFromName(name.trim() || draft.suggestedName || "");

  const save = useMutation({
    mutationFn: () =>
      savePersona({ draftId: draft.id, name: name.trim(), description: description.trim(), ...(handle ? { handle } : {}) }),
    onSuccess() {
      toast({ title: t("toast.saved") });
      void queryClient.invalidateQueries({ queryKey: personasKey });
      onDone(true);
    },
    onError(err) {
      toast({ variant: "destructive", title: t("toast.saveFailed"), description: serverErrorMessage(err) ?? t("toast.tryAgain") });
    },
  });

  const discard = useMutation({
    mutationFn: () => discardPersonaDraft(draft.id),
    onSuccess: () => onDone(false),
    onError(err) {
      toast({ variant: "destructive", title: t("toast.discardFailed"), description: serverErrorMessage(err) ?? t("toast.tryAgain") });
    },
  });

  function submit() {
    if (!name.trim()) {
      toast({ variant: "destructive", title: t("toast.nameRequired") });
      return;
    }
    if (handleInvalid) return;
    save.mutate();
  }

  const busy = save.isPending || discard.isPending;
  const urls = draft.urls;
  return (
    <Card as="section" padding="none" aria-labelledby={`draft-${draft.id}-title`} className="overflow-hidden" data-testid="persona-draft">
      <div className="grid grid-cols-2 gap-px border-b border-border bg-border">
        <figure className="grid bg-surface">
          {urls?.image ? (
            <img src={urls.image} alt={t("draft.imageAlt", { name: name || draft.suggestedName || "" })} className="aspect-square size-full object-cover" />
          ) : (
            <div className="checkerboard aspect-square" />
          )}
          <figcaption className="px-3 py-2 text-xs font-medium text-muted">{t("draft.image")}</figcaption>
        </figure>
        <figure className="grid bg-surface">
          <div className="checkerboard grid aspect-square place-items-center">
            {urls && <img src={urls.cutout} alt={t("draft.cutoutAlt", { name: name || draft.suggestedName || "" })} className="size-full object-contain" />}
          </div>
          <figcaption className="px-3 py-2 text-xs font-medium text-muted">{t("draft.cutout")}</figcaption>
        </figure>
      </div>
      <form
        noValidate
        className="grid gap-4 p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-1">
          <div className="flex items-center justify-between gap-2">
            <h2 id={`draft-${draft.id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
              {t("draft.title")}
            </h2>
            <RoleBadge role={draft.role} />
          </div>
          <p className="text-sm text-muted">{t("draft.intro")}</p>
        </div>
        <TextField label={t("fields.name")} value={name} onChange={setName} maxLength={PERSONA_NAME_MAX} disabled={busy} autoComplete="off" />
        <Field
          label={t("fields.handle")}
          hint={handle ? t("fields.handleHint", { handle }) : t("fields.handleAuto", { handle: derived })}
          error={handleInvalid ? t("fields.handleInvalid") : null}
        >
          {(control) => <HandleInput control={control} value={handle} onChange={setHandle} placeholder={derived} disabled={busy} />}
        </Field>
        <Field label={t("fields.description")} hint={t("fields.descriptionHint", { count: PERSONA_DESCRIPTION_MAX - description.length })}>
          {(control) => (
            <Textarea {...control} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={PERSONA_DESCRIPTION_MAX} rows={4} disabled={busy} />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" loading={discard.isPending} disabled={busy} onClick={() => discard.mutate()}>
            {t("draft.discard")}
          </Button>
          <Button type="submit" size="sm" loading={save.isPending} disabled={busy}>
            {t("draft.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
