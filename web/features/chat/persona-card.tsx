import { useTranslation } from "react-i18next";
import { SimpleToolCard } from "./tool-card.tsx";
import type { PersonaMadeToolPart } from "./types.ts";

/** A personaFromFrame call: the persona cut out of a frame, with the @handle to use next (docs/product/videos.md, In the chat). */
export function PersonaMadeToolCard({ part }: { part: PersonaMadeToolPart }) {
  const { t } = useTranslation("chat");
  if (part.state !== "output-available") return <SimpleToolCard part={part} pending={t("personaMade.making")}>{null}</SimpleToolCard>;
  const { persona } = part.output;
  return (
    <SimpleToolCard part={part} pending={t("personaMade.making")}>
      <div className="flex min-w-0 items-center gap-3">
        <img src={persona.urls.cutout} alt={persona.name} width={96} height={96} className="checkerboard size-24 shrink-0 rounded-xl border border-border object-contain" />
        <div className="grid min-w-0 gap-1">
          <p className="truncate font-semibold">
            @{persona.handle} <span className="font-normal text-muted">{persona.name}</span>
          </p>
          <p className="text-sm">{t("personaMade.useNext", { handle: persona.handle })}</p>
          <p className="text-xs text-muted">{t("personaMade.free")}</p>
        </div>
      </div>
    </SimpleToolCard>
  );
}
