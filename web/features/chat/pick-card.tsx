import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import { Spinner, ToolFailed } from "./tool-card.tsx";
import type { PickToolPart } from "./types.ts";

/** What a finished pick says at the top of its card: the version now current, or why nothing moved. */
function PickOutcome({ output }: { output: Extract<PickToolPart, { state: "output-available" }>["output"] }) {
  const { t } = useTranslation("chat");
  const place = output.version ? { number: output.version.number, of: output.version.of } : undefined;
  if (output.outcome === "nothing-to-undo" || output.outcome === "nothing-to-redo") {
    const undo = output.outcome === "nothing-to-undo";
    return (
      <div className="grid gap-1" data-testid="pick-nothing">
        <p className="flex items-center gap-2 font-semibold">
          <ChatIcon d={icons.warning} className="size-5" />
          {t(undo ? "pick.nothingToUndo" : "pick.nothingToRedo")}
        </p>
        <p className="text-sm text-muted">{t(undo ? "pick.nothingToUndoHint" : "pick.nothingToRedoHint")}</p>
      </div>
    );
  }
  const already = output.outcome === "already-current";
  const headline = place ? t(already ? "pick.already" : "pick.picked", place) : t(already ? "pick.alreadyImage" : "pick.pickedImage");
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-2 font-semibold text-success" data-testid="pick-outcome">
        <ChatIcon d={icons.check} className="size-5" />
        {headline}
      </p>
      <p className="text-sm text-muted">{t("pick.nextEdit")}</p>
    </div>
  );
}

/** A pickImage call: an existing version made current again, free (docs/product/chat.md, Versions). */
export function PickToolCard({ part, actions }: { part: PickToolPart; actions: ImageActions }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-4 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-2">
        {(part.state === "input-streaming" || part.state === "input-available") && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t("pick.finding")}
          </p>
        )}
        {part.state === "output-available" && <PickOutcome output={part.output} />}
        {part.state === "output-error" && <ToolFailed />}
      </div>
      {part.state === "output-available" && part.output.images.length > 0 && (
        <>
          {part.output.images.map((image) => (
            <ImageResult key={image.id} initial={image} actions={actions} />
          ))}
          <p className="text-xs text-muted" data-testid="tool-credits">
            {t("pick.free", { left: part.output.creditsLeft })}
          </p>
        </>
      )}
    </Card>
  );
}
