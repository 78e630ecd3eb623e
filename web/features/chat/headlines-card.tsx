import { useTranslation } from "react-i18next";
import { formatTimecode } from "../../../contract/videos.ts";
import { SimpleToolCard } from "./tool-card.tsx";
import type { HeadlinesToolPart } from "./types.ts";

/** A videoHeadlines call: what is said around a moment of the user's video, and headlines from it (docs/product/videos.md, In the chat). */
export function HeadlinesToolCard({ part }: { part: HeadlinesToolPart }) {
  const { t } = useTranslation("chat");
  if (part.state !== "output-available") return <SimpleToolCard part={part} pending={t("spoken.listening")}>{null}</SimpleToolCard>;
  return (
    <SimpleToolCard part={part} pending={t("spoken.listening")}>
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
    </SimpleToolCard>
  );
}
