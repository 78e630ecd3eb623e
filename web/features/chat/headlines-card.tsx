import { useTranslation } from "react-i18next";
import { formatTimecode } from "../../../contract/videos.ts";
import { Card } from "../../components/ui/card.tsx";
import { Spinner, ToolFailed } from "./tool-card.tsx";
import type { HeadlinesToolPart } from "./types.ts";

/** A videoHeadlines call: what is said around a moment of the user's video, and headlines from it (docs/product/videos.md, In the chat). */
export function HeadlinesToolCard({ part }: { part: HeadlinesToolPart }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-2 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-2">
        {(part.state === "input-streaming" || part.state === "input-available") && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t("spoken.listening")}
          </p>
        )}
        {part.state === "output-available" && (
          <>
            <p className="font-semibold">{t(part.output.transcript === "" ? "spoken.nothing" : "spoken.said", { time: formatTimecode(part.output.timeMs) })}</p>
            {part.output.transcript !== "" && <blockquote className="border-l-2 border-primary/40 pl-3 text-sm break-words">{part.output.transcript}</blockquote>}
            {part.output.headlines.length > 0 && (
              <>
                <p className="text-sm font-semibold">{t("spoken.headlines")}</p>
                <ul className="grid list-disc gap-1 pl-5 text-sm" data-testid="spoken-headlines">
                  {part.output.headlines.map((headline) => (
                    <li key={headline} className="break-words">
                      {headline}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="text-xs text-muted">{t("spoken.free")}</p>
          </>
        )}
        {part.state === "output-error" && <ToolFailed />}
      </div>
    </Card>
  );
}
