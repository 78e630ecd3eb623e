import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { Spinner, ToolFailed } from "./tool-card.tsx";
import type { PersonaMadeToolPart } from "./types.ts";

/** A personaFromFrame call: the persona cut out of a frame, with the @handle to use next (docs/product/videos.md, In the chat). */
export function PersonaMadeToolCard({ part }: { part: PersonaMadeToolPart }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-2 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-2">
        {(part.state === "input-streaming" || part.state === "input-available") && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t("personaMade.making")}
          </p>
        )}
        {part.state === "output-available" && (
          <div className="flex min-w-0 items-center gap-3">
            <img src={part.output.persona.urls.cutout} alt={part.output.persona.name} width={96} height={96} className="checkerboard size-24 shrink-0 rounded-xl border border-border object-contain" />
            <div className="grid min-w-0 gap-1">
              <p className="truncate font-semibold">
                @{part.output.persona.handle} <span className="font-normal text-muted">{part.output.persona.name}</span>
              </p>
              <p className="text-sm">{t("personaMade.useNext", { handle: part.output.persona.handle })}</p>
              <p className="text-xs text-muted">{t("personaMade.free")}</p>
            </div>
          </div>
        )}
        {part.state === "output-error" && <ToolFailed />}
      </div>
    </Card>
  );
}
