import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { Button } from "../../components/ui/button.tsx";
import { TOAST_DURATION } from "../../components/ui/toast-store.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { errorCodeOf } from "../../lib/api.ts";
import { forgetImage } from "../../lib/image-lists.ts";
import { deleteImage } from "./api.ts";

/** The undo window: as long as the toast that offers it is shown. */
export const UNDO_MS = TOAST_DURATION;

/**
 * Delete with undo. The tile is hidden at once and a toast offers Undo; only when the window closes is the DELETE
 * sent (docs/product/images.md, Gallery). Undo therefore never needs the server, and a tab closed inside the window
 * keeps the image: a deletion is lost before an image is. Leaving the gallery sends the pending deletions.
 */
export function useUndoDelete(remove: (imageId: string) => Promise<void> = deleteImage) {
  const { t } = useTranslation("gallery");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const unhide = useCallback((id: string) => {
    setHidden((set) => {
      const next = new Set(set);
      next.delete(id);
      return next;
    });
  }, []);

  const commit = useCallback(
    (id: string) => {
      timers.current.delete(id);
      remove(id).then(
        () => {
          forgetImage(queryClient, id);
          unhide(id);
        },
        (err: unknown) => {
          unhide(id);
          const busy = errorCodeOf(err) === "conflict:image_busy";
          // Already gone (another tab deleted it): what the user wanted happened.
          if (errorCodeOf(err) === "not_found:image") {
            forgetImage(queryClient, id);
            return;
          }
          toast({ variant: "destructive", title: busy ? t("delete.busy") : t("delete.failed") });
        },
      );
    },
    [remove, queryClient, unhide, toast, t],
  );

  const request = useCallback(
    (image: ImageRecord) => {
      if (timers.current.has(image.id)) return;
      setHidden((set) => new Set(set).add(image.id));
      timers.current.set(
        image.id,
        setTimeout(() => commit(image.id), UNDO_MS),
      );
      const handle = toast({
        title: t("delete.done"),
        description: image.prompt ?? undefined,
        action: (
          <Button
            variant="secondary"
            size="xs"
            className="mr-2 self-center"
            data-testid="undo-delete"
            onClick={() => {
              clearTimeout(timers.current.get(image.id));
              timers.current.delete(image.id);
              unhide(image.id);
              handle.dismiss();
            }}
          >
            {t("delete.undo")}
          </Button>
        ),
      });
    },
    [commit, toast, t, unhide],
  );

  // Leaving the screen ends every undo window now: the deletions asked for are sent.
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });
  useEffect(
    () => () => {
      for (const [id, timer] of timers.current) {
        clearTimeout(timer);
        commitRef.current(id);
      }
    },
    [],
  );

  return { hidden, request };
}
