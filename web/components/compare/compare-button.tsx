import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Comparison } from "../../../contract/comparisons.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { errorCodeOf } from "../../lib/api.ts";
import { compareImage } from "../../lib/comparisons-api.ts";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { comparableModels, fetchModels, MIN_COMPARED_MODELS, MODELS_KEY } from "../../lib/models-api.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Icon } from "../ui/icon.tsx";

const compareIcon = "M12 3v18M4 5h5v14H4zM15 5h5v14h-5";

/**
 * Compare on an image (the gallery's viewer): asks first, with every model it will try and what the set costs (charged
 * at once, each failure refunded), then starts the comparison and hands it to `onStarted`.
 */
export function CompareButton({ image, onStarted }: { image: ImageRecord; onStarted: (comparison: Comparison) => void }) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  const offered = comparableModels(models.data);
  const cost = offered.reduce((sum, model) => sum + model.creditCost, 0);
  if (image.status !== "ready" || !image.prompt || offered.length < MIN_COMPARED_MODELS) return null;

  async function start() {
    setBusy(true);
    setFailure(null);
    try {
      // The set priced above, and no other, is what may be charged.
      const comparison = await compareImage(
        image.id,
        offered.map((model) => model.id),
      );
      setOpen(false);
      onStarted(comparison);
    } catch (error) {
      const code = errorCodeOf(error);
      setFailure(generationErrorMessage(t, code));
      // The models on offer changed: the dialog shows the new set and its price before another try.
      if (code === "conflict:comparison_models_changed") void queryClient.invalidateQueries({ queryKey: MODELS_KEY });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size="xs"
        onClick={() => {
          setFailure(null);
          setOpen(true);
          // Priced from the list as it is now, not as it was when the page loaded.
          void queryClient.invalidateQueries({ queryKey: MODELS_KEY });
        }}
        data-testid="compare-image"
      >
        <Icon d={compareIcon} className="size-4" />
        {t("compare.start")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("compare.confirmTitle", { count: offered.length })}
        description={
          <>
            {t("compare.confirmBody", { models: offered.map((model) => model.label).join(", "), cost })}
            {failure && (
              <span role="alert" className="mt-2 block font-semibold text-danger">
                {failure}
              </span>
            )}
          </>
        }
        confirmLabel={t("compare.confirm", { cost })}
        cancelLabel={t("compare.cancel")}
        busy={busy}
        confirmVariant="primary"
        onConfirm={() => void start()}
      />
    </>
  );
}
