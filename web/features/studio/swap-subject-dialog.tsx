import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { imageResponseSchema } from "../../../contract/images.ts";
import { REPLACE_SUBJECT_PATH } from "../../../contract/personas.ts";
import { PersonaPickList } from "../../components/studio/persona-pick-list.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Dialog, DialogClose } from "../../components/ui/dialog.tsx";
import { iconButtonClass } from "../../components/ui/icon-button.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { actionRequest, idempotencyMessageKey, serverErrorMessage } from "../../lib/api.ts";
import { receiveImage } from "../../lib/image-lists.ts";
import { usePersonas } from "../../lib/personas-api.ts";

async function replaceSubject(baseImageId: string, personaId: string): Promise<ImageRecord> {
  const res = await actionRequest("POST", REPLACE_SUBJECT_PATH, { baseImageId, personaId });
  return imageResponseSchema.parse(await res.json()).image;
}

/**
 * "Swap in a persona" on a finished image: pick one of the user's personas and it takes the place of the image's
 * subject, as a new image that appears beside it (its progress arrives like any generation's).
 */
export function SwapSubjectDialog({ image, label }: { image: ImageRecord; label: string }) {
  const { t } = useTranslation("app");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const personas = usePersonas();
  const [open, setOpen] = useState(false);
  const swap = useMutation({
    mutationFn: (personaId: string) => replaceSubject(image.id, personaId),
    onSuccess: (queued) => {
      receiveImage(queryClient, queued);
      toast({ title: t("swap.started") });
      setOpen(false);
    },
    onError: (err) => {
      const idempotency = idempotencyMessageKey(err);
      toast({ variant: "destructive", title: t("swap.failed"), description: idempotency ? t(idempotency) : (serverErrorMessage(err) ?? t("swap.tryAgain")) });
    },
  });
  const list = personas.data?.personas ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("swap.title")}
      description={t("swap.description")}
      trigger={
        <button type="button" className={iconButtonClass()} data-testid="swap-subject">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M16 3h5v5M21 3l-7 7M8 21H3v-5M3 21l7-7" />
          </svg>
          <span className="sr-only">
            {t("swap.open")}: {label}
          </span>
        </button>
      }
    >
      {personas.isPending ? (
        <p className="text-sm text-muted">{t("swap.loading")}</p>
      ) : list.length === 0 ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted">{t("swap.none")}</p>
          <Link to={clientRoutes.personas} className={buttonClass({ size: "md" })}>
            {t("swap.create")}
          </Link>
        </div>
      ) : (
        <PersonaPickList personas={list} label={t("swap.listLabel")} disabled={swap.isPending} onPick={(id) => swap.mutate(id)} />
      )}
      <DialogClose>
        <Button variant="secondary">{t("swap.cancel")}</Button>
      </DialogClose>
    </Dialog>
  );
}
