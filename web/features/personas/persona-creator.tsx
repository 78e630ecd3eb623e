import { useMutation } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { ImageRecord } from "../../../contract/images.ts";
import type { PersonaDraft, PersonaRole } from "../../../contract/personas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { idempotencyMessageKey, serverErrorMessage } from "../../lib/api.ts";
import { DRAFT_PARAM } from "../../lib/app-links.ts";
import { generatePersona, getPersonaDraft, uploadPersonaPhoto } from "./api.ts";
import { DraftCard } from "./draft-card.tsx";
import { draftErrorMessage } from "./draft-error-message.ts";
import { personaIcons } from "./icons.ts";
import { PhotoPicker } from "./photo-picker.tsx";
import { RolePicker } from "./role-picker.tsx";
import { usePersonaDraft } from "./use-persona-draft.ts";
import { usePersonaPhotos } from "./use-persona-photos.ts";

/** Pasting an image anywhere on the screen adds it, except into a text field (where text is pasted). */
function usePasteImages(onFiles: (files: File[]) => void) {
  const latest = useRef(onFiles);
  useLayoutEffect(() => {
    latest.current = onFiles;
  });
  useEffect(() => {
    const listener = (event: ClipboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.closest("input, textarea, [contenteditable]")) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      latest.current(files);
    };
    document.addEventListener("paste", listener);
    return () => document.removeEventListener("paste", listener);
  }, []);
}

/**
 * A draft started elsewhere (a video's frame, docs/product/videos.md) arrives as `?draft=<id>`: it is read once and
 * followed here like one started on this screen; the parameter is then dropped so a reload does not bring it back.
 */
function useDraftParam(follow: (draft: PersonaDraft) => void) {
  const [params, setParams] = useSearchParams();
  const draftId = params.get(DRAFT_PARAM);
  const latest = useRef(follow);
  useLayoutEffect(() => {
    latest.current = follow;
  });
  useEffect(() => {
    if (!draftId) return;
    // Not cancelled when the parameter is dropped just below: that drop is this effect's own doing.
    getPersonaDraft(draftId).then(
      (draft) => latest.current(draft),
      () => {
        // Gone or not this user's: the screen simply starts empty.
      },
    );
    setParams((next) => {
      next.delete(DRAFT_PARAM);
      return next;
    }, { replace: true });
  }, [draftId, setParams]);
}

/**
 * Making a persona: photos, a role, Generate; the draft is followed until it is ready (its card to name and save)
 * or failed (a toast with the reason). The photos stay after a failure or a discard, so another try is one click.
 */
export function PersonaCreator({ upload = uploadPersonaPhoto }: { /** Tests hand in a fake. */ upload?: (file: File) => Promise<ImageRecord> }) {
  const { t } = useTranslation("personas");
  const { toast } = useToast();
  const photos = usePersonaPhotos(upload);
  const [role, setRole] = useState<PersonaRole>("artist");
  const [started, setStarted] = useState<PersonaDraft | null>(null);
  const draft = usePersonaDraft(started);
  const announced = useRef<string | null>(null);
  useDraftParam(setStarted);

  const generate = useMutation({
    mutationFn: generatePersona,
    onSuccess: (next) => setStarted(next),
    onError(err) {
      const idempotency = idempotencyMessageKey(err);
      toast({ variant: "destructive", title: t("toast.generateFailed"), description: idempotency ? t(idempotency) : (serverErrorMessage(err) ?? t("toast.tryAgain")) });
    },
  });

  // Each draft's outcome is told once, whichever of the socket and the poll brought it.
  useEffect(() => {
    if (!draft || announced.current === draft.id) return;
    if (draft.status === "ready") {
      announced.current = draft.id;
      toast({ title: t("toast.generated") });
    } else if (draft.status === "failed") {
      announced.current = draft.id;
      toast({ variant: "destructive", title: t("toast.generateFailed"), description: draftErrorMessage(t, draft) });
      setStarted(null);
    }
  }, [draft, t, toast]);

  usePasteImages(photos.add);

  const working = generate.isPending || draft?.status === "pending" || draft?.status === "running";
  const ready = draft?.status === "ready" ? draft : undefined;

  function onGenerate() {
    if (photos.readyIds.length === 0) {
      toast({ variant: "destructive", title: t("toast.noImage") });
      return;
    }
    generate.mutate({ photoIds: photos.readyIds, role });
  }

  return (
    <div className="grid content-start gap-6">
      <Card as="section" padding="none" aria-labelledby="persona-create-title" className="grid gap-5 p-4 sm:p-6" data-testid="persona-creator">
        <div className="grid gap-1">
          <h2 id="persona-create-title" className="text-lg font-bold">
            {t("create.title")}
          </h2>
          <p className="text-sm text-muted">{t("create.intro")}</p>
        </div>
        <PhotoPicker photos={photos.photos} onAdd={photos.add} onRemove={photos.remove} disabled={working || ready !== undefined} />
        <RolePicker value={role} onChange={setRole} disabled={working || ready !== undefined} />
        <Button size="md" onClick={onGenerate} disabled={working || photos.uploading || ready !== undefined} aria-busy={working || undefined} className="w-full">
          {working ? (
            <span aria-hidden="true" data-testid="button-spinner" className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent opacity-80" />
          ) : (
            <Icon d={personaIcons.sparkles} className="size-5" />
          )}
          {working ? t("create.generating") : t("create.generate")}
        </Button>
        {/* Always in the page, so screen readers hear it when it fills in. */}
        <p role="status" className={working ? "-mt-2 text-center text-sm text-muted" : "sr-only"}>
          {working ? t("create.workingHint") : ""}
        </p>
      </Card>
      {ready && (
        <DraftCard
          key={ready.id}
          draft={ready}
          onDone={(saved) => {
            setStarted(null);
            if (saved) photos.clear();
          }}
        />
      )}
    </div>
  );
}
