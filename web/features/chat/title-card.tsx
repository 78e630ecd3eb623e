import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { Spinner, ToolFailed } from "./tool-card.tsx";
import type { TitleToolPart } from "./types.ts";

/** A setTitle call: the video's title saved beside the image, free, or refused for its length (docs/product/chat.md, Video title). */
export function TitleToolCard({ part }: { part: TitleToolPart }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-2 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-1">
        {(part.state === "input-streaming" || part.state === "input-available") && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t("title.saving")}
          </p>
        )}
        {part.state === "output-available" && part.output.outcome === "set" && (
          <>
            <p className="flex items-center gap-2 font-semibold text-success" data-testid="title-outcome">
              <ChatIcon d={icons.check} className="size-5" />
              {t("title.set")}
            </p>
            <p className="break-words" data-testid="title-text">
              {part.output.title}
            </p>
            <p className="text-xs text-muted">{t("title.free")}</p>
          </>
        )}
        {part.state === "output-available" && part.output.outcome === "too-long" && (
          <>
            <p className="flex items-center gap-2 font-semibold" data-testid="title-outcome">
              <ChatIcon d={icons.warning} className="size-5" />
              {t("title.tooLong")}
            </p>
            <p className="text-sm text-muted">{t("title.tooLongHint", { length: part.output.length, max: part.output.max })}</p>
          </>
        )}
        {part.state === "output-error" && <ToolFailed />}
      </div>
    </Card>
  );
}
